import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext } from "@tanstack/react-router";
import { ensureMessagesFor } from "../shared/i18n";
import { currentLanguage } from "../shared/language";
import { AppShell } from "../shared/components/app-shell";
import { NotFoundPage, RouteError } from "../shared/components/route-states";

/** Root route: the page frame around every page, with the 404 and error pages. */
export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  // Journey pages need their own message catalogs; content pages only the shell's.
  beforeLoad: ({ location }) => ensureMessagesFor(location.pathname, currentLanguage()),
  component: AppShell,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteError,
});
