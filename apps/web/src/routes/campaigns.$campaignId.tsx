import { createFileRoute } from "@tanstack/react-router";
import { campaignQueryOptions } from "../features/campaigns/api/get-campaigns";
import { CampaignDetailPage } from "../features/campaigns/components/campaign-detail-page";
import { DetailPending } from "../shared/components/route-states";
import { shareImage } from "../shared/head";
import { imageUrl } from "../shared/image-url";
import { crumbHead, headTools } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";
import { campaignListMessages } from "../features/campaigns/messages";

export const Route = createFileRoute("/campaigns/$campaignId")({
  loader: async ({ context, params }) => {
    const options = campaignQueryOptions(context.lang, params.campaignId);
    await loadContent(context, context.queryClient.ensureQueryData(options));
    // An ended campaign's page says so, and answers 410 Gone (not listed, not indexed).
    return context.queryClient.getQueryData(options.queryKey)?.status === "ended"
      ? { httpStatus: 410 as const }
      : {};
  },
  head: ({ match, params }) => {
    const { context, queryClient } = headTools(match);
    const item = queryClient.getQueryData(
      campaignQueryOptions(context.lang, params.campaignId).queryKey,
    );
    if (!item) return {};
    const path = `/campaigns/${encodeURIComponent(params.campaignId)}`;
    const image = imageUrl(item.image);
    return crumbHead(match, {
      trail: [
        [campaignListMessages.title, "/campaigns"],
        [item.title, path],
      ],
      description: item.summary,
      image: shareImage(image),
      type: "article",
      noindex: item.status === "ended",
    });
  },
  pendingComponent: DetailPending,
  component: DetailRoute,
});

function DetailRoute() {
  const { campaignId } = Route.useParams();
  return <CampaignDetailPage id={campaignId} />;
}
