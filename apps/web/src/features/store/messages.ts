import { defineMessages } from "react-intl";

/** The listing's heading and intro: also its page's title and description, and the parent in its
 * detail pages' breadcrumbs (the route files read them for head()). */
export const articleListMessages = defineMessages({
  title: {
    id: "store.title",
    defaultMessage: "Stories",
    description: "Store article listing heading and title",
  },
  lead: {
    id: "store.lead",
    defaultMessage: "News, tips and stories from Suria.",
    description: "Store article listing intro",
  },
});
