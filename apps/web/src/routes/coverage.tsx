import { createFileRoute } from "@tanstack/react-router";
import { CoveragePage } from "../features/fibre-journey/components/coverage-page";

export const Route = createFileRoute("/coverage")({
  validateSearch: (search: Record<string, unknown>): { postcode?: string } => ({
    postcode:
      typeof search.postcode === "string" && search.postcode.length <= 5
        ? search.postcode
        : undefined,
  }),
  component: CoverageRoute,
});

function CoverageRoute() {
  const { postcode } = Route.useSearch();
  return <CoveragePage postcode={postcode} />;
}
