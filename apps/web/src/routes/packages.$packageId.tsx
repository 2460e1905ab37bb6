import { createFileRoute } from "@tanstack/react-router";
import { packageQueryOptions } from "../features/packages/api/get-packages";
import { PackageDetailPage } from "../features/packages/components/package-detail-page";
import { DetailPending } from "../shared/components/route-states";
import { currentLanguage } from "../shared/language";
import { orNotFound } from "../shared/route-helpers";

export const Route = createFileRoute("/packages/$packageId")({
  loader: ({ context: { queryClient }, params }) =>
    orNotFound(
      queryClient.ensureQueryData(packageQueryOptions(currentLanguage(), params.packageId)),
    ),
  pendingComponent: DetailPending,
  component: DetailRoute,
});

function DetailRoute() {
  const { packageId } = Route.useParams();
  return <PackageDetailPage id={packageId} />;
}
