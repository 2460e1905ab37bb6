import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { packageListQueryOptions } from "../features/packages/api/get-packages";
import { PackageListPage } from "../features/packages/components/package-list-page";
import { breadcrumbs, pageHead } from "../shared/head";
import { shellMessages } from "../shared/messages";
import { headTools } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";

const messages = defineMessages({
  title: {
    id: "packages.title",
    defaultMessage: "Add-on packs",
    description: "Package listing heading and title",
  },
  lead: {
    id: "packages.lead",
    defaultMessage: "Add more channels to your Suria TV package.",
    description: "Package listing intro",
  },
});

export const Route = createFileRoute("/packages/")({
  loader: ({ context }) =>
    loadContent(
      context,
      context.queryClient.ensureQueryData(packageListQueryOptions(context.lang)),
    ),
  head: ({ match }) => {
    const { context, intl } = headTools(match);
    const title = intl.formatMessage(messages.title);
    return pageHead(context, {
      path: "/packages",
      title,
      description: intl.formatMessage(messages.lead),
      jsonLd: [
        breadcrumbs(context, [
          [intl.formatMessage(shellMessages.home), "/"],
          [title, "/packages"],
        ]),
      ],
    });
  },
  component: PackageListPage,
});
