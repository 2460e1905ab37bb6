import { useSuspenseQuery } from "@tanstack/react-query";
import { CardGrid, CardGridItem, Container, EmptyState, PageHeader } from "@portal/ui";
import { defineMessages, useIntl } from "react-intl";
import { PackageCard } from "../../../shared/components/content-cards";
import { Crumbs } from "../../../shared/components/crumbs";
import { ListPagination } from "../../../shared/components/list-pagination";
import { useLanguage } from "../../../shared/language";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import { packagePageQueryOptions } from "../api/get-packages";
import { packageListMessages } from "../messages";

const messages = {
  ...packageListMessages,
  ...defineMessages({
    empty: {
      id: "packages.empty",
      defaultMessage: "No add-on packs are on offer right now.",
      description: "Empty package list",
    },
  }),
};

/** Add-on pack listing (listing/package). */
export function PackageListPage({ page }: { page: number }) {
  const intl = useIntl();
  const { lang } = useLanguage();
  const { data } = useSuspenseQuery(packagePageQueryOptions(lang, page));
  const title = intl.formatMessage(messages.title);
  usePageAnalytics({ pageType: "package_list", product: "tv" });
  return (
    <Container>
      <Crumbs trail={[{ key: "packages", label: title }]} />
      <PageHeader title={title} lead={intl.formatMessage(messages.lead)} />
      {data.items.length === 0 ? (
        <EmptyState title={intl.formatMessage(messages.empty)} />
      ) : (
        <CardGrid>
          {data.items.map((pack) => (
            <CardGridItem key={pack.id}>
              <PackageCard pack={pack} />
            </CardGridItem>
          ))}
        </CardGrid>
      )}
      <ListPagination listing={data} />
    </Container>
  );
}
