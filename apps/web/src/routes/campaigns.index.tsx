import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { campaignListQueryOptions } from "../features/campaigns/api/get-campaigns";
import { CampaignListPage } from "../features/campaigns/components/campaign-list-page";
import { breadcrumbs, pageHead } from "../shared/head";
import { shellMessages } from "../shared/messages";
import { headTools } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";

const messages = defineMessages({
  title: {
    id: "campaigns.title",
    defaultMessage: "Promotions",
    description: "Campaign listing heading and title",
  },
  lead: {
    id: "campaigns.lead",
    defaultMessage: "Current offers on Suria Fibre and Suria TV.",
    description: "Campaign listing intro",
  },
});

export const Route = createFileRoute("/campaigns/")({
  loader: ({ context }) =>
    loadContent(
      context,
      context.queryClient.ensureQueryData(campaignListQueryOptions(context.lang)),
    ),
  head: ({ match }) => {
    const { context, intl } = headTools(match);
    const title = intl.formatMessage(messages.title);
    return pageHead(context, {
      path: "/campaigns",
      title,
      description: intl.formatMessage(messages.lead),
      jsonLd: [
        breadcrumbs(context, [
          [intl.formatMessage(shellMessages.home), "/"],
          [title, "/campaigns"],
        ]),
      ],
    });
  },
  component: CampaignListPage,
});
