import { createFileRoute } from "@tanstack/react-router";
import { openCoverageNotice } from "../features/order-tracking/api/open-coverage-notice";
import { CoverageNoticePage } from "../features/order-tracking/components/coverage-notice-page";
import { coverageNoticeHeadMessages as messages } from "../features/order-tracking/head-messages";
import { withLeadFlow } from "../shared/lead-flow";
import { messageHead } from "../shared/route-head";

// Issue 24, "Notify me when it arrives": the link of the SMS a coverage import sends. The journey
// opens at the registered address with the plan wanted and goes on at the plan step on /signup.
// Never kept by the server (src/server/cache-key.ts, PRIVATE_PATHS), not indexed.
export const Route = createFileRoute("/signup/notify/$token")({
  // A client navigation to the link (a page loaded from the server asks as it creates the journey).
  onEnter: ({ params }) =>
    withLeadFlow("fibre", (flow) => void openCoverageNotice(flow, params.token)),
  head: ({ match }) =>
    messageHead(match, {
      path: "/signup/notify",
      title: messages.pageTitle,
      description: messages.pageLead,
      noindex: true,
    }),
  component: NoticeRoute,
});

function NoticeRoute() {
  const { token } = Route.useParams();
  return <CoverageNoticePage token={token} />;
}
