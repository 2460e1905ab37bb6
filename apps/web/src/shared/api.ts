import { createPortalApi, isApiError, type PortalApi } from "@portal/api-client";
import { callBaseUrl } from "./env";

/** The client for the services this shell calls. */
export type AppApi = PortalApi<"content" | "config">;

/** The content service's functions (one per operationId). */
export type ContentApi = AppApi["content"];

/** The `data` (the `response` payload) of a content operation. */
export type ContentData<K extends keyof ContentApi> = Awaited<ReturnType<ContentApi[K]>>["data"];

/** Creates the API client with the configured base URLs and a memory ETag cache. */
export function createAppApi(): AppApi {
  return createPortalApi({
    baseUrls: { content: callBaseUrl("content"), config: callBaseUrl("config") },
    timeout: globalThis.__PORTAL_CONFIG__?.timeout,
    // The server checks every answer against its contract (src/server/response-checks.ts).
    fetch: globalThis.__PORTAL_CONFIG__?.fetch,
  });
}

/** True when the error is a 404 from a service (unknown id). */
export function isNotFoundError(error: unknown): boolean {
  return isApiError(error, "http") && error.statusCode === 404;
}

/**
 * The app's one client. In the browser: the public URLs the page's first script set. On the
 * server: the URLs and timeout src/server/main.ts set; its ETag cache is shared by every request,
 * so unchanged content costs the services a 304.
 */
export const api: AppApi = createAppApi();
