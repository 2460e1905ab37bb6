import { createFileRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import {
  supportSearchQueryOptions,
  supportTopicsQueryOptions,
} from "../features/support/api/get-support";
import { SupportHomePage } from "../features/support/components/support-home-page";
import { supportMessages } from "../features/support/components/messages";
import { breadcrumbs, pageHead } from "../shared/head";
import { shellMessages } from "../shared/messages";
import { headTools } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";
import { pageNumber, pageSearch } from "../shared/pagination";
import { maskedString } from "../shared/search-params";

export const Route = createFileRoute("/support/")({
  validateSearch: (search: Record<string, unknown>): { q?: string; page?: string } => ({
    // A link may carry anything: the box, the results and the head see it masked.
    q: maskedString(search.q),
    // ?page=n pages the topics (n >= 2; page 1 has no parameter; a page that does not exist is
    // the 404 page), as the listings do: 9 categories at seed size, 900 at 100x.
    page: pageSearch(search.page),
  }),
  loaderDeps: ({ search }) => ({ page: search.page }),
  // The topics; entered with a query, also the content service's results for it (searchSupport),
  // so the server renders them (a visitor without JavaScript sees them). Typing (cause "stay")
  // never waits for them here: the results ask as the URL follows the typing.
  loader: ({ context, location, cause, deps }) => {
    // The options read the query (normalizeQuery, cut to 100): its key ends with what is asked.
    const search = supportSearchQueryOptions(
      context.lang,
      (location.search as { q?: string }).q ?? "",
    );
    return loadContent(
      context,
      Promise.all([
        context.queryClient.ensureQueryData(
          supportTopicsQueryOptions(context.lang, pageNumber(deps.page)),
        ),
        cause === "enter" && search.queryKey.at(-1)
          ? context.queryClient.ensureQueryData(search)
          : undefined,
      ]),
    );
  },
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
      // Each page of the topics is its own canonical URL (page 1 without ?page).
      search: { page: match.search.page },
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
  const { q, page } = Route.useSearch();
  const navigate = Route.useNavigate();
  // Typing replaces the history entry: Back leaves the search instead of replaying each keystroke.
  const onQueryChange = useCallback(
    (next: string | undefined) =>
      void navigate({ search: (prev) => ({ ...prev, q: next }), replace: true }),
    [navigate],
  );
  return <SupportHomePage query={q} page={pageNumber(page)} onQueryChange={onQueryChange} />;
}
