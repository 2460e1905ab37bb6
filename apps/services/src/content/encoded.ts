import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { negotiate } from "@fastify/accept-negotiator";

/** A content coding the services send: brotli, or gzip for clients without it. */
export type Encoding = "br" | "gzip";

/** A serialised answer: the exact body bytes and their entity tag, and compressed variants. */
export interface Answer {
  body: string;
  etag: string;
  /** Compressed variants, made on the first request that accepts each and kept with the answer. */
  encoded?: Partial<Record<Encoding, EncodedAnswer>>;
}

/** A compressed variant: its bytes and its own strong entity tag. */
export interface EncodedAnswer {
  body: Buffer;
  etag: string;
}

/** Answers smaller than this go out as they are (the headers would eat the gain). */
export const COMPRESS_MIN_BYTES = 1024;

const ENCODINGS: Encoding[] = ["br", "gzip"];

/** The coding to send for an Accept-Encoding header (q-values honoured), or undefined. */
export function encodingFor(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  return (negotiate(header, ENCODINGS) as Encoding | null) ?? undefined;
}

/**
 * The `encoding` variant of `answer`, compressed once and kept on the answer (so with it in the
 * content cache): a cached answer is never compressed again per request. A strong ETag names
 * one representation, so each variant has its own (`"<tag>-br"`).
 */
export function encodedVariant(answer: Answer, encoding: Encoding): EncodedAnswer {
  answer.encoded ??= {};
  let variant = answer.encoded[encoding];
  if (!variant) {
    const body =
      encoding === "br"
        ? brotliCompressSync(answer.body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 9,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(answer.body),
            },
          })
        : gzipSync(answer.body, { level: 9 });
    variant = { body, etag: `${answer.etag.slice(0, -1)}-${encoding}"` };
    answer.encoded[encoding] = variant;
  }
  return variant;
}
