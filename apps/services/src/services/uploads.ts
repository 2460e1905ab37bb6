/**
 * The upload of a document to its signed URL (openapi/uploads.yaml `uploadDocument`): the grant
 * (signature, expiry, declared type and size), the document's state, the body streamed, sniffed
 * and sealed into a temporary file, the document claimed in one conditional statement, then the
 * file handed to the store (the claim undone when the store fails).
 */
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import type { Queryable } from "../db/database.js";
import type { Clock } from "../lib/clock.js";
import type { DocumentKeyring } from "../lib/document-keys.js";
import { badRequest, HttpError } from "../lib/errors.js";
import { claimUpload, releaseUpload, uploadTarget } from "../repositories/documents.js";
import type { FileStorage } from "./storage.js";
import { sniffType, UPLOAD_RULES, type UploadSigner } from "./upload-signer.js";

const SAME_FAMILY: Record<string, string> = { "image/x-ms-bmp": "image/bmp" };
const mediaType = (header: string | undefined) => {
  const t = (header ?? "").split(";")[0]!.trim().toLowerCase();
  return SAME_FAMILY[t] ?? t;
};

/** 413 for a body over the limit (the connection is closed). */
export const tooLarge = () =>
  new HttpError(413, `The file exceeds ${UPLOAD_RULES.maxBytes} bytes`, {
    code: "upload.tooLarge",
    headers: { connection: "close" },
  });

/**
 * Streams the body to a temporary file (0600), sealed as it arrives (AES-256-GCM with the
 * keyring's current key: header, ciphertext, tag), counting plaintext bytes: past `max` it stops
 * reading and answers 413, so an oversized body is never held whole and no plaintext reaches the
 * disk. The first bytes are sniffed before anything is written.
 */
async function receive(
  stream: Readable,
  file: string,
  max: number,
  declared: string,
  keyring: DocumentKeyring,
): Promise<number> {
  let size = 0;
  let head = Buffer.alloc(0);
  let sniffed = false;
  const { header, cipher } = keyring.seal();
  const out = createWriteStream(file, { flags: "wx", mode: 0o600 });
  const done = new Promise<void>((resolve, reject) => {
    out.on("finish", resolve);
    out.on("error", reject);
  });
  // After a refusal the destroyed stream may still report a late write error: nobody waits then.
  done.catch(() => undefined);
  const write = async (bytes: Buffer) => {
    if (!out.write(bytes)) await new Promise<void>((r) => out.once("drain", () => r()));
  };
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > max) throw tooLarge();
      if (!sniffed) {
        head = Buffer.concat([head, chunk]);
        if (head.length < 8) continue;
        checkMagic(head, declared);
        sniffed = true;
        await write(Buffer.concat([header, cipher.update(head)]));
        continue;
      }
      await write(cipher.update(chunk));
    }
    if (!sniffed) {
      if (head.length === 0)
        throw badRequest("body", "validation.upload.empty", "The file is empty");
      checkMagic(head, declared);
      await write(Buffer.concat([header, cipher.update(head)]));
    }
    out.end(Buffer.concat([cipher.final(), cipher.getAuthTag()]));
    await done;
    return size;
  } catch (error) {
    out.destroy();
    // The unread rest of the body is discarded by Node once the answer (Connection: close) is sent.
    await rm(file, { force: true });
    throw error;
  }
}

function checkMagic(head: Buffer, declared: string): void {
  const actual = sniffType(head);
  if (!actual)
    throw new HttpError(415, "The file is not a PNG, BMP, JPEG or PDF", {
      code: "upload.type.unsupported",
      headers: { connection: "close" },
    });
  if (actual !== declared)
    throw new HttpError(415, `The file's content is ${actual}, not ${declared}`, {
      code: "upload.type.mismatch",
      headers: { connection: "close" },
    });
}

/** What an upload needs. */
export interface UploadDeps {
  db: Queryable;
  clock: Clock;
  signer: UploadSigner;
  storage: FileStorage;
  uploadTempDir: string;
  documentKeys: DocumentKeyring;
}

/** The request of an upload, as the route received it (contract checks passed). */
export interface UploadRequest {
  documentId: string;
  query: Record<string, unknown>;
  headers: { "content-length"?: string; "content-type"?: string };
  body: Readable;
}

/** Receives a document's file; answers the uploadDocument response. */
export async function acceptUpload(deps: UploadDeps, request: UploadRequest) {
  const { db, clock, signer, storage, uploadTempDir, documentKeys } = deps;
  const { documentId } = request;
  const grant = signer.check(documentId, request.query);
  if (grant === "tampered")
    throw new HttpError(403, "The upload URL is invalid", {
      code: "upload.signature.invalid",
      headers: { connection: "close" },
    });
  if (grant === "expired")
    throw new HttpError(403, "The upload URL has expired", {
      code: "upload.signature.expired",
      headers: { connection: "close" },
    });
  const max = Math.min(grant.max, UPLOAD_RULES.maxBytes);
  const length = Number(request.headers["content-length"] ?? 0);
  if (length > max) throw tooLarge();
  if (mediaType(request.headers["content-type"]) !== grant.type) {
    throw new HttpError(415, "Content-Type differs from the signed type", {
      code: "upload.type.mismatch",
      headers: { connection: "close" },
    });
  }
  const doc = await uploadTarget(db, documentId);
  if (!doc || doc.status === "deleted")
    throw new HttpError(403, "The upload URL is invalid", {
      code: "upload.signature.invalid",
    });
  if (doc.status !== "pending")
    throw new HttpError(409, "A file was already uploaded to this URL", {
      code: "upload.exists",
      headers: { connection: "close" },
    });

  await mkdir(uploadTempDir, { recursive: true, mode: 0o700 });
  const key = randomBytes(24).toString("hex");
  const temp = join(uploadTempDir, `${key}.part`);
  const size = await receive(request.body, temp, max, grant.type, documentKeys);
  // Claim the document atomically: a concurrent second PUT loses here.
  const claimed = await claimUpload(db, {
    id: documentId,
    storageKey: key,
    size,
    at: clock.now(),
    keyId: documentKeys.current.id,
  });
  if (!claimed) {
    await rm(temp, { force: true });
    throw new HttpError(409, "A file was already uploaded to this URL", {
      code: "upload.exists",
    });
  }
  try {
    await storage.put(key, temp, grant.type);
  } catch (error) {
    await releaseUpload(db, documentId);
    throw error;
  }
  return { documentId, extension: doc.extension, size, contentType: grant.type };
}
