import { createFileRoute } from "@tanstack/react-router";
import { orderTrackingQueryOptions } from "../features/order-tracking/api/order-tracking";
import { OrderTrackingPage } from "../features/order-tracking/components/order-tracking-page";
import { trackingMessages as messages } from "../features/order-tracking/messages";
import { DetailPending } from "../shared/components/route-states";
import { messageHead } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";

// Issue 24: the order's signed tracking link. A tampered, expired or unknown token is the site's
// plain 404 page (the services answer 404 and say nothing more). The server never keeps or shares
// the page (src/server/cache-key.ts, PRIVATE_PATHS: private, no-store) and it is not indexed.
export const Route = createFileRoute("/track/$token")({
  loader: ({ context, params }) =>
    loadContent(
      context,
      context.queryClient.ensureQueryData(orderTrackingQueryOptions(context.lang, params.token)),
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
  return <OrderTrackingPage token={token} />;
}
