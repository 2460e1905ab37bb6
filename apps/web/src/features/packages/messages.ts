import { defineMessages } from "react-intl";

/** The listing's heading and intro: also its page's title and description, and the parent in its
 * detail pages' breadcrumbs (the route files read them for head()). */
export const packageListMessages = defineMessages({
  title: {
    id: "packages.title",
    defaultMessage: "Add-on packs",
    description: "Package listing heading and title",
  },
  lead: {
    id: "packages.lead",
    defaultMessage: "Add more channels to your Suria TV package.",
    description: "Package listing intro",
  },
});
