import { defineMessages } from "react-intl";

/** Strings shared by several screens of the fibre journey. */
export const journeyMessages = defineMessages({
  requestFailed: {
    id: "fibre.error.request",
    defaultMessage: "Something went wrong on our side. Check your connection, then try again.",
    description: "Generic failure of a journey call",
  },
  sessionTitle: {
    id: "fibre.session.title",
    defaultMessage: "Your sign-up session has ended",
    description: "Heading when the lead token is missing mid-journey",
  },
  sessionBody: {
    id: "fibre.session.body",
    defaultMessage:
      "We could not find your saved sign-up on this device (it expired or was cleared). Check your address again to start a new one; it only takes a minute.",
    description: "Text when the lead token is missing mid-journey",
  },
  startAgain: {
    id: "fibre.session.start-again",
    defaultMessage: "Start again",
    description: "Button that starts a new journey",
  },
  notStartedTitle: {
    id: "fibre.not-started.title",
    defaultMessage: "Start by checking your address",
    description: "Heading when the sign-up page is opened without a journey",
  },
  notStartedBody: {
    id: "fibre.not-started.body",
    defaultMessage: "Sign-up opens once we know Suria Fibre is available at your home.",
    description: "Text when the sign-up page is opened without a journey",
  },
  checkCoverage: {
    id: "fibre.not-started.check",
    defaultMessage: "Check fibre coverage",
    description: "Link to the coverage page",
  },
  newTab: {
    id: "fibre.new-tab",
    defaultMessage: "(opens in a new tab)",
    description: "Screen reader hint after a link that opens a new tab",
  },
  noPayment: {
    id: "fibre.package.no-payment",
    defaultMessage: "No payment now: your first {product} bill comes after installation.",
    description: "Payment note",
  },
  fixErrors: {
    id: "fibre.form.fix-errors",
    defaultMessage:
      "{count, plural, one {Check the field marked below.} other {Check the # fields marked below.}}",
    description: "Summary when a form has invalid fields",
  },
});
