import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { movieListQueryOptions } from "../features/movies/api/get-movies";
import { MovieListPage } from "../features/movies/components/movie-list-page";
import { breadcrumbs, pageHead } from "../shared/head";
import { shellMessages } from "../shared/messages";
import { headTools } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";

const messages = defineMessages({
  title: {
    id: "movies.title",
    defaultMessage: "Movies",
    description: "Movie listing heading and title",
  },
  lead: {
    id: "movies.lead",
    defaultMessage: "Rent the latest films on Suria TV.",
    description: "Movie listing intro",
  },
});

export const Route = createFileRoute("/movies/")({
  loader: ({ context }) =>
    loadContent(context, context.queryClient.ensureQueryData(movieListQueryOptions(context.lang))),
  head: ({ match }) => {
    const { context, intl } = headTools(match);
    const title = intl.formatMessage(messages.title);
    return pageHead(context, {
      path: "/movies",
      title,
      description: intl.formatMessage(messages.lead),
      jsonLd: [
        breadcrumbs(context, [
          [intl.formatMessage(shellMessages.home), "/"],
          [title, "/movies"],
        ]),
      ],
    });
  },
  component: MovieListPage,
});
