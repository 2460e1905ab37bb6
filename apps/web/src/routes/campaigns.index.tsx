import { createFileRoute } from "@tanstack/react-router";
import { campaignListQueryOptions } from "../features/campaigns/api/get-campaigns";
import { CampaignListPage } from "../features/campaigns/components/campaign-list-page";
import { currentLanguage } from "../shared/language";

export const Route = createFileRoute("/campaigns/")({
  loader: ({ context: { queryClient } }) =>
    queryClient.ensureQueryData(campaignListQueryOptions(currentLanguage())),
  component: CampaignListPage,
});
