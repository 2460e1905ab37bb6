import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext } from "@tanstack/react-router";
import { AppShell } from "../shared/components/app-shell";
import { NotFoundPage, RouteError } from "../shared/components/route-states";

/** Root route: the page frame around every page, with the 404 and error pages. */
export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: AppShell,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteError,
});
