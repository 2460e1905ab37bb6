import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { EntitledPage } from "../features/entitled/components/entitled-page";
import { optionalString } from "../shared/search-params";
import { messageHead } from "../shared/route-head";

const messages = defineMessages({
  title: {
    id: "entitled.title",
    defaultMessage: "Suria Fibre offer for Suria TV customers",
    description: "Entitled-fibre page title",
  },
  lead: {
    id: "entitled.lead",
    defaultMessage: "Check whether your Suria TV account can get the Suria Fibre offer.",
    description: "Entitled-fibre page intro and meta description",
  },
});

export const Route = createFileRoute("/entitled-fibre")({
  // The product token arrives in the link (?token=); it stays a string.
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: optionalString(search.token),
  }),
  head: ({ match }) =>
    messageHead(match, {
      path: "/entitled-fibre",
      title: messages.title,
      description: messages.lead,
      noindex: true,
    }),
  component: EntitledRoute,
});

function EntitledRoute() {
  const { token } = Route.useSearch();
  return <EntitledPage token={token} />;
}
