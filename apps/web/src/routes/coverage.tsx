import { createFileRoute } from "@tanstack/react-router";
import { CoveragePage } from "../features/fibre-journey/components/coverage-page";

export const Route = createFileRoute("/coverage")({
  validateSearch: (search: Record<string, unknown>): { postcode?: string; package?: string } => ({
    postcode:
      typeof search.postcode === "string" && search.postcode.length <= 5
        ? search.postcode
        : undefined,
    // Checked as an identifier by the page (the rule lives in @portal/validation).
    package:
      typeof search.package === "string" && search.package.length <= 64
        ? search.package
        : undefined,
  }),
  component: CoverageRoute,
});

function CoverageRoute() {
  const search = Route.useSearch();
  return <CoveragePage postcode={search.postcode} packageId={search.package} />;
}
