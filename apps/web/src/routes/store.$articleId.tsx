import { createFileRoute } from "@tanstack/react-router";
import { articleQueryOptions } from "../features/store/api/get-articles";
import { ArticleDetailPage } from "../features/store/components/article-detail-page";
import { DetailPending } from "../shared/components/route-states";
import { pageUrl, shareImage } from "../shared/head";
import { imageUrl } from "../shared/image-url";
import { crumbHead, headTools } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";
import { articleListMessages } from "../features/store/messages";

export const Route = createFileRoute("/store/$articleId")({
  loader: ({ context, params }) =>
    loadContent(
      context,
      context.queryClient.ensureQueryData(articleQueryOptions(context.lang, params.articleId)),
    ),
  head: ({ match, params }) => {
    const { context, queryClient } = headTools(match);
    const item = queryClient.getQueryData(
      articleQueryOptions(context.lang, params.articleId).queryKey,
    );
    if (!item) return {};
    const path = `/store/${encodeURIComponent(params.articleId)}`;
    const image = imageUrl(item.image);
    return crumbHead(match, {
      trail: [
        [articleListMessages.title, "/store"],
        [item.title, path],
      ],
      description: item.summary,
      image: shareImage(image),
      type: "article",
      jsonLd: [
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
