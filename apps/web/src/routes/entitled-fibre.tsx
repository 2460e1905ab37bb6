import { createFileRoute } from "@tanstack/react-router";
import { checkEntitledFibre } from "../features/entitled/api/check-entitled";
import { EntitledPage } from "../features/entitled/components/entitled-page";
import { withLeadFlow } from "../shared/lead-flow";
import { optionalString } from "../shared/search-params";
import { messageHead } from "../shared/route-head";
import { entitledPageMessages as messages } from "../features/entitled/messages";

export const Route = createFileRoute("/entitled-fibre")({
  // The product token arrives in the link (?token=); it stays a string.
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: optionalString(search.token),
  }),
  // The check the link asks for, by a client navigation (a page loaded from the server asks when
  // it creates the journey, see EntitledPage). An empty token is refused by the flow with
  // '{product} Token is unavailable'.
  onEnter: ({ search }) => checkEntitled(search.token),
  // Another token in the URL (not a language switch) is checked again.
  onStay: ({ search }) => {
    if (search.token !== checkedToken) checkEntitled(search.token);
  },
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

let checkedToken: string | undefined;

/** A client navigation to the page: the journey checks the link's token. */
function checkEntitled(token: string | undefined) {
  checkedToken = token;
  withLeadFlow("fibre", (flow) => checkEntitledFibre(flow, token));
}
