import { createFileRoute } from "@tanstack/react-router";
import { packageListQueryOptions } from "../features/packages/api/get-packages";
import { PackageListPage } from "../features/packages/components/package-list-page";
import { currentLanguage } from "../shared/language";

export const Route = createFileRoute("/packages/")({
  loader: ({ context: { queryClient } }) =>
    queryClient.ensureQueryData(packageListQueryOptions(currentLanguage())),
  component: PackageListPage,
});
