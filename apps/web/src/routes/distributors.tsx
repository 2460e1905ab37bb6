import { createFileRoute, notFound } from "@tanstack/react-router";
import {
  STATE_LABELS,
  dealersQueryOptions,
  isStateSlug,
  type StateSlug,
} from "../features/distributors/api/get-dealers";
import { DistributorsPage } from "../features/distributors/components/distributors-page";
import { breadcrumbs, pageHead } from "../shared/head";
import { shellMessages } from "../shared/messages";
import { headTools } from "../shared/route-head";
import { pageNumber, pageSearch } from "../shared/pagination";
import { loadContent } from "../shared/route-helpers";
import { distributorsPageMessages as messages } from "../features/distributors/messages";

export const Route = createFileRoute("/distributors")({
  // ?page=n pages a state's dealers (n >= 2; a page that does not exist is the 404 page).
  validateSearch: (search: Record<string, unknown>): { state?: StateSlug; page?: string } => ({
    state: isStateSlug(search.state) ? search.state : undefined,
    page: pageSearch(search.page),
  }),
  loaderDeps: ({ search }) => ({ state: search.state, page: search.page }),
  loader: async ({ context, deps }) => {
    const page = pageNumber(deps.page);
    if (deps.state)
      await loadContent(
        context,
        context.queryClient.ensureQueryData(dealersQueryOptions(deps.state, page)),
      );
    else if (page > 1) throw notFound();
  },
  // Each state's list is a page of its own (indexed, in the sitemap).
  head: ({ match }) => {
    const { context, intl } = headTools(match);
    const state = match.search.state;
    const title = state
      ? intl.formatMessage(messages.titleState, { state: STATE_LABELS[state] })
      : intl.formatMessage(messages.title);
    return pageHead(context, {
      path: "/distributors",
      search: { state, page: match.search.page },
      title,
      description: intl.formatMessage(messages.lead),
      jsonLd: [
        breadcrumbs(context, [
          [intl.formatMessage(shellMessages.home), "/"],
          [intl.formatMessage(messages.title), "/distributors"],
        ]),
      ],
    });
  },
  component: DistributorsRoute,
});

function DistributorsRoute() {
  const { state, page } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <DistributorsPage
      state={state}
      page={pageNumber(page)}
      onStateChange={(next) => void navigate({ search: { state: next } })}
    />
  );
}
