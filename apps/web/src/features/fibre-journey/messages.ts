import { defineMessages } from "react-intl";

/** The page's title and intro (Suria Fibre or Suria TV): its heading and its head() in the route. */
export const coveragePageMessages = defineMessages({
  title: {
    id: "fibre.coverage.title",
    defaultMessage: "Check fibre coverage",
    description: "Coverage page heading and document title",
  },
  lead: {
    id: "fibre.coverage.lead",
    defaultMessage:
      "Enter your address to see whether Suria Fibre can be installed at your home. It takes a minute.",
    description: "Coverage page intro and meta description",
  },
  tvTitle: {
    id: "tv.address.title",
    defaultMessage: "Where should we install Suria TV?",
    description: "TV sign-up address page heading and document title",
  },
  tvLead: {
    id: "tv.address.lead",
    defaultMessage:
      "Suria TV comes by satellite, so it reaches every home. Find your address and choose your package next.",
    description: "TV sign-up address page intro and meta description",
  },
});

/** The page's title and intro (Suria Fibre or Suria TV): its heading and its head() in the route. */
export const registerInterestPageMessages = defineMessages({
  title: {
    id: "interest.title",
    defaultMessage: "Register your interest in {product}",
    description: "Register interest page heading and document title",
  },
  lead: {
    id: "interest.lead",
    defaultMessage:
      "Fibre is not at your address yet? Leave your details and we will tell you as soon as it arrives.",
    description: "Register interest page intro and meta description",
  },
  tvLead: {
    id: "interest.tv.lead",
    defaultMessage:
      "Not ready to sign up online? Leave your details and a Suria TV adviser will call you.",
    description: "Register interest page intro for Suria TV",
  },
});

/** The page's title and intro (Suria Fibre or Suria TV): its heading and its head() in the route. */
export const signupPageMessages = defineMessages({
  title: {
    id: "fibre.signup.title",
    defaultMessage: "Sign up for {product}",
    description: "Sign-up page heading and document title",
  },
  lead: {
    id: "fibre.signup.lead",
    defaultMessage:
      "Seven short steps: your plan, your details, a code by SMS, consent, a document, the installation slot and a last look. Your progress is saved on this device.",
    description: "Sign-up page intro and meta description",
  },
});

/** The page's title and intro (Suria Fibre or Suria TV): its heading and its head() in the route. */
export const confirmationPageMessages = defineMessages({
  pageTitle: {
    id: "fibre.confirmation.page-title",
    defaultMessage: "Sign-up confirmation",
    description: "Document title of the confirmation page (said before knowing the outcome)",
  },
  lead: {
    id: "fibre.confirmation.lead",
    defaultMessage: "We have received your {product} sign-up.",
    description: "Confirmation text",
  },
});
