import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { PageHeader } from "@portal/ui";
import { defineMessages, useIntl } from "react-intl";
import { DetailLayout } from "../../../shared/components/detail-layout";
import { formatDate, formatRm } from "../../../shared/format";
import { imageUrl } from "../../../shared/image-url";
import { useLanguage } from "../../../shared/language";
import { shellMessages } from "../../../shared/messages";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import { movieQueryOptions } from "../api/get-movies";

const messages = defineMessages({
  movies: {
    id: "movies.title",
    defaultMessage: "Movies",
    description: "Movie listing heading and title",
  },
  year: { id: "movie.year", defaultMessage: "Year", description: "Fact label" },
  duration: { id: "movie.duration", defaultMessage: "Duration", description: "Fact label" },
  minutes: {
    id: "movie.minutes",
    defaultMessage: "{minutes} min",
    description: "Duration in minutes",
  },
  genres: { id: "movie.genres", defaultMessage: "Genres", description: "Fact label" },
  classification: {
    id: "movie.classification",
    defaultMessage: "Classification",
    description: "Fact label: film rating",
  },
  director: { id: "movie.director", defaultMessage: "Director", description: "Fact label" },
  cast: { id: "movie.cast", defaultMessage: "Cast", description: "Fact label" },
  rental: { id: "movie.rental", defaultMessage: "Rental", description: "Fact label: rental price" },
  available: {
    id: "movie.available",
    defaultMessage: "Available",
    description: "Fact label: availability window",
  },
  window: {
    id: "movie.window",
    defaultMessage: "{from} to {until}",
    description: "Availability window",
  },
});

/** One movie: poster, synopsis and facts. */
export function MovieDetailPage({ id }: { id: string }) {
  const intl = useIntl();
  const { lang } = useLanguage();
  const { data: movie } = useSuspenseQuery(movieQueryOptions(lang, id));
  usePageAnalytics({ pageType: "movie", product: "tv", id: movie.id, name: movie.title });
  const date = (value: string) => formatDate(value, lang, "medium");
  return (
    <DetailLayout
      parent={<Link to="/movies">{intl.formatMessage(messages.movies)}</Link>}
      current={movie.title}
      media={
        <img src={imageUrl(movie.poster)} alt="" width={480} height={720} fetchPriority="high" />
      }
      nextStep={{ kind: "movie", name: movie.title }}
    >
      <PageHeader title={movie.title} lead={movie.synopsis} />
      <dl className="facts">
        <dt>{intl.formatMessage(messages.year)}</dt>
        <dd>{movie.year}</dd>
        <dt>{intl.formatMessage(messages.duration)}</dt>
        <dd>{intl.formatMessage(messages.minutes, { minutes: movie.durationMinutes })}</dd>
        <dt>{intl.formatMessage(messages.genres)}</dt>
        <dd>{intl.formatList(movie.genres)}</dd>
        <dt>{intl.formatMessage(messages.classification)}</dt>
        <dd>{movie.classification}</dd>
        <dt>{intl.formatMessage(messages.director)}</dt>
        <dd>{movie.director}</dd>
        <dt>{intl.formatMessage(messages.cast)}</dt>
        <dd>{intl.formatList(movie.cast)}</dd>
        <dt>{intl.formatMessage(messages.rental)}</dt>
        <dd>
          {intl.formatMessage(shellMessages.priceOnce, {
            price: formatRm(movie.rentalPriceRm),
          })}
        </dd>
        <dt>{intl.formatMessage(messages.available)}</dt>
        <dd>
          {intl.formatMessage(messages.window, {
            from: date(movie.availableFrom),
            until: date(movie.availableUntil),
          })}
        </dd>
      </dl>
    </DetailLayout>
  );
}
