import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { B40Page } from "../features/b40/components/b40-page";
import { messageHead } from "../shared/route-head";

const messages = defineMessages({
  title: {
    id: "b40.title",
    defaultMessage: "B40 rebate check",
    description: "B40 page title",
  },
  lead: {
    id: "b40.lead",
    defaultMessage:
      "Households in the B40 income group get a rebate on Suria Fibre. Check your eligibility with your MyKad number.",
    description: "B40 page intro and meta description",
  },
});

export const Route = createFileRoute("/b40")({
  head: ({ match }) =>
    messageHead(match, {
      path: "/b40",
      title: messages.title,
      description: messages.lead,
    }),
  component: B40Page,
});
