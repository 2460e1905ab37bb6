import { createFileRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import { supportIndexQueryOptions } from "../features/support/api/get-support";
import { SupportHomePage } from "../features/support/components/support-home-page";
import { currentLanguage } from "../shared/language";
import { optionalString } from "../shared/search-params";

export const Route = createFileRoute("/support/")({
  validateSearch: (search: Record<string, unknown>): { q?: string } => ({
    q: optionalString(search.q),
  }),
  loader: ({ context: { queryClient } }) =>
    queryClient.ensureQueryData(supportIndexQueryOptions(currentLanguage())),
  component: SupportRoute,
});

function SupportRoute() {
  const { q } = Route.useSearch();
  const navigate = Route.useNavigate();
  // Typing replaces the history entry: Back leaves the search instead of replaying each keystroke.
  const onQueryChange = useCallback(
    (next: string | undefined) =>
      void navigate({ search: (prev) => ({ ...prev, q: next }), replace: true }),
    [navigate],
  );
  return <SupportHomePage query={q} onQueryChange={onQueryChange} />;
}
