import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../shared/api";
import type { Lang } from "../../../shared/language";

/** Content search results for a keyword. */
export const searchQueryOptions = (lang: Lang, keyword: string) =>
  queryOptions({
    queryKey: ["content", "search", lang, keyword],
    queryFn: async () => (await api.content.search({ lang, keyword, limit: 50 })).data,
  });
