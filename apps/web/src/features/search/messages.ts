import { defineMessages } from "react-intl";

/** The page's heading and intro: also its title and description (the route reads them for head()). */
export const searchMessages = defineMessages({
  title: {
    id: "search.title",
    defaultMessage: "Search",
    description: "Search page heading and title",
  },
  titleKeyword: {
    id: "search.title.keyword",
    defaultMessage: "Search results for “{keyword}”",
    description: "Search page title with a keyword",
  },
  lead: {
    id: "search.lead",
    defaultMessage:
      "Search plans, TV packages, packs, bundles, channels, movies, offers, stories and help answers, in Malay or English.",
    description: "Search page intro",
  },
});
