import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { PageHeader } from "@portal/ui";
import { defineMessages, useIntl } from "react-intl";
import type { ProductKey } from "../../../shared/analytics";
import { DetailLayout, Highlights, PackLinks } from "../../../shared/components/detail-layout";
import { useConfig } from "../../../shared/config";
import { PriceText } from "../../../shared/components/price-text";
import { imageUrl } from "../../../shared/image-url";
import { useLanguage } from "../../../shared/language";
import { shellMessages } from "../../../shared/messages";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import { comboQueryOptions } from "../api/get-combos";
import { CoverageCta } from "./coverage-cta";

const messages = defineMessages({
  speed: { id: "combo.speed", defaultMessage: "Speed", description: "Fact label" },
  contract: { id: "combo.contract", defaultMessage: "Contract", description: "Fact label" },
  packs: {
    id: "combo.packs",
    defaultMessage: "Included packs",
    description: "Fact label: packs in a combo",
  },
  none: { id: "combo.packs.none", defaultMessage: "None", description: "No packs included" },
  highlights: {
    id: "combo.highlights",
    defaultMessage: "What you get",
    description: "Heading of a combo's highlights",
  },
});

/** One combo package (get-{product}/{id}). */
export function ComboDetailPage({ product, id }: { product: ProductKey; id: string }) {
  const intl = useIntl();
  const { lang } = useLanguage();
  const config = useConfig();
  const { data: combo } = useSuspenseQuery(comboQueryOptions(lang, product, id));
  usePageAnalytics({ pageType: "combo", product, id: combo.id, name: combo.name });
  const productName = config.products.find((p) => p.key === product)?.name ?? product;
  return (
    <DetailLayout
      parent={
        <Link to="/$product" params={{ product }}>
          {productName}
        </Link>
      }
      current={combo.name}
      media={
        <img src={imageUrl(combo.image)} alt="" width={640} height={360} fetchPriority="high" />
      }
      nextStep={
        product === "tv" ? { kind: "tvPlan", packageId: combo.id, name: combo.name } : undefined
      }
    >
      {combo.recommended ? (
        <span className="badge">{intl.formatMessage(shellMessages.recommended)}</span>
      ) : null}
      <PageHeader title={combo.name} lead={combo.tagline} />
      <p>
        <PriceText item={combo} plan detail />
      </p>
      {product === "fibre" ? (
        <p className="detail__cta">
          <CoverageCta packageId={combo.id} />
        </p>
      ) : null}
      <dl className="facts">
        {combo.speedMbps ? (
          <>
            <dt>{intl.formatMessage(messages.speed)}</dt>
            <dd>{intl.formatMessage(shellMessages.speed, { speed: combo.speedMbps })}</dd>
          </>
        ) : null}
        <dt>{intl.formatMessage(messages.contract)}</dt>
        <dd>
          {intl.formatMessage(shellMessages.contractMonths, { months: combo.contractMonths })}
        </dd>
        <dt>{intl.formatMessage(messages.packs)}</dt>
        <dd>
          <PackLinks ids={combo.packageIds} none={intl.formatMessage(messages.none)} />
        </dd>
      </dl>
      <Highlights title={intl.formatMessage(messages.highlights)} items={combo.highlights} />
    </DetailLayout>
  );
}
