import { defineMessages } from "react-intl";

/** The page's heading and intro: also its title and description (the route reads them for head()). */
export const entitledPageMessages = defineMessages({
  title: {
    id: "entitled.title",
    defaultMessage: "Suria Fibre offer for Suria TV customers",
    description: "Entitled-fibre page title",
  },
  lead: {
    id: "entitled.lead",
    defaultMessage: "Check whether your Suria TV account can get the Suria Fibre offer.",
    description: "Entitled-fibre page intro and meta description",
  },
});
