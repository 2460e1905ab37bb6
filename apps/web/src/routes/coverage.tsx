import { createFileRoute } from "@tanstack/react-router";
import {
  originOf,
  originSearch,
  productOf,
  productSearch,
  type OriginSearch,
} from "../features/fibre-journey/api/journey-search";
import { CoveragePage } from "../features/fibre-journey/components/coverage-page";

export const Route = createFileRoute("/coverage")({
  // ?product=tv for Suria TV; ?package=, ?addOn= and ?referral= come from campaign, product,
  // pack and referral links (kept only when well formed).
  validateSearch: (
    search: Record<string, unknown>,
  ): OriginSearch & { product?: "tv"; postcode?: string } => ({
    ...productSearch(productOf(search)),
    postcode:
      typeof search.postcode === "string" && search.postcode.length <= 5
        ? search.postcode
        : undefined,
    ...originSearch(search),
  }),
  component: CoverageRoute,
});

function CoverageRoute() {
  const search = Route.useSearch();
  return (
    <CoveragePage
      product={productOf(search)}
      origin={originOf(search)}
      postcode={search.postcode}
    />
  );
}
