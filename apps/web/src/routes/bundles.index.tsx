import { createFileRoute } from "@tanstack/react-router";
import { bundlePageQueryOptions } from "../features/bundles/api/get-bundles";
import { BundleListPage } from "../features/bundles/components/bundle-list-page";
import { bundleListMessages } from "../features/bundles/messages";
import { pageNumber, pageSearch } from "../shared/pagination";
import { crumbHead } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";

const messages = bundleListMessages;

export const Route = createFileRoute("/bundles/")({
  // ?page=n (n >= 2; page 1 has no parameter); a page that does not exist is the 404 page.
  validateSearch: (search: Record<string, unknown>): { page?: string } => ({
    page: pageSearch(search.page),
  }),
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ context, deps }) =>
    loadContent(
      context,
      context.queryClient.ensureQueryData(
        bundlePageQueryOptions(context.lang, pageNumber(deps.page)),
      ),
    ),
  // Each page is its own canonical URL (page 1 without ?page).
  head: ({ match }) =>
    crumbHead(match, {
      trail: [[messages.title, "/bundles"]],
      description: messages.lead,
      search: { page: match.search.page },
    }),
  component: BundleListPageRoute,
});

function BundleListPageRoute() {
  const { page } = Route.useSearch();
  return <BundleListPage page={pageNumber(page)} />;
}
