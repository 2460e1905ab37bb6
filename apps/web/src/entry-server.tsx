import type { QueryClient } from "@tanstack/react-query";
import {
  RouterServer,
  createRequestHandler,
  createSsrStreamResponse,
  getSsrStatus,
  transformReadableStreamWithRouter,
} from "@tanstack/react-router/ssr/server";
import type { AnyRouter } from "@tanstack/react-router";
import { renderToReadableStream } from "react-dom/server";
import { createAppRouter } from "./router";
import { createContentBudget } from "./shared/content-budget";
import { provideServerSanitiser } from "./shared/components/deferred-rich-text";
import { answerKnownLocales } from "./shared/intl-locales";
import { loaderStatus } from "./shared/route-helpers";
import { sanitiseHtml, trustServiceSanitisedHtml } from "./shared/sanitise";
import { CONTENT_UNAVAILABLE_DIGEST, isContentFailure } from "./shared/server-errors";

answerKnownLocales();
// CMS HTML comes sanitised from the content service (sanitised once, at import): the server
// renders it as it is, with no DOM and no DOMPurify per render (issue 22).
trustServiceSanitisedHtml();
provideServerSanitiser(sanitiseHtml);

/** The page's status: the router's (200, 404), or the one a loader asked for on a 200. */
function pageStatus(routerStatus: number, matches: ReadonlyArray<{ loaderData?: unknown }>) {
  return routerStatus === 200 ? (loaderStatus(matches) ?? 200) : routerStatus;
}

/** The router manifest: per route, the scripts and chunks to load (see src/server/manifest.ts). */
export type RouterManifest = Parameters<typeof createRequestHandler>[0] extends {
  getRouterManifest?: () => infer M;
}
  ? Awaited<M>
  : never;

/** What one page render needs from the server. */
export interface RenderOptions {
  request: Request;
  /** The public origin (canonical URLs). */
  siteUrl: string;
  /** How long content may hold the first byte before the page streams a skeleton. */
  firstByteMs: number;
  /** CSP nonce for the inline scripts of a streamed page. */
  nonce: string;
  manifest: RouterManifest | undefined;
  /** Puts what the server already holds (the configuration) in the request's query cache. */
  seed?: (queryClient: QueryClient) => void;
}

/** A rendered page and what the server needs to know to send it. */
export interface RenderResult {
  response: Response;
  /** Some content missed the budget: the body streams it in (not cacheable). */
  deferred: boolean;
  /** The configuration could not be read: the startup failure page (503). */
  configMissing: boolean;
  /**
   * The service calls of this render that failed (read once the body is read): a page with any is
   * not a good page, never kept or shared (src/server/app.ts). Empty for a good page.
   */
  failures: () => ContentFailure[];
}

/** A service call a page needed that failed: why (the API client's code) and the status. */
export interface ContentFailure {
  /** `http`, `timeout`, `network`, `invalid-response`, ... or `error` for anything else. */
  code: string;
  /** The service's status for `http`, else 0. */
  statusCode: number;
}

function failureOf(error: unknown): ContentFailure {
  const apiError = error as { code?: unknown; statusCode?: unknown; name?: unknown } | null;
  if (apiError?.name === "ApiError" && typeof apiError.code === "string")
    return {
      code: apiError.code,
      statusCode: apiError.code === "http" ? Number(apiError.statusCode) : 0,
    };
  return { code: "error", statusCode: 0 };
}

/**
 * Renders one request with TanStack Router's SSR (createRequestHandler, the router's stream
 * transform and React's renderToReadableStream, as its renderRouterToStream does), with two
 * differences: React's error digests name content the server gave up on (so the browser treats
 * it as expected and shows the error state), and a page whose content all arrived within the
 * budget is rendered whole before the response starts (one body the server can hash and cache).
 */
export async function render(options: RenderOptions): Promise<RenderResult> {
  const { request } = options;
  const budget = createContentBudget(options.firstByteMs);
  let configMissing = false;
  let failures: () => ContentFailure[] = () => [];
  const handler = createRequestHandler({
    request,
    createRouter: () =>
      createAppRouter({
        siteUrl: options.siteUrl,
        budget,
        nonce: options.nonce,
        seed: options.seed,
      }),
    getRouterManifest: options.manifest ? () => options.manifest! : undefined,
  });
  const response = await handler(async ({ request, router, responseHeaders }) => {
    const root = router.state.matches[0] as { context?: { config?: unknown } } | undefined;
    configMissing = !root?.context?.config;
    const { queryClient } = router.options.context as { queryClient: QueryClient };
    failures = () => [
      ...queryClient
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.status === "error")
        .map((query) => failureOf(query.state.error)),
      ...router.state.matches
        .filter((match) => match.status === "error")
        .map((match) => failureOf(match.error)),
    ];
    const stream = await renderToReadableStream(<RouterServer router={router as AnyRouter} />, {
      signal: request.signal,
      nonce: options.nonce,
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error: unknown) => {
        if (isContentFailure(error)) return CONTENT_UNAVAILABLE_DIGEST;
        if (!request.signal.aborted) console.error("render error", error);
        return undefined;
      },
    });
    if (!budget.deferred) await stream.allReady;
    const body = transformReadableStreamWithRouter(router, stream, {
      rendererSafePoint: "script-close",
      signal: request.signal,
    });
    return createSsrStreamResponse(
      router,
      new Response(body, {
        // A 404 (notFound) first, else what a loader asked for (410 for an ended campaign).
        status: pageStatus(getSsrStatus(router), router.state.matches),
        headers: responseHeaders,
      }),
    );
  });
  return { response, deferred: budget.deferred, configMissing, failures: () => failures() };
}

export { bootScriptSource } from "./shared/boot";
