import { createFileRoute } from "@tanstack/react-router";
import { productOf, productSearch } from "../features/fibre-journey/api/journey-product";
import { continueJourney } from "../features/order-tracking/api/continue-journey";
import { ContinuePage } from "../features/order-tracking/components/continue-page";
import { continueHeadMessages as messages } from "../features/order-tracking/head-messages";
import { withLeadFlow } from "../shared/lead-flow";
import { messageHead } from "../shared/route-head";

// Issue 24, "Continue on your phone": the link (or QR code) made on another device. The journey
// redeems the code (once) and goes on at the same step on /signup. Never kept by the server
// (src/server/cache-key.ts, PRIVATE_PATHS), not indexed.
export const Route = createFileRoute("/signup/continue/$code")({
  validateSearch: (search: Record<string, unknown>): { product?: "tv" } =>
    productSearch(productOf(search)),
  // A client navigation to the link (a page loaded from the server asks as it creates the journey).
  onEnter: ({ params, search }) =>
    withLeadFlow(productOf(search), (flow) => void continueJourney(flow, params.code)),
  head: ({ match }) =>
    messageHead(match, {
      path: "/signup/continue",
      title: messages.pageTitle,
      description: messages.pageLead,
      noindex: true,
    }),
  component: ContinueRoute,
});

function ContinueRoute() {
  const { code } = Route.useParams();
  return <ContinuePage code={code} product={productOf(Route.useSearch())} />;
}
