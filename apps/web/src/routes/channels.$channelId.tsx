import { createFileRoute } from "@tanstack/react-router";
import { channelQueryOptions } from "../features/channels/api/get-channels";
import { ChannelDetailPage } from "../features/channels/components/channel-detail-page";
import { DetailPending } from "../shared/components/route-states";
import { currentLanguage } from "../shared/language";
import { orNotFound } from "../shared/route-helpers";

export const Route = createFileRoute("/channels/$channelId")({
  loader: ({ context: { queryClient }, params }) =>
    orNotFound(
      queryClient.ensureQueryData(channelQueryOptions(currentLanguage(), params.channelId)),
    ),
  pendingComponent: DetailPending,
  component: ChannelRoute,
});

function ChannelRoute() {
  const { channelId } = Route.useParams();
  return <ChannelDetailPage id={channelId} />;
}
