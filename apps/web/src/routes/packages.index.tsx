import { createFileRoute } from "@tanstack/react-router";
import { packagePageQueryOptions } from "../features/packages/api/get-packages";
import { PackageListPage } from "../features/packages/components/package-list-page";
import { packageListMessages } from "../features/packages/messages";
import { pageNumber, pageSearch } from "../shared/pagination";
import { crumbHead } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";

const messages = packageListMessages;

export const Route = createFileRoute("/packages/")({
  // ?page=n (n >= 2; page 1 has no parameter); a page that does not exist is the 404 page.
  validateSearch: (search: Record<string, unknown>): { page?: string } => ({
    page: pageSearch(search.page),
  }),
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ context, deps }) =>
    loadContent(
      context,
      context.queryClient.ensureQueryData(
        packagePageQueryOptions(context.lang, pageNumber(deps.page)),
      ),
    ),
  // Each page is its own canonical URL (page 1 without ?page).
  head: ({ match }) =>
    crumbHead(match, {
      trail: [[messages.title, "/packages"]],
      description: messages.lead,
      search: { page: match.search.page },
    }),
  component: PackageListPageRoute,
});

function PackageListPageRoute() {
  const { page } = Route.useSearch();
  return <PackageListPage page={pageNumber(page)} />;
}
