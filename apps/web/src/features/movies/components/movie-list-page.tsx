import { useSuspenseQuery } from "@tanstack/react-query";
import { CardGrid, CardGridItem, Container, EmptyState, PageHeader } from "@portal/ui";
import { defineMessages, useIntl } from "react-intl";
import { MovieCard } from "../../../shared/components/content-cards";
import { Crumbs } from "../../../shared/components/crumbs";
import { ListPagination } from "../../../shared/components/list-pagination";
import { useLanguage } from "../../../shared/language";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import { moviePageQueryOptions } from "../api/get-movies";
import { movieListMessages } from "../messages";

const messages = {
  ...movieListMessages,
  ...defineMessages({
    empty: {
      id: "movies.empty",
      defaultMessage: "No movies are available right now.",
      description: "Empty movie list",
    },
  }),
};

/** Movie listing (static/afab). */
export function MovieListPage({ page }: { page: number }) {
  const intl = useIntl();
  const { lang } = useLanguage();
  const { data } = useSuspenseQuery(moviePageQueryOptions(lang, page));
  const title = intl.formatMessage(messages.title);
  usePageAnalytics({ pageType: "movie_list", product: "tv" });
  return (
    <Container>
      <Crumbs trail={[{ key: "movies", label: title }]} />
      <PageHeader title={title} lead={intl.formatMessage(messages.lead)} />
      {data.items.length === 0 ? (
        <EmptyState title={intl.formatMessage(messages.empty)} />
      ) : (
        <CardGrid>
          {data.items.map((movie) => (
            <CardGridItem key={movie.id}>
              <MovieCard movie={movie} />
            </CardGridItem>
          ))}
        </CardGrid>
      )}
      <ListPagination listing={data} />
    </Container>
  );
}
