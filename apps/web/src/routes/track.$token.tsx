import { createFileRoute } from "@tanstack/react-router";
import {
  orderSlotsQueryOptions,
  orderTrackingQueryOptions,
} from "../features/order-tracking/api/order-tracking";
import { OrderTrackingPage } from "../features/order-tracking/components/order-tracking-page";
import { trackingHeadMessages as messages } from "../features/order-tracking/head-messages";
import { trackingSearch } from "../features/order-tracking/search";
import { DetailPending } from "../shared/components/route-states";
import { messageHead } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";

// Issue 24: the order's signed tracking link. A tampered, expired or unknown token is the site's
// plain 404 page (the services answer 404 and say nothing more). The server never keeps or shares
// the page (src/server/cache-key.ts, PRIVATE_PATHS: private, no-store) and it is not indexed.
// `?done=` and `?error=` carry the outcome of a form posted without scripts (change the slot,
// cancel; src/server/tracking-forms.ts), `?step=cancel` the cancel question.
export const Route = createFileRoute("/track/$token")({
  validateSearch: trackingSearch,
  loader: ({ context, params }) =>
    loadContent(
      context,
      context.queryClient
        .ensureQueryData(orderTrackingQueryOptions(context.lang, params.token))
        .then((order) =>
          // The slots it can move to, rendered on the server for a visitor without scripts.
          order?.rescheduling?.open
            ? context.queryClient.ensureQueryData(orderSlotsQueryOptions(params.token))
            : undefined,
        ),
    ),
  head: ({ match }) =>
    messageHead(match, {
      // Not the token: the head's URLs (og:url) must not carry it.
      path: "/track",
      title: messages.pageTitle,
      description: messages.pageLead,
      noindex: true,
    }),
  pendingComponent: DetailPending,
  component: TrackingRoute,
});

function TrackingRoute() {
  const { token } = Route.useParams();
  const search = Route.useSearch();
  return <OrderTrackingPage token={token} search={search} />;
}
