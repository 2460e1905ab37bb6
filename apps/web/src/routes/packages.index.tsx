import { createFileRoute } from "@tanstack/react-router";
import { packageListQueryOptions } from "../features/packages/api/get-packages";
import { PackageListPage } from "../features/packages/components/package-list-page";
import { crumbHead } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";
import { packageListMessages } from "../features/packages/messages";

const messages = packageListMessages;

export const Route = createFileRoute("/packages/")({
  loader: ({ context }) =>
    loadContent(
      context,
      context.queryClient.ensureQueryData(packageListQueryOptions(context.lang)),
    ),
  head: ({ match }) =>
    crumbHead(match, { trail: [[messages.title, "/packages"]], description: messages.lead }),
  component: PackageListPage,
});
