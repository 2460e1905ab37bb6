import { queryOptions } from "@tanstack/react-query";
import { normalizeQuery } from "@portal/support-search/query";
import { SEARCH_QUERY_MAX_LENGTH } from "@portal/validation";
import { api, type ContentData } from "../../../shared/api";
import type { Lang } from "../../../shared/language";

/** One page of the categories, each with its question count and first questions (the support home). */
export type SupportTopicsData = ContentData<"getSupportTopics">;

/** One support category with its questions (what a topic page shows). */
export type SupportCategoryData = ContentData<"getSupportCategory">;

/** One answer with its category and related questions (what an answer page shows). */
export type SupportAnswerData = ContentData<"getSupportQuestion">;

/** Most results the support search shows (the content service's `limit`). */
export const SUPPORT_RESULT_LIMIT = 20;

/** The support search's answer: the best questions for a query, with excerpts and matched words. */
export type SupportSearchData = ContentData<"searchSupport">;

/**
 * The support search's results for a query, asked of the content service (issue 22): top 20,
 * whatever the size of the support centre. The query is read by the service's rule
 * (`normalizeQuery` of @portal/support-search/query: trimmed, every run of whitespace one space;
 * that entry alone, no entity tables, since every page's entry carries the route's loader), then
 * cut to the service's first 100 characters (the form allows no more). The page never downloads
 * the whole support centre (`getSupportAll`, 2.9 MB at 100x the seed) nor the search library.
 */
export const supportSearchQueryOptions = (lang: Lang, query: string) => {
  const q = normalizeQuery(query).slice(0, SEARCH_QUERY_MAX_LENGTH);
  return queryOptions({
    queryKey: ["content", "support", lang, "search", q],
    queryFn: async () =>
      (await api.content.searchSupport({ lang, q, limit: SUPPORT_RESULT_LIMIT })).data,
    staleTime: 5 * 60_000,
  });
};

/**
 * Topics a page of the support home shows: 12, not the listings' 24. Each topic is a card with its
 * first 4 questions, so 24 were 96 links and 50 KB of HTML at 100x the seed (the seed's 9 topics
 * 33 KB), and the render cost grows with them (bench:renders, /support).
 */
export const SUPPORT_TOPICS_PER_PAGE = 12;

/**
 * One page of the support home's topics (`SUPPORT_TOPICS_PER_PAGE` categories): each category
 * with its question count and first 4 questions. A page past the last is the service's 400 naming
 * `page` (the not-found page, `loadContent`).
 */
export const supportTopicsQueryOptions = (lang: Lang, page = 1) =>
  queryOptions({
    queryKey: ["content", "support", lang, "topics", page],
    queryFn: async () =>
      (await api.content.getSupportTopics({ lang, page, limit: SUPPORT_TOPICS_PER_PAGE })).data,
  });

/** One support category with its questions; a service 404 for an unknown category. */
export const supportCategoryQueryOptions = (lang: Lang, category: string) =>
  queryOptions({
    queryKey: ["content", "support", lang, "category", category],
    queryFn: async () => (await api.content.getSupportCategory({ lang, category })).data,
  });

/** One answer, its category and up to 5 related questions; a service 404 for an unknown one. */
export const supportAnswerQueryOptions = (lang: Lang, category: string, question: string) =>
  queryOptions({
    queryKey: ["content", "support", lang, "category", category, question],
    queryFn: async () => (await api.content.getSupportQuestion({ lang, category, question })).data,
  });
