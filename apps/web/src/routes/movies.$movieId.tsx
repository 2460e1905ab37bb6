import { createFileRoute } from "@tanstack/react-router";
import { movieQueryOptions } from "../features/movies/api/get-movies";
import { MovieDetailPage } from "../features/movies/components/movie-detail-page";
import { DetailPending } from "../shared/components/route-states";
import { currentLanguage } from "../shared/language";
import { orNotFound } from "../shared/route-helpers";

export const Route = createFileRoute("/movies/$movieId")({
  loader: ({ context: { queryClient }, params }) =>
    orNotFound(queryClient.ensureQueryData(movieQueryOptions(currentLanguage(), params.movieId))),
  pendingComponent: DetailPending,
  component: DetailRoute,
});

function DetailRoute() {
  const { movieId } = Route.useParams();
  return <MovieDetailPage id={movieId} />;
}
