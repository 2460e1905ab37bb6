import { defineMessages } from "react-intl";

/** The listing's heading and intro: also its page's title and description, and the parent in its
 * detail pages' breadcrumbs (the route files read them for head()). */
export const movieListMessages = defineMessages({
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
