import { defineMessages } from "react-intl";

/** The listing's heading and intro: also its page's title and description, and the parent in its
 * detail pages' breadcrumbs (the route files read them for head()). */
export const bundleListMessages = defineMessages({
  title: {
    id: "bundles.title",
    defaultMessage: "Bundles",
    description: "Bundle listing heading and title",
  },
  lead: {
    id: "bundles.lead",
    defaultMessage: "Fibre broadband and TV together, for one monthly price.",
    description: "Bundle listing intro",
  },
});
