import { createFileRoute } from "@tanstack/react-router";
import { movieListQueryOptions } from "../features/movies/api/get-movies";
import { MovieListPage } from "../features/movies/components/movie-list-page";
import { currentLanguage } from "../shared/language";

export const Route = createFileRoute("/movies/")({
  loader: ({ context: { queryClient } }) =>
    queryClient.ensureQueryData(movieListQueryOptions(currentLanguage())),
  component: MovieListPage,
});
