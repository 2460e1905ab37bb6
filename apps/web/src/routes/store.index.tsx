import { createFileRoute } from "@tanstack/react-router";
import { articlePageQueryOptions } from "../features/store/api/get-articles";
import { ArticleListPage } from "../features/store/components/article-list-page";
import { articleListMessages } from "../features/store/messages";
import { pageNumber, pageSearch } from "../shared/pagination";
import { crumbHead } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";

const messages = articleListMessages;

export const Route = createFileRoute("/store/")({
  // ?page=n (n >= 2; page 1 has no parameter); a page that does not exist is the 404 page.
  validateSearch: (search: Record<string, unknown>): { page?: string } => ({
    page: pageSearch(search.page),
  }),
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ context, deps }) =>
    loadContent(
      context,
      context.queryClient.ensureQueryData(
        articlePageQueryOptions(context.lang, pageNumber(deps.page)),
      ),
    ),
  // Each page is its own canonical URL (page 1 without ?page).
  head: ({ match }) =>
    crumbHead(match, {
      trail: [[messages.title, "/store"]],
      description: messages.lead,
      search: { page: match.search.page },
    }),
  component: ArticleListPageRoute,
});

function ArticleListPageRoute() {
  const { page } = Route.useSearch();
  return <ArticleListPage page={pageNumber(page)} />;
}
