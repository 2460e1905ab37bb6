import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { articleQueryOptions } from "../features/store/api/get-articles";
import { ArticleDetailPage } from "../features/store/components/article-detail-page";
import { DetailPending } from "../shared/components/route-states";
import { breadcrumbs, pageHead, pageUrl, shareImage } from "../shared/head";
import { imageUrl } from "../shared/image-url";
import { shellMessages } from "../shared/messages";
import { headTools } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";

const messages = defineMessages({
  parent: {
    id: "store.title",
    defaultMessage: "Stories",
    description: "Store article listing heading and title",
  },
});

export const Route = createFileRoute("/store/$articleId")({
  loader: ({ context, params }) =>
    loadContent(
      context,
      context.queryClient.ensureQueryData(articleQueryOptions(context.lang, params.articleId)),
    ),
  head: ({ match, params }) => {
    const { context, intl, queryClient } = headTools(match);
    const item = queryClient.getQueryData(
      articleQueryOptions(context.lang, params.articleId).queryKey,
    );
    if (!item) return {};
    const path = `/store/${encodeURIComponent(params.articleId)}`;
    const image = imageUrl(item.image);
    return pageHead(context, {
      path,
      title: item.title,
      description: item.summary,
      image: shareImage(image),
      type: "article",
      jsonLd: [
        breadcrumbs(context, [
          [intl.formatMessage(shellMessages.home), "/"],
          [intl.formatMessage(messages.parent), "/store"],
          [item.title, path],
        ]),
        {
          "@type": "Article",
          headline: item.title,
          description: item.summary,
          image,
          datePublished: item.publishedAt,
          author: { "@type": "Person", name: item.author },
          mainEntityOfPage: pageUrl(context.siteUrl, path, context.lang),
        },
      ],
    });
  },
  pendingComponent: DetailPending,
  component: DetailRoute,
});

function DetailRoute() {
  const { articleId } = Route.useParams();
  return <ArticleDetailPage id={articleId} />;
}
