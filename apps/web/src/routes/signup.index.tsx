import { createFileRoute } from "@tanstack/react-router";
import { productOf, productSearch } from "../features/fibre-journey/api/journey-product";
import { SignupPage } from "../features/fibre-journey/components/signup-page";
import { messageHead, productName } from "../shared/route-head";
import { signupPageMessages as messages } from "../features/fibre-journey/messages";

export const Route = createFileRoute("/signup/")({
  validateSearch: (search: Record<string, unknown>): { product?: "tv" } =>
    productSearch(productOf(search)),
  head: ({ match }) =>
    messageHead(match, {
      path: "/signup",
      title: messages.title,
      description: messages.lead,
      // The router's match keeps the raw search: only a known product names the page.
      values: { product: productName(match, productOf(match.search)) },
      noindex: true,
    }),
  component: SignupRoute,
});

function SignupRoute() {
  return <SignupPage product={productOf(Route.useSearch())} />;
}
