import { createFileRoute } from "@tanstack/react-router";
import { searchQueryOptions } from "../features/search/api/search";
import { SearchPage } from "../features/search/components/search-page";
import { searchMessages as messages } from "../features/search/messages";
import { pageHead } from "../shared/head";
import { headTools } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";
import { maskedString } from "../shared/search-params";

export const Route = createFileRoute("/search")({
  validateSearch: (search: Record<string, unknown>): { keyword?: string } => ({
    // A link may carry anything: the page, the search and the head see it masked.
    keyword: maskedString(search.keyword),
  }),
  loaderDeps: ({ search }) => ({ keyword: search.keyword }),
  loader: async ({ context, deps }) => {
    if (deps.keyword)
      await loadContent(
        context,
        context.queryClient.ensureQueryData(searchQueryOptions(context.lang, deps.keyword)),
      );
  },
  // Result pages are not indexed (endless, thin); the search page itself is.
  head: ({ match }) => {
    const { context, intl } = headTools(match);
    const keyword = match.search.keyword;
    return pageHead(context, {
      path: "/search",
      search: { keyword },
      // Only what the server knows reaches a title or a share card: never the typed keyword.
      title: intl.formatMessage(messages.title),
      description: intl.formatMessage(messages.lead),
      noindex: Boolean(keyword),
    });
  },
  component: SearchRoute,
});

function SearchRoute() {
  const { keyword } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SearchPage
      keyword={keyword}
      onSearch={(next) => void navigate({ search: { keyword: next } })}
    />
  );
}
