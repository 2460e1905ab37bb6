import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Container, PageHeader } from "@portal/ui";
import { defineMessages, useIntl } from "react-intl";
import { Crumbs } from "../../../shared/components/crumbs";
import { formatRm } from "../../../shared/format";
import { imageUrl } from "../../../shared/image-url";
import { useLanguage } from "../../../shared/language";
import { shellMessages } from "../../../shared/messages";
import { usePageMeta } from "../../../shared/page-meta";
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
  usePageMeta(bundle.name, bundle.description);
  usePageAnalytics({ pageType: "bundle", product: "fibre", id: bundle.id, name: bundle.name });
  return (
    <Container>
      <Crumbs
        trail={[
          {
            key: "bundles",
            label: <Link to="/bundles">{intl.formatMessage(messages.bundles)}</Link>,
          },
          { key: bundle.id, label: bundle.name },
        ]}
      />
      <div className="detail">
        <div className="detail__media">
          <img src={imageUrl(bundle.image)} alt="" width={640} height={360} />
        </div>
        <div>
          <PageHeader title={bundle.name} lead={bundle.description} />
          <p className="price">
            {intl.formatMessage(shellMessages.priceMonthly, { price: formatRm(bundle.priceRm) })}
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
              <Link to="/$product/$comboId" params={{ product: "fibre", comboId: bundle.comboId }}>
                {bundle.comboId.replace(/-/g, " ")}
              </Link>
            </dd>
            <dt>{intl.formatMessage(messages.packs)}</dt>
            <dd>
              <ul className="tag-list">
                {bundle.packageIds.map((packageId) => (
                  <li key={packageId}>
                    <Link to="/packages/$packageId" params={{ packageId }}>
                      {packageId.replace(/-/g, " ")}
                    </Link>
                  </li>
                ))}
              </ul>
            </dd>
          </dl>
          {bundle.highlights.length > 0 ? (
            <>
              <h2>{intl.formatMessage(messages.highlights)}</h2>
              <ul className="check-list">
                {bundle.highlights.map((highlight) => (
                  <li key={highlight}>{highlight}</li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      </div>
    </Container>
  );
}
