import { createFileRoute } from "@tanstack/react-router";
import { movieQueryOptions } from "../features/movies/api/get-movies";
import { MovieDetailPage } from "../features/movies/components/movie-detail-page";
import { DetailPending } from "../shared/components/route-states";
import { pageUrl, shareImage } from "../shared/head";
import { imageUrl } from "../shared/image-url";
import { crumbHead, headTools } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";
import { movieListMessages } from "../features/movies/messages";

export const Route = createFileRoute("/movies/$movieId")({
  loader: ({ context, params }) =>
    loadContent(
      context,
      context.queryClient.ensureQueryData(movieQueryOptions(context.lang, params.movieId)),
    ),
  head: ({ match, params }) => {
    const { context, queryClient } = headTools(match);
    const item = queryClient.getQueryData(movieQueryOptions(context.lang, params.movieId).queryKey);
    if (!item) return {};
    const path = `/movies/${encodeURIComponent(params.movieId)}`;
    const image = imageUrl(item.poster);
    return crumbHead(match, {
      trail: [
        [movieListMessages.title, "/movies"],
        [item.title, path],
      ],
      description: item.synopsis,
      image: shareImage(image),
      type: "video.movie",
      jsonLd: [
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
