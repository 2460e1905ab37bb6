import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { campaignQueryOptions } from "../features/campaigns/api/get-campaigns";
import { CampaignDetailPage } from "../features/campaigns/components/campaign-detail-page";
import { DetailPending } from "../shared/components/route-states";
import { breadcrumbs, pageHead, shareImage } from "../shared/head";
import { imageUrl } from "../shared/image-url";
import { shellMessages } from "../shared/messages";
import { headTools } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";

const messages = defineMessages({
  parent: {
    id: "campaigns.title",
    defaultMessage: "Promotions",
    description: "Campaign listing heading and title",
  },
});

export const Route = createFileRoute("/campaigns/$campaignId")({
  loader: ({ context, params }) =>
    loadContent(
      context,
      context.queryClient.ensureQueryData(campaignQueryOptions(context.lang, params.campaignId)),
    ),
  head: ({ match, params }) => {
    const { context, intl, queryClient } = headTools(match);
    const item = queryClient.getQueryData(
      campaignQueryOptions(context.lang, params.campaignId).queryKey,
    );
    if (!item) return {};
    const path = `/campaigns/${encodeURIComponent(params.campaignId)}`;
    const image = imageUrl(item.image);
    return pageHead(context, {
      path,
      title: item.title,
      description: item.summary,
      image: shareImage(image),
      type: "article",
      jsonLd: [
        breadcrumbs(context, [
          [intl.formatMessage(shellMessages.home), "/"],
          [intl.formatMessage(messages.parent), "/campaigns"],
          [item.title, path],
        ]),
      ],
    });
  },
  pendingComponent: DetailPending,
  component: DetailRoute,
});

function DetailRoute() {
  const { campaignId } = Route.useParams();
  return <CampaignDetailPage id={campaignId} />;
}
