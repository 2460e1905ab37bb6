import { useSuspenseQuery } from "@tanstack/react-query";
import { CardGrid, CardGridItem, Container, EmptyState, PageHeader } from "@portal/ui";
import { defineMessages, useIntl } from "react-intl";
import { ArticleCard } from "../../../shared/components/content-cards";
import { Crumbs } from "../../../shared/components/crumbs";
import { ListPagination } from "../../../shared/components/list-pagination";
import { useLanguage } from "../../../shared/language";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import { articlePageQueryOptions } from "../api/get-articles";
import { articleListMessages } from "../messages";

const messages = {
  ...articleListMessages,
  ...defineMessages({
    empty: {
      id: "store.empty",
      defaultMessage: "No stories have been published yet.",
      description: "Empty article list",
    },
  }),
};

/** Store article listing, newest first. */
export function ArticleListPage({ page }: { page: number }) {
  const intl = useIntl();
  const { lang } = useLanguage();
  const { data } = useSuspenseQuery(articlePageQueryOptions(lang, page));
  const title = intl.formatMessage(messages.title);
  usePageAnalytics({ pageType: "article_list" });
  return (
    <Container>
      <Crumbs trail={[{ key: "store", label: title }]} />
      <PageHeader title={title} lead={intl.formatMessage(messages.lead)} />
      {data.items.length === 0 ? (
        <EmptyState title={intl.formatMessage(messages.empty)} />
      ) : (
        <CardGrid>
          {data.items.map((article) => (
            <CardGridItem key={article.id}>
              <ArticleCard article={article} />
            </CardGridItem>
          ))}
        </CardGrid>
      )}
      <ListPagination listing={data} />
    </Container>
  );
}
