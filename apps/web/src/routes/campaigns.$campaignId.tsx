import { createFileRoute } from "@tanstack/react-router";
import { campaignQueryOptions } from "../features/campaigns/api/get-campaigns";
import { CampaignDetailPage } from "../features/campaigns/components/campaign-detail-page";
import { DetailPending } from "../shared/components/route-states";
import { currentLanguage } from "../shared/language";
import { orNotFound } from "../shared/route-helpers";

export const Route = createFileRoute("/campaigns/$campaignId")({
  loader: ({ context: { queryClient }, params }) =>
    orNotFound(
      queryClient.ensureQueryData(campaignQueryOptions(currentLanguage(), params.campaignId)),
    ),
  pendingComponent: DetailPending,
  component: DetailRoute,
});

function DetailRoute() {
  const { campaignId } = Route.useParams();
  return <CampaignDetailPage id={campaignId} />;
}
