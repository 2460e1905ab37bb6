import { createFileRoute } from "@tanstack/react-router";
import { channelListQueryOptions } from "../features/channels/api/get-channels";
import { ChannelListPage } from "../features/channels/components/channel-list-page";
import { crumbHead } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";
import { optionalString } from "../shared/search-params";
import { channelListMessages } from "../features/channels/messages";

const messages = channelListMessages;

export const Route = createFileRoute("/channels/")({
  validateSearch: (search: Record<string, unknown>): { genre?: string } => ({
    genre: optionalString(search.genre),
  }),
  loader: ({ context }) =>
    loadContent(
      context,
      context.queryClient.ensureQueryData(channelListQueryOptions(context.lang)),
    ),
  head: ({ match }) =>
    crumbHead(match, { trail: [[messages.title, "/channels"]], description: messages.lead }),
  component: ChannelsRoute,
});

function ChannelsRoute() {
  const { genre } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ChannelListPage
      genre={genre}
      onGenreChange={(next) =>
        void navigate({ search: (prev) => ({ ...prev, genre: next }), replace: true })
      }
    />
  );
}
