import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { articleListQueryOptions } from "../features/store/api/get-articles";
import { ArticleListPage } from "../features/store/components/article-list-page";
import { breadcrumbs, pageHead } from "../shared/head";
import { shellMessages } from "../shared/messages";
import { headTools } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";

const messages = defineMessages({
  title: {
    id: "store.title",
    defaultMessage: "Stories",
    description: "Store article listing heading and title",
  },
  lead: {
    id: "store.lead",
    defaultMessage: "News, tips and stories from Suria.",
    description: "Store article listing intro",
  },
});

export const Route = createFileRoute("/store/")({
  loader: ({ context }) =>
    loadContent(
      context,
      context.queryClient.ensureQueryData(articleListQueryOptions(context.lang)),
    ),
  head: ({ match }) => {
    const { context, intl } = headTools(match);
    const title = intl.formatMessage(messages.title);
    return pageHead(context, {
      path: "/store",
      title,
      description: intl.formatMessage(messages.lead),
      jsonLd: [
        breadcrumbs(context, [
          [intl.formatMessage(shellMessages.home), "/"],
          [title, "/store"],
        ]),
      ],
    });
  },
  component: ArticleListPage,
});
