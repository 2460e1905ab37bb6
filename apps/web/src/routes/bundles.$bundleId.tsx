import { createFileRoute } from "@tanstack/react-router";
import { bundleQueryOptions } from "../features/bundles/api/get-bundles";
import { BundleDetailPage } from "../features/bundles/components/bundle-detail-page";
import { DetailPending } from "../shared/components/route-states";
import { currentLanguage } from "../shared/language";
import { orNotFound } from "../shared/route-helpers";

export const Route = createFileRoute("/bundles/$bundleId")({
  loader: ({ context: { queryClient }, params }) =>
    orNotFound(queryClient.ensureQueryData(bundleQueryOptions(currentLanguage(), params.bundleId))),
  pendingComponent: DetailPending,
  component: DetailRoute,
});

function DetailRoute() {
  const { bundleId } = Route.useParams();
  return <BundleDetailPage id={bundleId} />;
}
