import { createFileRoute } from "@tanstack/react-router";
import { productOf, productSearch } from "../features/fibre-journey/api/journey-product";
import { RegisterInterestPage } from "../features/fibre-journey/components/register-interest-page";
import { registerInterestPageMessages as messages } from "../features/fibre-journey/messages";
import { messageHead, productName } from "../shared/route-head";

// The form is prefilled by the journey (an address fibre does not reach, the search typed).
export const Route = createFileRoute("/register-interest")({
  validateSearch: (search: Record<string, unknown>): { product?: "tv" } =>
    productSearch(productOf(search)),
  head: ({ match }) => {
    // The router's match keeps the raw search: only a known product names the page.
    const product = productOf(match.search);
    return messageHead(match, {
      path: "/register-interest",
      title: messages.title,
      description: product === "tv" ? messages.tvLead : messages.lead,
      values: { product: productName(match, product) },
      noindex: true,
    });
  },
  component: RegisterInterestRoute,
});

function RegisterInterestRoute() {
  return <RegisterInterestPage product={productOf(Route.useSearch())} />;
}
