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
    current: {
      id: "campaigns.current",
      defaultMessage: "Running now",
      description: "Heading of the campaigns that have started",
    },
    upcoming: {
      id: "campaigns.upcoming",
      defaultMessage: "Coming soon",
      description: "Heading of the campaigns that have not started yet",
    },
  }),
};

/**
 * Campaign listing: the campaigns running today, then those still to come (the content service
 * says which, on the Malaysian day; ended campaigns are not listed).
 */
export function CampaignListPage() {
  const intl = useIntl();
  const { lang } = useLanguage();
  const { data } = useSuspenseQuery(campaignListQueryOptions(lang));
  const title = intl.formatMessage(messages.title);
  usePageAnalytics({ pageType: "campaign_list" });
  const sections = [
    { key: "current", title: messages.current, items: data.filter((c) => c.status === "current") },
    {
      key: "upcoming",
      title: messages.upcoming,
      items: data.filter((c) => c.status === "upcoming"),
    },
  ].filter((section) => section.items.length > 0);
  return (
    <Container>
      <Crumbs trail={[{ key: "campaigns", label: title }]} />
      <PageHeader title={title} lead={intl.formatMessage(messages.lead)} />
      {sections.length === 0 ? (
        <EmptyState title={intl.formatMessage(messages.empty)} />
      ) : (
        sections.map((section) => (
          <section
            key={section.key}
            aria-labelledby={`campaigns-${section.key}`}
            data-testid={`campaigns-${section.key}`}
            className="campaign-section"
          >
            <h2 id={`campaigns-${section.key}`}>{intl.formatMessage(section.title)}</h2>
            <CardGrid>
              {section.items.map((campaign) => (
                <CardGridItem key={campaign.id}>
                  <CampaignCard campaign={campaign} headingLevel={3} />
                </CardGridItem>
              ))}
            </CardGrid>
          </section>
        ))
      )}
    </Container>
  );
}
