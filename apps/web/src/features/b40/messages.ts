import { defineMessages } from "react-intl";

/** The page's heading and intro: also its title and description (the route reads them for head()). */
export const b40PageMessages = defineMessages({
  title: {
    id: "b40.title",
    defaultMessage: "B40 rebate check",
    description: "B40 page title",
  },
  lead: {
    id: "b40.lead",
    defaultMessage:
      "Households in the B40 income group get a rebate on Suria Fibre. Check your eligibility with your MyKad number.",
    description: "B40 page intro and meta description",
  },
});
