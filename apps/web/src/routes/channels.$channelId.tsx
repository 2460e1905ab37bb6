import { createFileRoute } from "@tanstack/react-router";
import { channelQueryOptions } from "../features/channels/api/get-channels";
import { ChannelDetailPage } from "../features/channels/components/channel-detail-page";
import { DetailPending } from "../shared/components/route-states";
import { shareImage } from "../shared/head";
import { imageUrl } from "../shared/image-url";
import { crumbHead, headTools } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";
import { channelListMessages } from "../features/channels/messages";

export const Route = createFileRoute("/channels/$channelId")({
  loader: ({ context, params }) =>
    loadContent(
      context,
      context.queryClient.ensureQueryData(channelQueryOptions(context.lang, params.channelId)),
    ),
  head: ({ match, params }) => {
    const { context, queryClient } = headTools(match);
    const item = queryClient.getQueryData(
      channelQueryOptions(context.lang, params.channelId).queryKey,
    );
    if (!item) return {};
    const path = `/channels/${encodeURIComponent(params.channelId)}`;
    const image = imageUrl(item.logo);
    return crumbHead(match, {
      trail: [
        [channelListMessages.title, "/channels"],
        [item.name, path],
      ],
      description: item.description,
      image: shareImage(image),
      type: "website",
    });
  },
  pendingComponent: DetailPending,
  component: DetailRoute,
});

function DetailRoute() {
  const { channelId } = Route.useParams();
  return <ChannelDetailPage id={channelId} />;
}
