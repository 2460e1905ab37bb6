import { createFileRoute } from "@tanstack/react-router";
import { EntitledPage } from "../features/entitled/components/entitled-page";
import { optionalString } from "../shared/search-params";

export const Route = createFileRoute("/entitled-fibre")({
  // The product token arrives in the link (?token=); it stays a string.
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: optionalString(search.token),
  }),
  component: EntitledRoute,
});

function EntitledRoute() {
  const { token } = Route.useSearch();
  return <EntitledPage token={token} />;
}
