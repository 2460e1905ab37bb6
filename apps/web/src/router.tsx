import { QueryClient } from "@tanstack/react-query";
import { createRouter } from "@tanstack/react-router";
import { isNotFoundError } from "./shared/api";
import { ListPending, NotFoundPage, RouteError } from "./shared/components/route-states";
import { parseSearch, stringifySearch } from "./shared/search-params";
import { routeTree } from "./routeTree.gen";

/** The query cache: content changes rarely, so it stays fresh for 5 minutes. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        retry: (failureCount, error) => !isNotFoundError(error) && failureCount < 1,
      },
    },
  });
}

/** Creates the router with the query client in its context and string-only search params. */
export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
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
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
