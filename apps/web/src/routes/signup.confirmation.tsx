import { createFileRoute } from "@tanstack/react-router";
import { productOf, productSearch } from "../features/fibre-journey/api/journey-product";
import { ConfirmationPage } from "../features/fibre-journey/components/confirmation-page";
import { messageHead, productName } from "../shared/route-head";
import { confirmationPageMessages as messages } from "../features/fibre-journey/messages";

export const Route = createFileRoute("/signup/confirmation")({
  validateSearch: (search: Record<string, unknown>): { product?: "tv" } =>
    productSearch(productOf(search)),
  head: ({ match }) =>
    messageHead(match, {
      path: "/signup/confirmation",
      title: messages.pageTitle,
      description: messages.lead,
      // The router's match keeps the raw search: only a known product names the page.
      values: { product: productName(match, productOf(match.search)) },
      noindex: true,
    }),
  component: ConfirmationRoute,
});

function ConfirmationRoute() {
  return <ConfirmationPage product={productOf(Route.useSearch())} />;
}
