import { useSuspenseQuery } from "@tanstack/react-query";
import { CardGrid, CardGridItem, Container, EmptyState, PageHeader } from "@portal/ui";
import { defineMessages, useIntl } from "react-intl";
import { BundleCard } from "../../../shared/components/content-cards";
import { Crumbs } from "../../../shared/components/crumbs";
import { ListPagination } from "../../../shared/components/list-pagination";
import { useLanguage } from "../../../shared/language";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import { bundlePageQueryOptions } from "../api/get-bundles";
import { bundleListMessages } from "../messages";

const messages = {
  ...bundleListMessages,
  ...defineMessages({
    empty: {
      id: "bundles.empty",
      defaultMessage: "No bundles are on offer right now.",
      description: "Empty bundle list",
    },
  }),
};

/** Bundle listing (listing/bundle). */
export function BundleListPage({ page }: { page: number }) {
  const intl = useIntl();
  const { lang } = useLanguage();
  const { data } = useSuspenseQuery(bundlePageQueryOptions(lang, page));
  const title = intl.formatMessage(messages.title);
  usePageAnalytics({ pageType: "bundle_list", product: "fibre" });
  return (
    <Container>
      <Crumbs trail={[{ key: "bundles", label: title }]} />
      <PageHeader title={title} lead={intl.formatMessage(messages.lead)} />
      {data.items.length === 0 ? (
        <EmptyState title={intl.formatMessage(messages.empty)} />
      ) : (
        <CardGrid>
          {data.items.map((bundle) => (
            <CardGridItem key={bundle.id}>
              <BundleCard bundle={bundle} />
            </CardGridItem>
          ))}
        </CardGrid>
      )}
      <ListPagination listing={data} />
    </Container>
  );
}
