import { createFileRoute } from "@tanstack/react-router";
import {
  dealersQueryOptions,
  isStateSlug,
  type StateSlug,
} from "../features/distributors/api/get-dealers";
import { DistributorsPage } from "../features/distributors/components/distributors-page";

export const Route = createFileRoute("/distributors")({
  validateSearch: (search: Record<string, unknown>): { state?: StateSlug } => ({
    state: isStateSlug(search.state) ? search.state : undefined,
  }),
  loaderDeps: ({ search }) => ({ state: search.state }),
  loader: async ({ context: { queryClient }, deps }) => {
    if (deps.state) await queryClient.ensureQueryData(dealersQueryOptions(deps.state));
  },
  component: DistributorsRoute,
});

function DistributorsRoute() {
  const { state } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <DistributorsPage
      state={state}
      onStateChange={(next) => void navigate({ search: { state: next } })}
    />
  );
}
