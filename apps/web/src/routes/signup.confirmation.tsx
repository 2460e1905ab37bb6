import { createFileRoute } from "@tanstack/react-router";
import { productOf, productSearch } from "../features/fibre-journey/api/journey-search";
import { defineMessages } from "react-intl";
import { ConfirmationPage } from "../features/fibre-journey/components/confirmation-page";
import { messageHead } from "../shared/route-head";

const messages = defineMessages({
  title: {
    id: "fibre.confirmation.title",
    defaultMessage: "Thank you, your sign-up is in",
    description: "Confirmation page heading and document title",
  },
  lead: {
    id: "fibre.confirmation.lead",
    defaultMessage: "We have received your Suria Fibre sign-up.",
    description: "Confirmation page intro and meta description",
  },
});

export const Route = createFileRoute("/signup/confirmation")({
  validateSearch: (search: Record<string, unknown>): { product?: "tv" } =>
    productSearch(productOf(search)),
  head: ({ match }) =>
    messageHead(match, {
      path: "/signup/confirmation",
      title: messages.title,
      description: messages.lead,
      noindex: true,
    }),
  component: ConfirmationRoute,
});

function ConfirmationRoute() {
  return <ConfirmationPage product={productOf(Route.useSearch())} />;
}
