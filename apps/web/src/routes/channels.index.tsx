import { createFileRoute } from "@tanstack/react-router";
import { channelListQueryOptions } from "../features/channels/api/get-channels";
import { ChannelListPage } from "../features/channels/components/channel-list-page";
import { currentLanguage } from "../shared/language";
import { optionalString } from "../shared/search-params";

export const Route = createFileRoute("/channels/")({
  validateSearch: (search: Record<string, unknown>): { genre?: string } => ({
    genre: optionalString(search.genre),
  }),
  loader: ({ context: { queryClient } }) =>
    queryClient.ensureQueryData(channelListQueryOptions(currentLanguage())),
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
