import { createFileRoute } from "@tanstack/react-router";
import { productOf, productSearch } from "../features/fibre-journey/api/journey-search";
import { SignupPage } from "../features/fibre-journey/components/signup-page";

export const Route = createFileRoute("/signup/")({
  validateSearch: (search: Record<string, unknown>): { product?: "tv" } =>
    productSearch(productOf(search)),
  component: SignupRoute,
});

function SignupRoute() {
  return <SignupPage product={productOf(Route.useSearch())} />;
}
