import { createFileRoute } from "@tanstack/react-router";
import { movieListQueryOptions } from "../features/movies/api/get-movies";
import { MovieListPage } from "../features/movies/components/movie-list-page";
import { crumbHead } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";
import { movieListMessages } from "../features/movies/messages";

const messages = movieListMessages;

export const Route = createFileRoute("/movies/")({
  loader: ({ context }) =>
    loadContent(context, context.queryClient.ensureQueryData(movieListQueryOptions(context.lang))),
  head: ({ match }) =>
    crumbHead(match, { trail: [[messages.title, "/movies"]], description: messages.lead }),
  component: MovieListPage,
});
