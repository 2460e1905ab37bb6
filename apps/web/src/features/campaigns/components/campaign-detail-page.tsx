import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { PageHeader, RichText, buttonClassName } from "@portal/ui";
import { defineMessages, useIntl } from "react-intl";
import { ContentLink } from "../../../shared/components/content-link";
import { DetailLayout } from "../../../shared/components/detail-layout";
import { imageUrl } from "../../../shared/image-url";
import { formatDate } from "../../../shared/format";
import { useLanguage } from "../../../shared/language";
import { sanitiseHtml } from "../../../shared/sanitise";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import { campaignQueryOptions } from "../api/get-campaigns";

const messages = defineMessages({
  campaigns: {
    id: "campaigns.title",
    defaultMessage: "Promotions",
    description: "Campaign listing heading and title",
  },
  dates: {
    id: "campaign.dates",
    defaultMessage: "Valid from {start} to {end}",
    description: "Campaign validity",
  },
});

/** One campaign: image, dates, sanitised body and its call to action. */
export function CampaignDetailPage({ id }: { id: string }) {
  const intl = useIntl();
  const { lang } = useLanguage();
  const { data: campaign } = useSuspenseQuery(campaignQueryOptions(lang, id));
  usePageAnalytics({
    pageType: "campaign",
    product: campaign.product,
    id: campaign.id,
    name: campaign.title,
  });
  const date = (value: string) => formatDate(value, lang);
  return (
    <DetailLayout
      parent={<Link to="/campaigns">{intl.formatMessage(messages.campaigns)}</Link>}
      current={campaign.title}
      media={
        <img src={imageUrl(campaign.image)} alt="" width={640} height={360} fetchPriority="high" />
      }
      intro={
        <>
          <PageHeader title={campaign.title} lead={campaign.summary} />
          <p className="meta-line">
            {intl.formatMessage(messages.dates, {
              start: date(campaign.startDate),
              end: date(campaign.endDate),
            })}
          </p>
        </>
      }
    >
      <RichText sanitisedHtml={sanitiseHtml(campaign.body)} />
      <p>
        <ContentLink href={campaign.cta.url} className={buttonClassName("primary")}>
          {campaign.cta.label}
        </ContentLink>
      </p>
    </DetailLayout>
  );
}
