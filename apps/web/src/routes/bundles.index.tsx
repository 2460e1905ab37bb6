import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { bundleListQueryOptions } from "../features/bundles/api/get-bundles";
import { BundleListPage } from "../features/bundles/components/bundle-list-page";
import { breadcrumbs, pageHead } from "../shared/head";
import { shellMessages } from "../shared/messages";
import { headTools } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";

const messages = defineMessages({
  title: {
    id: "bundles.title",
    defaultMessage: "Bundles",
    description: "Bundle listing heading and title",
  },
  lead: {
    id: "bundles.lead",
    defaultMessage: "Fibre broadband and TV together, for one monthly price.",
    description: "Bundle listing intro",
  },
});

export const Route = createFileRoute("/bundles/")({
  loader: ({ context }) =>
    loadContent(context, context.queryClient.ensureQueryData(bundleListQueryOptions(context.lang))),
  head: ({ match }) => {
    const { context, intl } = headTools(match);
    const title = intl.formatMessage(messages.title);
    return pageHead(context, {
      path: "/bundles",
      title,
      description: intl.formatMessage(messages.lead),
      jsonLd: [
        breadcrumbs(context, [
          [intl.formatMessage(shellMessages.home), "/"],
          [title, "/bundles"],
        ]),
      ],
    });
  },
  component: BundleListPage,
});
