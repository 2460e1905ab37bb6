import * as v from "valibot";
import { M } from "./codes.js";

/** Largest accepted upload, in bytes (SPEC 9). */
export const UPLOAD_MAX_BYTES = 5_000_000;

/** Accepted upload extensions and the MIME types each may carry (pdf is application/pdf). */
export const UPLOAD_TYPES = {
  png: ["image/png"],
  bmp: ["image/bmp"],
  jpg: ["image/jpeg"],
  jpeg: ["image/jpeg"],
  pdf: ["application/pdf"],
} as const satisfies Record<string, readonly string[]>;

/** An accepted upload extension. */
export type UploadExtension = keyof typeof UPLOAD_TYPES;

/** Every accepted upload MIME type. */
export const UPLOAD_MIME_TYPES: readonly string[] = [
  ...new Set(Object.values(UPLOAD_TYPES).flat()),
];

/** What the rule needs of a file: a browser File or Blob-with-name, or plain metadata in Node. */
export interface FileLike {
  /** File name, whose extension is checked. */
  readonly name: string;
  /** MIME type, e.g. application/pdf. */
  readonly type: string;
  /** Size in bytes. */
  readonly size: number;
}

const isFileLike = (input: unknown): input is FileLike =>
  typeof input === "object" &&
  input !== null &&
  typeof (input as FileLike).name === "string" &&
  typeof (input as FileLike).type === "string" &&
  typeof (input as FileLike).size === "number";

/** Lower-cased extension of a file name without the dot ("" when there is none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot <= 0 || dot === name.length - 1 ? "" : name.slice(dot + 1).toLowerCase();
}

/** Tells whether a MIME type is one the portal accepts (parameters like `; charset` ignored). */
export function isUploadMimeType(type: string): boolean {
  return UPLOAD_MIME_TYPES.includes(type.split(";")[0]!.trim().toLowerCase());
}

/** Tells whether the extension is accepted and the MIME type is one that extension may carry. */
export function isUploadType(name: string, type: string): boolean {
  const extension = fileExtension(name);
  if (!Object.hasOwn(UPLOAD_TYPES, extension)) return false;
  const mime = type.split(";")[0]!.trim().toLowerCase();
  return (UPLOAD_TYPES[extension as UploadExtension] as readonly string[]).includes(mime);
}

/**
 * Upload file (SPEC 5): png, bmp, jpg, jpeg or pdf by extension AND MIME type, size greater than
 * 0 and at most 5,000,000 bytes. The output is the same object (a File stays a File).
 */
export const uploadFileSchema = v.pipe(
  v.custom<FileLike>(isFileLike, M.required),
  v.check((file) => isUploadType(file.name, file.type), M.uploadType),
  v.check((file) => file.size > 0, M.uploadEmpty),
  v.check((file) => file.size <= UPLOAD_MAX_BYTES, M.uploadTooLarge),
);

/** Longest accepted document title. */
export const UPLOAD_TITLE_MAX_LENGTH = 100;

/** Body of POST /api/v3/generate-signed-url: a document title and an accepted MIME type. */
export const signedUrlBodySchema = v.object({
  title: v.pipe(
    v.string(M.type),
    v.nonEmpty(M.required),
    v.maxLength(UPLOAD_TITLE_MAX_LENGTH, M.uploadTitle),
  ),
  type: v.pipe(v.string(M.type), v.nonEmpty(M.required), v.check(isUploadMimeType, M.uploadType)),
});
