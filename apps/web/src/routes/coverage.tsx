import { createFileRoute } from "@tanstack/react-router";
import { productOf, productSearch } from "../features/fibre-journey/api/journey-product";
import { CoveragePage } from "../features/fibre-journey/components/coverage-page";
import { coveragePageMessages as messages } from "../features/fibre-journey/messages";
import { enterLeadFlow } from "../shared/lead-flow";
import { messageHead } from "../shared/route-head";

/** A link into the journey: its plan, pack, referral code and postcode, as short strings. */
type EntryLink = {
  package?: string;
  addOn?: string;
  referral?: string;
  postcode?: string;
};

const text = (value: unknown) =>
  typeof value === "string" && value.length <= 64 ? value : undefined;

export const Route = createFileRoute("/coverage")({
  // ?product=tv for Suria TV; ?package=, ?addOn=, ?referral= and ?postcode= come from campaign,
  // product, pack and referral links. The flow parses them (originFromSearch, a malformed value
  // is dropped): the journey is created with them, or enters them on a client navigation.
  validateSearch: (search: Record<string, unknown>): EntryLink & { product?: "tv" } => ({
    ...productSearch(productOf(search)),
    package: text(search.package),
    addOn: text(search.addOn),
    referral: text(search.referral),
    postcode: text(search.postcode),
  }),
  onEnter: ({ search }) => enterLeadFlow(productOf(search), search),
  onStay: ({ search }) => enterLeadFlow(productOf(search), search),
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
  return <CoveragePage product={productOf(search)} entry={search} />;
}
