import { LeadFlowError } from "./errors.js";

/** Options of one signed-URL PUT. */
export interface PutFileOptions {
  /** Sent as Content-Type; must equal the type the URL was signed for. */
  contentType: string;
  /** Called with the bytes sent so far and the total. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/** Size of the slices a Node upload streams out (and of its progress steps). */
export const STREAM_CHUNK = 64 * 1024;

/** PUTs a file to a signed upload URL, reporting progress; rejects with a LeadFlowError. */
export type PutFile = (url: string, file: Blob, options: PutFileOptions) => Promise<void>;

/**
 * The default PUT: XMLHttpRequest in browsers (upload progress events), and in Node a fetch whose
 * body is the file's stream, counted as it is read.
 */
export const putFile: PutFile = (url, file, options) =>
  typeof XMLHttpRequest === "function"
    ? putWithXhr(url, file, options)
    : putWithStream(url, file, options);

/** Browser PUT with XMLHttpRequest upload progress. */
export function putWithXhr(url: string, file: Blob, options: PutFileOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const settle = () => options.signal?.removeEventListener("abort", onAbort);
    xhr.open("PUT", url);
    xhr.setRequestHeader("Content-Type", options.contentType);
    xhr.upload.onprogress = (event) => options.onProgress?.(event.loaded, file.size);
    xhr.onload = () => {
      settle();
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(file.size, file.size);
        resolve();
      } else reject(uploadFailed(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => {
      settle();
      reject(new LeadFlowError("upload-failed", "Network Error"));
    };
    xhr.onabort = () => {
      settle();
      reject(new LeadFlowError("upload-failed", "Request aborted"));
    };
    if (options.signal?.aborted) return xhr.onabort?.(new ProgressEvent("abort"));
    options.signal?.addEventListener("abort", onAbort, { once: true });
    xhr.send(file);
  });
}

/** Node (or any fetch with request streams) PUT: the file streams out, progress as it is read. */
export async function putWithStream(
  url: string,
  file: Blob,
  options: PutFileOptions,
): Promise<void> {
  const total = file.size;
  let offset = 0;
  // Pulled slice by slice (highWaterMark 0): progress follows what the connection has taken.
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (offset >= total) return controller.close();
        const chunk = new Uint8Array(await file.slice(offset, offset + STREAM_CHUNK).arrayBuffer());
        offset += chunk.byteLength;
        controller.enqueue(chunk);
        options.onProgress?.(offset, total);
      },
    },
    { highWaterMark: 0 },
  );
  let response: Response;
  try {
    response = await fetch(url, {
      method: "PUT",
      // The uploads service refuses an oversized body from Content-Length before reading it.
      headers: { "Content-Type": options.contentType, "Content-Length": String(total) },
      body,
      duplex: "half",
      signal: options.signal,
    } as RequestInit & { duplex: "half" });
  } catch (cause) {
    const aborted = options.signal?.aborted === true;
    throw new LeadFlowError("upload-failed", aborted ? "Request aborted" : "Network Error", {
      cause,
    });
  }
  if (!response.ok) throw uploadFailed(response.status, await response.text().catch(() => ""));
}

function uploadFailed(status: number, body: string): LeadFlowError {
  let error: unknown = body;
  try {
    error = JSON.parse(body);
  } catch {
    // A non-JSON body stays text.
  }
  const reason = (error as { code?: unknown } | null)?.code;
  return new LeadFlowError("upload-failed", `Upload failed with status ${status}`, {
    statusCode: status,
    // e.g. upload.type.mismatch (415): the bytes are not the file type they claim.
    ...(typeof reason === "string" ? { reason } : {}),
    cause: error,
  });
}
