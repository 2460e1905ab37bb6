import { createFileRoute } from "@tanstack/react-router";
import { EntitledPage } from "../features/entitled/components/entitled-page";
import { optionalString } from "../shared/search-params";
import { messageHead } from "../shared/route-head";
import { entitledPageMessages as messages } from "../features/entitled/messages";

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
