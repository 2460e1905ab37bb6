import { createFileRoute } from "@tanstack/react-router";
import { bundleListQueryOptions } from "../features/bundles/api/get-bundles";
import { BundleListPage } from "../features/bundles/components/bundle-list-page";
import { crumbHead } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";
import { bundleListMessages } from "../features/bundles/messages";

const messages = bundleListMessages;

export const Route = createFileRoute("/bundles/")({
  loader: ({ context }) =>
    loadContent(context, context.queryClient.ensureQueryData(bundleListQueryOptions(context.lang))),
  head: ({ match }) =>
    crumbHead(match, { trail: [[messages.title, "/bundles"]], description: messages.lead }),
  component: BundleListPage,
});
