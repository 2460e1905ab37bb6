import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import type { OperationTable } from "../openapi/register.js";
import { describeAjvError } from "../openapi/ajv.js";
import { rateLimited } from "../plugins/security.js";
import { badRequest, HttpError } from "../lib/errors.js";
import type { DocumentKeyring } from "../lib/document-keys.js";
import { sniffType, UPLOAD_RULES } from "../services/upload-signer.js";

const SAME_FAMILY: Record<string, string> = { "image/x-ms-bmp": "image/bmp" };
const mediaType = (header: string | undefined) => {
  const t = (header ?? "").split(";")[0]!.trim().toLowerCase();
  return SAME_FAMILY[t] ?? t;
};

const tooLarge = () =>
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

/** The uploads target: PUT of a file to an HMAC-signed URL. */
export function uploadsOperations(app: FastifyInstance): OperationTable {
  const { signer, storage, uploadTempDir, documentKeys } = app.services;
  // The body is handed over unread, whatever its type; the handler checks and streams it.
  app.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
  for (const type of ["application/json", "text/plain"]) {
    app.removeContentTypeParser(type);
    app.addContentTypeParser(type, (_request, payload, done) => done(null, payload));
  }
  return {
    uploadDocument: {
      options: {
        // The declared length is checked in the handler, against the signed maximum.
        config: {
          ...rateLimited(2),
          bodyTimeoutMs: app.env.timeouts.uploadBodyMs,
          ownBodyLimit: true,
        },
        attachValidation: true,
        bodyLimit: UPLOAD_RULES.maxBytes,
      },
      async handler(request, reply) {
        const { documentId } = request.params as { documentId: string };
        if (request.validationError) {
          const validation = (request.validationError as { validation?: never[] }).validation ?? [];
          const described = describeAjvError(
            validation[0],
            (request.validationError as { validationContext?: string }).validationContext ??
              "querystring",
          );
          if (
            described.field === "content-length" &&
            Number(request.headers["content-length"]) > UPLOAD_RULES.maxBytes
          )
            throw tooLarge();
          if (["expires", "type", "max", "sig"].includes(described.field)) {
            throw new HttpError(403, "The upload URL is invalid", {
              code: "upload.signature.invalid",
            });
          }
          throw badRequest(described.field, described.code, described.message);
        }
        const grant = signer.check(documentId, request.query as Record<string, unknown>);
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
        const { rows } = await app.db.query<{ status: string; extension: string; lead_id: string }>(
          "select status, extension, lead_id from documents where id = $1",
          [documentId],
        );
        const doc = rows[0];
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
        const size = await receive(request.body as Readable, temp, max, grant.type, documentKeys);
        // Claim the document atomically: a concurrent second PUT loses here.
        const claimed = await app.db.query<{ id: string }>(
          "update documents set status = 'uploaded', storage_key = $2, size_bytes = $3, uploaded_at = $4, key_id = $5 where id = $1 and status = 'pending' returning id",
          [documentId, key, size, app.clock.now().toISOString(), documentKeys.current.id],
        );
        if (claimed.rows.length === 0) {
          await rm(temp, { force: true });
          throw new HttpError(409, "A file was already uploaded to this URL", {
            code: "upload.exists",
          });
        }
        try {
          await storage.put(key, temp, grant.type);
        } catch (error) {
          await app.db.query(
            "update documents set status = 'pending', storage_key = null, size_bytes = null, uploaded_at = null, key_id = null where id = $1",
            [documentId],
          );
          throw error;
        }
        reply.header("cache-control", "no-store");
        return {
          response: { documentId, extension: doc.extension, size, contentType: grant.type },
        };
      },
    },
  };
}
