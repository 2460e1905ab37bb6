import { useSuspenseQuery } from "@tanstack/react-query";
import { CardGrid, CardGridItem, Container, EmptyState, PageHeader } from "@portal/ui";
import { defineMessages, useIntl } from "react-intl";
import { CampaignCard } from "../../../shared/components/content-cards";
import { Crumbs } from "../../../shared/components/crumbs";
import { useLanguage } from "../../../shared/language";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import { campaignListQueryOptions } from "../api/get-campaigns";
import { campaignListMessages } from "../messages";

const messages = {
  ...campaignListMessages,
  ...defineMessages({
    empty: {
      id: "campaigns.empty",
      defaultMessage: "There are no promotions right now. Check back soon.",
      description: "Empty campaign list",
    },
  }),
};

/** Campaign listing. */
export function CampaignListPage() {
  const intl = useIntl();
  const { lang } = useLanguage();
  const { data } = useSuspenseQuery(campaignListQueryOptions(lang));
  const title = intl.formatMessage(messages.title);
  usePageAnalytics({ pageType: "campaign_list" });
  return (
    <Container>
      <Crumbs trail={[{ key: "campaigns", label: title }]} />
      <PageHeader title={title} lead={intl.formatMessage(messages.lead)} />
      {data.length === 0 ? (
        <EmptyState title={intl.formatMessage(messages.empty)} />
      ) : (
        <CardGrid>
          {data.map((campaign) => (
            <CardGridItem key={campaign.id}>
              <CampaignCard campaign={campaign} />
            </CardGridItem>
          ))}
        </CardGrid>
      )}
    </Container>
  );
}
