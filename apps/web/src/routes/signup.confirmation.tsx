import { createFileRoute } from "@tanstack/react-router";
import { productOf, productSearch } from "../features/fibre-journey/api/journey-search";
import { ConfirmationPage } from "../features/fibre-journey/components/confirmation-page";

export const Route = createFileRoute("/signup/confirmation")({
  validateSearch: (search: Record<string, unknown>): { product?: "tv" } =>
    productSearch(productOf(search)),
  component: ConfirmationRoute,
});

function ConfirmationRoute() {
  return <ConfirmationPage product={productOf(Route.useSearch())} />;
}
