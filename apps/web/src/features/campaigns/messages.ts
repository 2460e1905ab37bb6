import { defineMessages } from "react-intl";

/** The listing's heading and intro: also its page's title and description, and the parent in its
 * detail pages' breadcrumbs (the route files read them for head()). */
export const campaignListMessages = defineMessages({
  title: {
    id: "campaigns.title",
    defaultMessage: "Promotions",
    description: "Campaign listing heading and title",
  },
  lead: {
    id: "campaigns.lead",
    defaultMessage: "Offers on Suria Fibre and Suria TV, running now and coming soon.",
    description: "Campaign listing intro",
  },
});
