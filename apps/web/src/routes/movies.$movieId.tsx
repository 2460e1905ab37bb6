import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { movieQueryOptions } from "../features/movies/api/get-movies";
import { MovieDetailPage } from "../features/movies/components/movie-detail-page";
import { DetailPending } from "../shared/components/route-states";
import { breadcrumbs, pageHead, pageUrl, shareImage } from "../shared/head";
import { imageUrl } from "../shared/image-url";
import { shellMessages } from "../shared/messages";
import { headTools } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";

const messages = defineMessages({
  parent: {
    id: "movies.title",
    defaultMessage: "Movies",
    description: "Movie listing heading and title",
  },
});

export const Route = createFileRoute("/movies/$movieId")({
  loader: ({ context, params }) =>
    loadContent(
      context,
      context.queryClient.ensureQueryData(movieQueryOptions(context.lang, params.movieId)),
    ),
  head: ({ match, params }) => {
    const { context, intl, queryClient } = headTools(match);
    const item = queryClient.getQueryData(movieQueryOptions(context.lang, params.movieId).queryKey);
    if (!item) return {};
    const path = `/movies/${encodeURIComponent(params.movieId)}`;
    const image = imageUrl(item.poster);
    return pageHead(context, {
      path,
      title: item.title,
      description: item.synopsis,
      image: shareImage(image),
      type: "video.movie",
      jsonLd: [
        breadcrumbs(context, [
          [intl.formatMessage(shellMessages.home), "/"],
          [intl.formatMessage(messages.parent), "/movies"],
          [item.title, path],
        ]),
        {
          "@type": "Movie",
          name: item.title,
          description: item.synopsis,
          url: pageUrl(context.siteUrl, path, context.lang),
          image,
          dateCreated: String(item.year),
          duration: `PT${item.durationMinutes}M`,
          genre: item.genres,
          contentRating: item.classification,
          director: { "@type": "Person", name: item.director },
          actor: item.cast.map((name) => ({ "@type": "Person", name })),
          offers: {
            "@type": "Offer",
            price: item.rentalPriceRm.toFixed(2),
            priceCurrency: "MYR",
            url: pageUrl(context.siteUrl, path, context.lang),
          },
        },
      ],
    });
  },
  pendingComponent: DetailPending,
  component: DetailRoute,
});

function DetailRoute() {
  const { movieId } = Route.useParams();
  return <MovieDetailPage id={movieId} />;
}
