import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { PageHeader } from "@portal/ui";
import { defineMessages, useIntl } from "react-intl";
import {
  DetailLayout,
  Highlights,
  PackLinks,
  ComboLink,
} from "../../../shared/components/detail-layout";
import { PriceText } from "../../../shared/components/price-text";
import { imageUrl } from "../../../shared/image-url";
import { useLanguage } from "../../../shared/language";
import { shellMessages } from "../../../shared/messages";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import { bundleQueryOptions } from "../api/get-bundles";

const messages = defineMessages({
  bundles: {
    id: "bundles.title",
    defaultMessage: "Bundles",
    description: "Bundle listing heading and title",
  },
  speed: { id: "bundle.speed", defaultMessage: "Speed", description: "Fact label" },
  contract: { id: "bundle.contract", defaultMessage: "Contract", description: "Fact label" },
  plan: {
    id: "bundle.plan",
    defaultMessage: "Fibre plan",
    description: "Fact label: the combo inside a bundle",
  },
  packs: {
    id: "bundle.packs",
    defaultMessage: "TV packs",
    description: "Fact label: packs inside a bundle",
  },
  highlights: {
    id: "bundle.highlights",
    defaultMessage: "What you get",
    description: "Heading of a bundle's highlights",
  },
});

/** One bundle: price, speed, contract, included plan and packs. */
export function BundleDetailPage({ id }: { id: string }) {
  const intl = useIntl();
  const { lang } = useLanguage();
  const { data: bundle } = useSuspenseQuery(bundleQueryOptions(lang, id));
  usePageAnalytics({ pageType: "bundle", product: "fibre", id: bundle.id, name: bundle.name });
  return (
    <DetailLayout
      parent={<Link to="/bundles">{intl.formatMessage(messages.bundles)}</Link>}
      current={bundle.name}
      media={
        <img src={imageUrl(bundle.image)} alt="" width={640} height={360} fetchPriority="high" />
      }
      nextStep={{ kind: "fibrePlan", packageId: bundle.id, name: bundle.name }}
    >
      <PageHeader title={bundle.name} lead={bundle.description} />
      <p>
        <PriceText item={bundle} plan detail />
      </p>
      <dl className="facts">
        <dt>{intl.formatMessage(messages.speed)}</dt>
        <dd>{intl.formatMessage(shellMessages.speed, { speed: bundle.speedMbps })}</dd>
        <dt>{intl.formatMessage(messages.contract)}</dt>
        <dd>
          {intl.formatMessage(shellMessages.contractMonths, { months: bundle.contractMonths })}
        </dd>
        <dt>{intl.formatMessage(messages.plan)}</dt>
        <dd>
          <ComboLink product="fibre" id={bundle.comboId} />
        </dd>
        <dt>{intl.formatMessage(messages.packs)}</dt>
        <dd>
          <PackLinks ids={bundle.packageIds} />
        </dd>
      </dl>
      <Highlights title={intl.formatMessage(messages.highlights)} items={bundle.highlights} />
    </DetailLayout>
  );
}
