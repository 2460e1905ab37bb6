import { defineMessages } from "react-intl";

/** The page's heading and intro: also its title and description (the route reads them for head()). */
export const contactPageMessages = defineMessages({
  title: {
    id: "contact.title",
    defaultMessage: "Contact us",
    description: "Contact-us page title",
  },
  lead: {
    id: "contact.lead",
    defaultMessage: "Leave your details and our team will call you about Suria TV.",
    description: "Contact-us page intro and meta description",
  },
});
