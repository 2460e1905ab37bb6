import { defineMessages } from "react-intl";

// Each page's title and description, apart from its other messages: the route heads import them,
// and every page's entry carries the route heads (the rest loads with the page's own chunk).

/** The order tracking page's head. */
export const trackingHeadMessages = defineMessages({
  pageTitle: {
    id: "fibre.tracking.page-title",
    defaultMessage: "Follow your order",
    description: "Document title of the order tracking page",
  },
  pageLead: {
    id: "fibre.tracking.page-lead",
    defaultMessage: "Where your order is, step by step.",
    description: "Meta description of the order tracking page",
  },
});

/** The continue page's head. */
export const continueHeadMessages = defineMessages({
  pageTitle: {
    id: "fibre.continue.page-title",
    defaultMessage: "Continue your sign-up",
    description: "Document title and heading of the continue page",
  },
  pageLead: {
    id: "fibre.continue.page-lead",
    defaultMessage: "Your sign-up from another device, at the same step.",
    description: "Meta description of the continue page",
  },
});

/** The coverage link's page's head. */
export const coverageNoticeHeadMessages = defineMessages({
  pageTitle: {
    id: "fibre.notice.page-title",
    defaultMessage: "Fibre has reached your address",
    description: "Document title and heading of the coverage link's page",
  },
  pageLead: {
    id: "fibre.notice.page-lead",
    defaultMessage: "Sign up at the address you registered, with the plan you wanted.",
    description: "Meta description of the coverage link's page",
  },
});
