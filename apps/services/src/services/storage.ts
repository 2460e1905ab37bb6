import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { S3Settings } from "../lib/env.js";

/** Where uploaded files end up. Files arrive as a checked temporary file and get a random key. */
export interface FileStorage {
  readonly kind: "local" | "s3";
  /** Moves a finished temporary file into the store under `key`. */
  put(key: string, tempFile: string, contentType: string): Promise<void>;
  /** Removes a stored file; missing files are not an error. */
  delete(key: string): Promise<void>;
  /** Whether a stored file exists (tests, diagnostics). */
  exists(key: string): Promise<boolean>;
}

/** Files under DATA_DIR/uploads, a folder no route serves. */
export function localStorage(dir: string): FileStorage {
  return {
    kind: "local",
    async put(key, tempFile) {
      await mkdir(dir, { recursive: true });
      await rename(tempFile, join(dir, key));
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
  const { S3Client, PutObjectCommand, DeleteObjectCommand, HeadObjectCommand } =
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
