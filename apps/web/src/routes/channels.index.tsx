import { createFileRoute } from "@tanstack/react-router";
import { channelPageQueryOptions, type ChannelGenre } from "../features/channels/api/get-channels";
import { ChannelListPage } from "../features/channels/components/channel-list-page";
import { channelListMessages } from "../features/channels/messages";
import { pageNumber, pageSearch } from "../shared/pagination";
import { crumbHead } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";
import { optionalString } from "../shared/search-params";

const messages = channelListMessages;

export const Route = createFileRoute("/channels/")({
  // ?genre= filters (a genre the service does not know is the 404 page), ?page=n pages (n >= 2;
  // page 1 has no parameter; a page that does not exist is the 404 page).
  validateSearch: (search: Record<string, unknown>): { genre?: string; page?: string } => ({
    genre: optionalString(search.genre),
    page: pageSearch(search.page),
  }),
  loaderDeps: ({ search }) => ({ genre: search.genre, page: search.page }),
  loader: ({ context, deps }) =>
    loadContent(
      context,
      context.queryClient.ensureQueryData(
        channelPageQueryOptions(
          context.lang,
          pageNumber(deps.page),
          deps.genre as ChannelGenre | undefined,
        ),
      ),
    ),
  // Each page of each genre is its own canonical URL (page 1 without ?page).
  head: ({ match }) =>
    crumbHead(match, {
      trail: [[messages.title, "/channels"]],
      description: messages.lead,
      search: { genre: match.search.genre, page: match.search.page },
    }),
  component: ChannelsRoute,
});

function ChannelsRoute() {
  const { genre, page } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ChannelListPage
      genre={genre as ChannelGenre | undefined}
      page={pageNumber(page)}
      // A new genre starts at its first page.
      onGenreChange={(next) =>
        void navigate({
          search: (prev) => ({ ...prev, genre: next, page: undefined }),
          replace: true,
        })
      }
    />
  );
}
