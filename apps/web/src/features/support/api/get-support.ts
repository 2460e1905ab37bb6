import { queryOptions } from "@tanstack/react-query";
import { api, type ContentData } from "../../../shared/api";
import type { Lang } from "../../../shared/language";

/** The support centre's categories and questions as the content service sends them. */
export type SupportData = ContentData<"getSupportAll">;

/**
 * The support centre of a language (categories and questions). The query holds the plain data,
 * so the server can send it to the browser with the page; the search index is built from it by
 * `useSupportIndex` (use-support-index.ts, in the support pages' own chunk).
 */
export const supportDataQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: ["content", "support", lang],
    queryFn: async () => (await api.content.getSupportAll({ lang })).data,
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** True when the support data has this category. */
export function hasSupportCategory(data: SupportData, categorySlug: string): boolean {
  return data.some((category) => category.slug === categorySlug);
}

/** The question of a category, if any (what the question page shows). */
export function findSupportQuestion(data: SupportData, categorySlug: string, questionSlug: string) {
  const category = data.find((item) => item.slug === categorySlug);
  const question = category?.questions.find((item) => item.slug === questionSlug);
  return category && question ? { category, question } : undefined;
}
