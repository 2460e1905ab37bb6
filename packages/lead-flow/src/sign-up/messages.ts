import { defineMessages } from "react-intl";

/**
 * Strings several steps of the sign-up share. Each step declares its own beside its code; the
 * catalogs `lang/bm.json` and `lang/en.json` carry them all (a test checks both languages).
 */
export const common = defineMessages({
  fibreName: {
    id: "signup.product.fibre",
    defaultMessage: "Suria Fibre",
    description: "Name of the fibre product (a brand: the same in every language)",
  },
  tvName: {
    id: "signup.product.tv",
    defaultMessage: "Suria TV",
    description: "Name of the satellite TV product (a brand: the same in every language)",
  },
  requestFailed: {
    id: "signup.error.request",
    defaultMessage: "Something went wrong on our side. Check your connection, then try again.",
    description: "Generic failure of a journey call",
  },
  newTab: {
    id: "signup.new-tab",
    defaultMessage: "(opens in a new tab)",
    description: "Screen reader hint after a link that opens a new tab",
  },
  noPayment: {
    id: "signup.no-payment",
    defaultMessage: "No payment now: your first {product} bill comes after installation.",
    description: "Payment note",
  },
  changeAddress: {
    id: "signup.change-address",
    defaultMessage: "Change address",
    description: "Link back to the address step",
  },
  checkCoverage: {
    id: "signup.check-coverage",
    defaultMessage: "Check fibre coverage",
    description: "Link to the address step of a fibre sign-up",
  },
  checkAddress: {
    id: "signup.check-address",
    defaultMessage: "Find your address",
    description: "Link to the address step of a TV sign-up",
  },
  registerInterest: {
    id: "signup.register-interest",
    defaultMessage: "Register interest",
    description: "Link to register interest",
  },
  speed: {
    id: "signup.speed",
    defaultMessage: "{speed} Mbps",
    description: "A plan's download speed",
  },
  contractMonths: {
    id: "signup.contract.months",
    defaultMessage:
      "{months, plural, =0 {No contract} one {{months} month contract} other {{months} months contract}}",
    description: "Contract length of a plan",
  },
  saving: {
    id: "signup.saving",
    defaultMessage: "Saving…",
    description: "A step's answers being saved",
  },
  loading: {
    id: "signup.loading",
    defaultMessage: "Loading your sign-up…",
    description: "Accessible name of the placeholder shown until the saved sign-up is read",
  },
});
