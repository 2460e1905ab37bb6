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

/** The path parameters that name a page's content: a 400 naming one is a page that cannot exist. */
const CONTENT_PATH_FIELDS = new Set(["id", "product", "category", "question", "termsType"]);

/**
 * True when the error is a 404 from a service (unknown id), or a 400 naming the id, product,
 * category, question or legal text of the path (`/fibre/<anything>`: an id the content service's
 * rule refuses is no page either, not a failure).
 */
export function isNotFoundError(error: unknown): boolean {
  if (!isApiError(error, "http")) return false;
  if (error.statusCode === 404) return true;
  const field = (error.error as { field?: unknown } | null | undefined)?.field;
  return error.statusCode === 400 && typeof field === "string" && CONTENT_PATH_FIELDS.has(field);
}

/**
 * The app's one client. In the browser: the public URLs the page's first script set. On the
 * server: the URLs and timeout src/server/main.ts set; its ETag cache is shared by every request,
 * so unchanged content costs the services a 304.
 */
export const api: AppApi = createAppApi();
