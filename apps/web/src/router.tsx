import { QueryClient } from "@tanstack/react-query";
import { createRouter } from "@tanstack/react-router";
import { setupRouterSsrQueryIntegration } from "@tanstack/react-router-ssr-query";
import { isApiError } from "@portal/api-client";
import { isNotFoundError } from "./shared/api";
import { messagesSerializer } from "./shared/i18n";
import { ListPending, NotFoundPage, RouteError } from "./shared/components/route-states";
import type { ContentBudget } from "./shared/content-budget";
import { parseSearch, stringifySearch } from "./shared/search-params";
import { routeTree } from "./routeTree.gen";

/** The query cache: content changes rarely, so it stays fresh for 5 minutes. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The server sends the browser every query of the page but those marked
      // `meta: { dehydrate: false }` (lookups kept in the process: `src/shared/catalogue.ts`).
      dehydrate: { shouldDehydrateQuery: (query) => query.meta?.dehydrate !== false },
      queries: {
        staleTime: 5 * 60_000,
        // The browser tries its own failed calls once more (not a 404). A failure the server
        // streamed (its time budget passed, or the service failed) arrives as a plain Error and
        // is not retried: the page shows the error with Try again at once, instead of waiting
        // for the same slow service a second time.
        retry: (failureCount, error) =>
          typeof window !== "undefined" &&
          isApiError(error) &&
          !isNotFoundError(error) &&
          failureCount < 1,
      },
    },
  });
}

/** What every route's loader and head see besides what the root route adds (language, config). */
export interface AppRouterOptions {
  /** The site's public origin, for canonical and alternate URLs (https://www.example.my). */
  siteUrl: string;
  /** How long a loader may hold the first byte (server) before the page streams a skeleton. */
  budget: ContentBudget;
  /** Per-response CSP nonce for the router's inline scripts (server only). */
  nonce?: string | undefined;
  /** Seeds the query cache before the first load (the server's cached configuration). */
  seed?: (queryClient: QueryClient) => void;
}

/**
 * Creates the router, one per request on the server and one per page in the browser, with a
 * QueryClient of its own in the context; TanStack's SSR Query integration sends the server's
 * queries to the browser (streamed as they resolve) and wraps the app in QueryClientProvider.
 */
export function createAppRouter(options: AppRouterOptions) {
  const queryClient = createQueryClient();
  options.seed?.(queryClient);
  const router = createRouter({
    routeTree,
    context: { queryClient, siteUrl: options.siteUrl, budget: options.budget },
    ssr: options.nonce ? { nonce: options.nonce } : undefined,
    // The root context's catalog goes into the hydration data as its key (issue 22). Read from
    // router.options by the router's SSR; the constructor's type leaves the option to Start's
    // config, so it is spread in, as Start's own handler does (router.update).
    ...{ serializationAdapters: [messagesSerializer] },
    parseSearch,
    stringifySearch,
    defaultPreload: "intent",
    // Preloaded data lives in the query cache; the router need not cache it again.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: ListPending,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFoundPage,
    defaultPendingMs: 150,
    scrollRestoration: true,
  });
  setupRouterSsrQueryIntegration({ router, queryClient });
  return router;
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
