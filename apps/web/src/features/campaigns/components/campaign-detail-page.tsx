import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { PageHeader, RichText, buttonClassName } from "@portal/ui";
import { defineMessages, useIntl } from "react-intl";
import type { ContentData } from "../../../shared/api";
import { ContentLink } from "../../../shared/components/content-link";
import { DetailLayout } from "../../../shared/components/detail-layout";
import { PriceText } from "../../../shared/components/price-text";
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
  starts: {
    id: "campaign.starts",
    defaultMessage: "This promotion starts on {date}.",
    description: "Notice on a campaign that has not started yet (a long date)",
  },
  ended: {
    id: "campaign.ended",
    defaultMessage: "This promotion ended on {date}.",
    description: "Notice on a campaign that is over (a long date)",
  },
  current: {
    id: "campaign.ended.current",
    defaultMessage: "See the current promotions",
    description: "Link from an ended campaign to the campaign list",
  },
  prices: {
    id: "campaign.prices",
    defaultMessage: "Prices with this promotion",
    description: "Heading of the plans and packs of a running campaign, with their prices today",
  },
  pricesFrom: {
    id: "campaign.prices.from",
    defaultMessage: "Prices from {date}",
    description: "Heading of the plans and packs of a campaign to come, priced on its first day",
  },
});

type Offer = ContentData<"getCampaign">["offers"][number];

/** A campaign's plan or pack, linked to its page, with its price. */
function OfferItem({ offer }: { offer: Offer }) {
  const name =
    offer.kind === "package" ? (
      <Link to="/packages/$packageId" params={{ packageId: offer.id }}>
        {offer.name}
      </Link>
    ) : offer.kind === "bundle" ? (
      <Link to="/bundles/$bundleId" params={{ bundleId: offer.id }}>
        {offer.name}
      </Link>
    ) : (
      <Link to="/$product/$comboId" params={{ product: offer.product, comboId: offer.id }}>
        {offer.name}
      </Link>
    );
  return (
    <li className="campaign-offer" data-testid={`offer-${offer.id}`}>
      <span className="campaign-offer__name">{name}</span>
      <PriceText item={offer} plan={offer.kind !== "package"} />
    </li>
  );
}

/**
 * One campaign: image, dates, sanitised body, its plans and packs with their prices, and its call
 * to action. A campaign still to come says when it starts; one that has ended says so, without
 * its call to action (the page answers 410, see the route).
 */
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
  const ended = campaign.status === "ended";
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
          {campaign.status === "current" ? (
            <p className="meta-line">
              {intl.formatMessage(messages.dates, {
                start: date(campaign.startDate),
                end: date(campaign.endDate),
              })}
            </p>
          ) : (
            <p className="notice" data-testid="campaign-status">
              {campaign.status === "upcoming"
                ? intl.formatMessage(messages.starts, { date: date(campaign.startDate) })
                : intl.formatMessage(messages.ended, { date: date(campaign.endDate) })}
            </p>
          )}
        </>
      }
    >
      <RichText sanitisedHtml={sanitiseHtml(campaign.body)} />
      {campaign.offers.length > 0 ? (
        <section aria-labelledby="campaign-prices" data-testid="campaign-offers">
          <h2 id="campaign-prices">
            {campaign.status === "upcoming"
              ? intl.formatMessage(messages.pricesFrom, { date: date(campaign.startDate) })
              : intl.formatMessage(messages.prices)}
          </h2>
          <ul className="campaign-offers">
            {campaign.offers.map((offer) => (
              <OfferItem key={`${offer.kind}:${offer.id}`} offer={offer} />
            ))}
          </ul>
        </section>
      ) : null}
      <p>
        {ended ? (
          <Link to="/campaigns" className={buttonClassName("primary")}>
            {intl.formatMessage(messages.current)}
          </Link>
        ) : (
          <ContentLink href={campaign.cta.url} className={buttonClassName("primary")}>
            {campaign.cta.label}
          </ContentLink>
        )}
      </p>
    </DetailLayout>
  );
}
