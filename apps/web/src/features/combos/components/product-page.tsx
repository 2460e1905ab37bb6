import { useSuspenseQuery } from "@tanstack/react-query";
import { CardGrid, CardGridItem, Container, EmptyState, PageHeader, RichText } from "@portal/ui";
import { defineMessages, useIntl } from "react-intl";
import type { ProductKey } from "../../../shared/analytics";
import { ComboCard } from "../../../shared/components/content-cards";
import { Crumbs } from "../../../shared/components/crumbs";
import { imageUrl } from "../../../shared/image-url";
import { useLanguage } from "../../../shared/language";
import { sanitiseHtml } from "../../../shared/sanitise";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import { comboListQueryOptions, productContentQueryOptions } from "../api/get-combos";
import { CoverageCta } from "./coverage-cta";

const messages = defineMessages({
  plans: {
    id: "product.plans",
    defaultMessage: "Choose your plan",
    description: "Heading of a product's combo list",
  },
  empty: {
    id: "product.plans.empty",
    defaultMessage: "No plans are on offer right now.",
    description: "Empty combo list",
  },
});

/** A product page (get-{product}): description, features and its combo packages. */
export function ProductPage({ product }: { product: ProductKey }) {
  const intl = useIntl();
  const { lang } = useLanguage();
  const { data: content } = useSuspenseQuery(productContentQueryOptions(lang, product));
  const { data: combos } = useSuspenseQuery(comboListQueryOptions(lang, product));
  usePageAnalytics({ pageType: "product", product });
  return (
    <Container>
      <Crumbs trail={[{ key: product, label: content.name }]} />
      <div className="detail">
        <div>
          <PageHeader
            title={content.name}
            lead={content.tagline}
            actions={product === "fibre" ? <CoverageCta /> : undefined}
          />
          <RichText sanitisedHtml={sanitiseHtml(content.description)} />
        </div>
        <div className="detail__media">
          <img
            src={imageUrl(content.heroImage)}
            alt=""
            width={640}
            height={360}
            fetchPriority="high"
          />
        </div>
      </div>
      {content.features.length > 0 ? (
        <ul className="feature-list">
          {content.features.map((feature) => (
            <li key={feature.title}>
              {feature.icon ? (
                <img src={imageUrl(feature.icon)} alt="" width={40} height={40} />
              ) : null}
              <h2>{feature.title}</h2>
              <p>{feature.description}</p>
            </li>
          ))}
        </ul>
      ) : null}
      <section className="section" aria-labelledby="plans">
        <h2 id="plans">{intl.formatMessage(messages.plans)}</h2>
        {combos.length === 0 ? (
          <EmptyState title={intl.formatMessage(messages.empty)} />
        ) : (
          <CardGrid>
            {combos.map((combo) => (
              <CardGridItem key={combo.id}>
                <ComboCard
                  combo={combo}
                  action={
                    product === "fibre" ? (
                      <CoverageCta
                        packageId={combo.id}
                        packageName={combo.name}
                        variant="secondary"
                      />
                    ) : undefined
                  }
                />
              </CardGridItem>
            ))}
          </CardGrid>
        )}
      </section>
    </Container>
  );
}
