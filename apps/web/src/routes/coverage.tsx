import { createFileRoute } from "@tanstack/react-router";
import {
  originOf,
  originSearch,
  productOf,
  productSearch,
  type OriginSearch,
} from "../features/fibre-journey/api/journey-search";
import { defineMessages } from "react-intl";
import { CoveragePage } from "../features/fibre-journey/components/coverage-page";
import { messageHead } from "../shared/route-head";

const messages = defineMessages({
  title: {
    id: "fibre.coverage.title",
    defaultMessage: "Check fibre coverage",
    description: "Coverage page heading and document title",
  },
  lead: {
    id: "fibre.coverage.lead",
    defaultMessage:
      "Enter your address to see whether Suria Fibre can be installed at your home. It takes a minute.",
    description: "Coverage page intro and meta description",
  },
});

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
  head: ({ match }) =>
    messageHead(match, {
      path: "/coverage",
      title: messages.title,
      description: messages.lead,
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
