import { createFileRoute } from "@tanstack/react-router";
import { campaignListQueryOptions } from "../features/campaigns/api/get-campaigns";
import { CampaignListPage } from "../features/campaigns/components/campaign-list-page";
import { crumbHead } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";
import { campaignListMessages } from "../features/campaigns/messages";

const messages = campaignListMessages;

export const Route = createFileRoute("/campaigns/")({
  loader: ({ context }) =>
    loadContent(
      context,
      context.queryClient.ensureQueryData(campaignListQueryOptions(context.lang)),
    ),
  head: ({ match }) =>
    crumbHead(match, { trail: [[messages.title, "/campaigns"]], description: messages.lead }),
  component: CampaignListPage,
});
