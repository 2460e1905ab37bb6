import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../shared/api";
import type { Lang } from "../../../shared/language";

/** One page of the store articles, newest first (24 a page). */
export const articlePageQueryOptions = (lang: Lang, page = 1) =>
  queryOptions({
    queryKey: ["content", "articles", lang, page],
    queryFn: async () => (await api.content.listStoreArticles({ lang, page })).data,
  });

/** One store article. */
export const articleQueryOptions = (lang: Lang, id: string) =>
  queryOptions({
    queryKey: ["content", "article", lang, id],
    queryFn: async () => (await api.content.getStoreArticle({ lang, id })).data,
  });
