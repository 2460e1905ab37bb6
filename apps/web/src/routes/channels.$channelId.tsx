import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { channelQueryOptions } from "../features/channels/api/get-channels";
import { ChannelDetailPage } from "../features/channels/components/channel-detail-page";
import { DetailPending } from "../shared/components/route-states";
import { breadcrumbs, pageHead, shareImage } from "../shared/head";
import { imageUrl } from "../shared/image-url";
import { shellMessages } from "../shared/messages";
import { headTools } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";

const messages = defineMessages({
  parent: {
    id: "channels.title",
    defaultMessage: "Channels",
    description: "Channel listing heading and title",
  },
});

export const Route = createFileRoute("/channels/$channelId")({
  loader: ({ context, params }) =>
    loadContent(
      context,
      context.queryClient.ensureQueryData(channelQueryOptions(context.lang, params.channelId)),
    ),
  head: ({ match, params }) => {
    const { context, intl, queryClient } = headTools(match);
    const item = queryClient.getQueryData(
      channelQueryOptions(context.lang, params.channelId).queryKey,
    );
    if (!item) return {};
    const path = `/channels/${encodeURIComponent(params.channelId)}`;
    const image = imageUrl(item.logo);
    return pageHead(context, {
      path,
      title: item.name,
      description: item.description,
      image: shareImage(image),
      type: "website",
      jsonLd: [
        breadcrumbs(context, [
          [intl.formatMessage(shellMessages.home), "/"],
          [intl.formatMessage(messages.parent), "/channels"],
          [item.name, path],
        ]),
      ],
    });
  },
  pendingComponent: DetailPending,
  component: DetailRoute,
});

function DetailRoute() {
  const { channelId } = Route.useParams();
  return <ChannelDetailPage id={channelId} />;
}
