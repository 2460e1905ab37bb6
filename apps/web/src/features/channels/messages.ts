import { defineMessages } from "react-intl";

/** The listing's heading and intro: also its page's title and description, and the parent in its
 * detail pages' breadcrumbs (the route files read them for head()). */
export const channelListMessages = defineMessages({
  title: {
    id: "channels.title",
    defaultMessage: "Channels",
    description: "Channel listing heading and title",
  },
  lead: {
    id: "channels.lead",
    defaultMessage: "Every channel on Suria TV, by channel number.",
    description: "Channel listing intro and meta description",
  },
});
