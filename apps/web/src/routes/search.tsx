import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { searchQueryOptions } from "../features/search/api/search";
import { SearchPage } from "../features/search/components/search-page";
import { pageHead } from "../shared/head";
import { headTools } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";
import { optionalString } from "../shared/search-params";

const messages = defineMessages({
  title: {
    id: "search.title",
    defaultMessage: "Search",
    description: "Search page heading and title",
  },
  titleKeyword: {
    id: "search.title.keyword",
    defaultMessage: "Search results for “{keyword}”",
    description: "Search page title with a keyword",
  },
  lead: {
    id: "search.lead",
    defaultMessage: "Search channels, movies, packs, bundles and stories.",
    description: "Search page intro",
  },
});

export const Route = createFileRoute("/search")({
  validateSearch: (search: Record<string, unknown>): { keyword?: string } => ({
    keyword: optionalString(search.keyword),
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
      title: keyword
        ? intl.formatMessage(messages.titleKeyword, { keyword })
        : intl.formatMessage(messages.title),
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
