import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { productOf, productSearch } from "../features/fibre-journey/api/journey-search";
import { SignupPage } from "../features/fibre-journey/components/signup-page";
import { messageHead } from "../shared/route-head";

const messages = defineMessages({
  title: {
    id: "fibre.signup.title",
    defaultMessage: "Sign up for Suria Fibre",
    description: "Sign-up page heading and document title",
  },
  lead: {
    id: "fibre.signup.lead",
    defaultMessage:
      "Five short steps: your details, a code by SMS, consent, a document and your package. Your progress is saved on this device.",
    description: "Sign-up page intro and meta description",
  },
});

export const Route = createFileRoute("/signup/")({
  validateSearch: (search: Record<string, unknown>): { product?: "tv" } =>
    productSearch(productOf(search)),
  head: ({ match }) =>
    messageHead(match, {
      path: "/signup",
      title: messages.title,
      description: messages.lead,
      noindex: true,
    }),
  component: SignupRoute,
});

function SignupRoute() {
  return <SignupPage product={productOf(Route.useSearch())} />;
}
