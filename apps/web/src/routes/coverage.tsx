import { createFileRoute } from "@tanstack/react-router";
import { productOf, productSearch } from "../features/fibre-journey/api/journey-product";
import type { OriginSearch } from "../features/fibre-journey/api/journey-search";
import { CoveragePage } from "../features/fibre-journey/components/coverage-page";
import { messageHead } from "../shared/route-head";
import { coveragePageMessages as messages } from "../features/fibre-journey/messages";

/** The link's plan, pack and referral code as short strings (checked in the component). */
function textSearch(search: Record<string, unknown>): OriginSearch {
  const text = (value: unknown) =>
    typeof value === "string" && value.length <= 64 ? value : undefined;
  return {
    package: text(search.package),
    addOn: text(search.addOn),
    referral: text(search.referral),
  };
}

export const Route = createFileRoute("/coverage")({
  // ?product=tv for Suria TV; ?package=, ?addOn= and ?referral= come from campaign, product,
  // pack and referral links: strings here (the route tree stays free of valibot), checked by
  // originSearch when the journey's code has loaded (coverage-journey.tsx).
  validateSearch: (
    search: Record<string, unknown>,
  ): OriginSearch & { product?: "tv"; postcode?: string } => ({
    ...productSearch(productOf(search)),
    postcode:
      typeof search.postcode === "string" && search.postcode.length <= 5
        ? search.postcode
        : undefined,
    ...textSearch(search),
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
  return <CoveragePage product={productOf(search)} origin={search} postcode={search.postcode} />;
}
