import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../shared/api";
import { articleCardData } from "../../../shared/components/content-cards";
import type { Lang } from "../../../shared/language";

/** One page of the store articles, newest first (24 a page), each as its card reads it. */
export const articlePageQueryOptions = (lang: Lang, page = 1) =>
  queryOptions({
    queryKey: ["content", "articles", lang, page],
    queryFn: async () => {
      const { data } = await api.content.listStoreArticles({ lang, page });
      return { ...data, items: data.items.map(articleCardData) };
    },
  });

/** One store article. */
export const articleQueryOptions = (lang: Lang, id: string) =>
  queryOptions({
    queryKey: ["content", "article", lang, id],
    queryFn: async () => (await api.content.getStoreArticle({ lang, id })).data,
  });
