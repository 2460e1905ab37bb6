import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../shared/api";
import type { Lang } from "../../../shared/language";

/** Store articles, newest first. */
export const articleListQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: ["content", "articles", lang],
    queryFn: async () => (await api.content.listStoreArticles({ lang })).data,
  });

/** One store article. */
export const articleQueryOptions = (lang: Lang, id: string) =>
  queryOptions({
    queryKey: ["content", "article", lang, id],
    queryFn: async () => (await api.content.getStoreArticle({ lang, id })).data,
  });
