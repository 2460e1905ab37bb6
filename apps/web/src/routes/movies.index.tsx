import { createFileRoute } from "@tanstack/react-router";
import { moviePageQueryOptions } from "../features/movies/api/get-movies";
import { MovieListPage } from "../features/movies/components/movie-list-page";
import { movieListMessages } from "../features/movies/messages";
import { pageNumber, pageSearch } from "../shared/pagination";
import { crumbHead } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";

const messages = movieListMessages;

export const Route = createFileRoute("/movies/")({
  // ?page=n (n >= 2; page 1 has no parameter); a page that does not exist is the 404 page.
  validateSearch: (search: Record<string, unknown>): { page?: string } => ({
    page: pageSearch(search.page),
  }),
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ context, deps }) =>
    loadContent(
      context,
      context.queryClient.ensureQueryData(
        moviePageQueryOptions(context.lang, pageNumber(deps.page)),
      ),
    ),
  // Each page is its own canonical URL (page 1 without ?page).
  head: ({ match }) =>
    crumbHead(match, {
      trail: [[messages.title, "/movies"]],
      description: messages.lead,
      search: { page: match.search.page },
    }),
  component: MovieListPageRoute,
});

function MovieListPageRoute() {
  const { page } = Route.useSearch();
  return <MovieListPage page={pageNumber(page)} />;
}
