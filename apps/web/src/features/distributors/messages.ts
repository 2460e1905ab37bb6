import { defineMessages } from "react-intl";

/** The page's heading and intro: also its title and description (the route reads them for head()). */
export const distributorsPageMessages = defineMessages({
  title: {
    id: "distributors.title",
    defaultMessage: "Distributors",
    description: "Distributors page heading and title",
  },
  titleState: {
    id: "distributors.title.state",
    defaultMessage: "Distributors in {state}",
    description: "Distributors page title with a state",
  },
  lead: {
    id: "distributors.lead",
    defaultMessage: "Find an authorised Suria distributor near you.",
    description: "Distributors page intro",
  },
});
