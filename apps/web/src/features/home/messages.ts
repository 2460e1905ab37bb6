import { defineMessages } from "react-intl";

/** The home page's messages, shared by its first screen and its sections below the fold. */
export const homeMessages = defineMessages({
  title: {
    id: "home.title",
    defaultMessage: "Suria TV and Suria Fibre",
    description: "Home page document title",
  },
  description: {
    id: "home.description",
    defaultMessage:
      "Satellite TV channels, movies and add-on packs, and fast home fibre broadband from Suria.",
    description: "Home page meta description",
  },
  fibreCombos: {
    id: "home.combos.fibre",
    defaultMessage: "Suria Fibre plans",
    description: "Home section heading: fibre combos",
  },
  tvCombos: {
    id: "home.combos.tv",
    defaultMessage: "Suria TV packages",
    description: "Home section heading: TV combos",
  },
  seeAll: {
    id: "home.see-all",
    defaultMessage: "See all",
    description: "Link to the full list of a home section",
  },
  channels: {
    id: "home.channels",
    defaultMessage: "Featured channels",
    description: "Home section heading",
  },
  movies: {
    id: "home.movies",
    defaultMessage: "Movies to rent",
    description: "Home section heading",
  },
  articles: {
    id: "home.articles",
    defaultMessage: "Latest stories",
    description: "Home section heading",
  },
  noCombos: {
    id: "home.combos.empty",
    defaultMessage: "No plans are on offer right now.",
    description: "Empty combo list",
  },
});
