import { createFileRoute } from "@tanstack/react-router";
import { articleQueryOptions } from "../features/store/api/get-articles";
import { ArticleDetailPage } from "../features/store/components/article-detail-page";
import { DetailPending } from "../shared/components/route-states";
import { currentLanguage } from "../shared/language";
import { orNotFound } from "../shared/route-helpers";

export const Route = createFileRoute("/store/$articleId")({
  loader: ({ context: { queryClient }, params }) =>
    orNotFound(
      queryClient.ensureQueryData(articleQueryOptions(currentLanguage(), params.articleId)),
    ),
  pendingComponent: DetailPending,
  component: DetailRoute,
});

function DetailRoute() {
  const { articleId } = Route.useParams();
  return <ArticleDetailPage id={articleId} />;
}
