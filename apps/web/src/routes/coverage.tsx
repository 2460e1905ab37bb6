import { createFileRoute } from "@tanstack/react-router";
import {
  originOf,
  originSearch,
  productOf,
  productSearch,
  type OriginSearch,
} from "../features/fibre-journey/api/journey-search";
import { CoveragePage } from "../features/fibre-journey/components/coverage-page";
import { messageHead } from "../shared/route-head";
import { coveragePageMessages as messages } from "../features/fibre-journey/messages";

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
  head: ({ match }) => {
    const tv = match.search.product === "tv";
    return messageHead(match, {
      path: "/coverage",
      title: tv ? messages.tvTitle : messages.title,
      description: tv ? messages.tvLead : messages.lead,
      noindex: tv,
    });
  },
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
