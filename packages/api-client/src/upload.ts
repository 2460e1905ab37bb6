import { ApiError } from "./errors.js";
import { createTransport, DEFAULT_TIMEOUT, type ApiSuccess } from "./transport.js";

/** Options of a signed-URL upload. */
export interface UploadOptions {
  /** Media type of the file; defaults to the Blob's own `type`. Required for Uint8Array/ArrayBuffer. */
  contentType?: string | undefined;
  /** Timeout in ms (default 60000). */
  timeout?: number | undefined;
  /** Cancels the upload; it then rejects with 'Request aborted'. */
  signal?: AbortSignal | undefined;
  /** fetch implementation (default: globalThis.fetch). */
  fetch?: typeof globalThis.fetch | undefined;
}

/**
 * PUTs a file to a signed upload URL (from `shop.generateSignedUrl`) with the file's own content
 * type and no Authorization header: the signature in the query is the credential.
 */
export function uploadToSignedUrl(
  url: string,
  file: Blob | ArrayBuffer | ArrayBufferView,
  options: UploadOptions = {},
): Promise<ApiSuccess<unknown>> {
  let target: URL;
  try {
    target = new URL(url);
  } catch (cause) {
    return Promise.reject(
      new ApiError("invalid-option", `"url" must be an absolute signed URL, got ${String(url)}`, {
        cause,
      }),
    );
  }
  const contentType = options.contentType || (file instanceof Blob ? file.type : "");
  if (!contentType) {
    return Promise.reject(
      new ApiError("invalid-option", `"contentType" is required when the file is not a typed Blob`),
    );
  }
  const transport = createTransport({
    baseUrl: target.origin,
    timeout: options.timeout ?? DEFAULT_TIMEOUT,
    cache: false,
    fetch: options.fetch,
  });
  return transport.send(
    {
      operationId: "uploadToSignedUrl",
      method: "put",
      // The signed path and query go verbatim: re-encoding them would break the signature.
      path: target.pathname + target.search,
      security: [],
      params: { path: [], query: [] },
      body: { contentType, required: true },
    },
    { body: file, signal: options.signal },
  );
}
