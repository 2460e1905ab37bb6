import { createFileRoute } from "@tanstack/react-router";
import { articleListQueryOptions } from "../features/store/api/get-articles";
import { ArticleListPage } from "../features/store/components/article-list-page";
import { crumbHead } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";
import { articleListMessages } from "../features/store/messages";

const messages = articleListMessages;

export const Route = createFileRoute("/store/")({
  loader: ({ context }) =>
    loadContent(
      context,
      context.queryClient.ensureQueryData(articleListQueryOptions(context.lang)),
    ),
  head: ({ match }) =>
    crumbHead(match, { trail: [[messages.title, "/store"]], description: messages.lead }),
  component: ArticleListPage,
});
