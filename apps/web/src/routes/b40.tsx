import { createFileRoute } from "@tanstack/react-router";
import { B40Page } from "../features/b40/components/b40-page";
import { messageHead } from "../shared/route-head";
import { b40PageMessages as messages } from "../features/b40/messages";

export const Route = createFileRoute("/b40")({
  head: ({ match }) =>
    messageHead(match, {
      path: "/b40",
      title: messages.title,
      description: messages.lead,
    }),
  component: B40Page,
});
