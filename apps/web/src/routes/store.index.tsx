import { createFileRoute } from "@tanstack/react-router";
import { articleListQueryOptions } from "../features/store/api/get-articles";
import { ArticleListPage } from "../features/store/components/article-list-page";
import { currentLanguage } from "../shared/language";

export const Route = createFileRoute("/store/")({
  loader: ({ context: { queryClient } }) =>
    queryClient.ensureQueryData(articleListQueryOptions(currentLanguage())),
  component: ArticleListPage,
});
