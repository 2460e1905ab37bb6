import { createFileRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import {
  supportDataQueryOptions,
  supportTopicsQueryOptions,
} from "../features/support/api/get-support";
import { SupportHomePage } from "../features/support/components/support-home-page";
import { supportMessages } from "../features/support/components/messages";
import { breadcrumbs, pageHead } from "../shared/head";
import { shellMessages } from "../shared/messages";
import { headTools } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";
import { maskedString } from "../shared/search-params";

export const Route = createFileRoute("/support/")({
  validateSearch: (search: Record<string, unknown>): { q?: string } => ({
    // A link may carry anything: the box, the results and the head see it masked.
    q: maskedString(search.q),
  }),
  // The topics; entered with a query, also the whole support centre, so the server renders the
  // results (a visitor without JavaScript sees them). Otherwise the search box loads it when the
  // visitor starts to search: typing (cause "stay") never waits for it here.
  loader: ({ context, location, cause }) =>
    loadContent(
      context,
      Promise.all([
        context.queryClient.ensureQueryData(supportTopicsQueryOptions(context.lang)),
        cause === "enter" && (location.search as { q?: string }).q
          ? context.queryClient.ensureQueryData(supportDataQueryOptions(context.lang))
          : undefined,
      ]),
    ),
  // A search in the support centre is not a page of its own for search engines.
  head: ({ match }) => {
    const { context, intl } = headTools(match);
    const query = match.search.q;
    const title = intl.formatMessage(supportMessages.title);
    return pageHead(context, {
      path: "/support",
      // Only what the server knows reaches a title or a share card: never the typed query.
      title,
      description: intl.formatMessage(supportMessages.lead),
      noindex: Boolean(query),
      jsonLd: [
        breadcrumbs(context, [
          [intl.formatMessage(shellMessages.home), "/"],
          [title, "/support"],
        ]),
      ],
    });
  },
  component: SupportRoute,
});

function SupportRoute() {
  const { q } = Route.useSearch();
  const navigate = Route.useNavigate();
  // Typing replaces the history entry: Back leaves the search instead of replaying each keystroke.
  const onQueryChange = useCallback(
    (next: string | undefined) =>
      void navigate({ search: (prev) => ({ ...prev, q: next }), replace: true }),
    [navigate],
  );
  return <SupportHomePage query={q} onQueryChange={onQueryChange} />;
}
