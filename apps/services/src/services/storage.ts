import { createReadStream } from "node:fs";
import { chmod, mkdir, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { S3Settings } from "../lib/env.js";

/**
 * Where uploaded files end up. Files arrive as a checked, sealed (encrypted) temporary file and
 * get a random key; the store only ever holds ciphertext.
 */
export interface FileStorage {
  readonly kind: "local" | "s3";
  /** Moves a finished temporary file into the store under `key`. */
  put(key: string, tempFile: string, contentType: string): Promise<void>;
  /** The stored bytes of `key` (sealed; operator export). */
  read(key: string): Promise<Buffer>;
  /** Removes a stored file; missing files are not an error. */
  delete(key: string): Promise<void>;
  /** Whether a stored file exists (tests, diagnostics). */
  exists(key: string): Promise<boolean>;
}

/**
 * Makes `dir` (and its subfolders) 0700 and its files 0600: folders and files written before
 * issue 21 were 0755/0644, readable by every user of the machine.
 */
export async function tightenFolder(dir: string): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => undefined);
  if (!entries) return;
  await chmod(dir, 0o700);
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await tightenFolder(path);
    else if (entry.isFile()) await chmod(path, 0o600);
  }
}

/** Files under DATA_DIR/uploads (0600 in a 0700 folder), a folder no route serves. */
export function localStorage(dir: string): FileStorage {
  return {
    kind: "local",
    async put(key, tempFile) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await chmod(tempFile, 0o600);
      await rename(tempFile, join(dir, key));
    },
    read(key) {
      return readFile(join(dir, key));
    },
    async delete(key) {
      await rm(join(dir, key), { force: true });
    },
    async exists(key) {
      return stat(join(dir, key)).then(
        () => true,
        () => false,
      );
    },
  };
}

/** An S3-compatible bucket (AWS S3, MinIO, R2...) through the AWS SDK. */
export async function s3Storage(settings: S3Settings): Promise<FileStorage> {
  const { S3Client, PutObjectCommand, DeleteObjectCommand, HeadObjectCommand, GetObjectCommand } =
    await import("@aws-sdk/client-s3");
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    // Plain signed PUTs (no aws-chunked checksum trailers): what every S3-compatible store accepts.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
  });
  return {
    kind: "s3",
    async put(key, tempFile, contentType) {
      const { size } = await stat(tempFile);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: settings.bucket,
            Key: key,
            Body: createReadStream(tempFile),
            ContentLength: size,
            ContentType: contentType,
          }),
        );
      } finally {
        await rm(tempFile, { force: true });
      }
    },
    async read(key) {
      const object = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key }));
      return Buffer.from(
        await (
          object.Body as { transformToByteArray(): Promise<Uint8Array> }
        ).transformToByteArray(),
      );
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key }));
    },
    async exists(key) {
      return client.send(new HeadObjectCommand({ Bucket: settings.bucket, Key: key })).then(
        () => true,
        () => false,
      );
    },
  };
}

/** A presigned GET URL for staff tools reading a stored document (S3 only). */
export async function presignDownload(
  settings: S3Settings,
  key: string,
  seconds = 300,
): Promise<string> {
  const { S3Client, GetObjectCommand } = await import("@aws-sdk/client-s3");
  const { getSignedUrl } = await import("@aws-sdk/s3-request-presigner");
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
  });
  return getSignedUrl(client, new GetObjectCommand({ Bucket: settings.bucket, Key: key }), {
    expiresIn: seconds,
  });
}
