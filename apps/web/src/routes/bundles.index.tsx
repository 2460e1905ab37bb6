import { createFileRoute } from "@tanstack/react-router";
import { bundleListQueryOptions } from "../features/bundles/api/get-bundles";
import { BundleListPage } from "../features/bundles/components/bundle-list-page";
import { currentLanguage } from "../shared/language";

export const Route = createFileRoute("/bundles/")({
  loader: ({ context: { queryClient } }) =>
    queryClient.ensureQueryData(bundleListQueryOptions(currentLanguage())),
  component: BundleListPage,
});
