import { queryOptions } from "@tanstack/react-query";
import { api, type ContentData } from "../../../shared/api";
import type { Lang } from "../../../shared/language";

/** The support centre's categories and questions as the content service sends them. */
export type SupportData = ContentData<"getSupportAll">;

/** Every category with its questions' slugs and names (what the support home lists). */
export type SupportTopicsData = ContentData<"getSupportTopics">;

/** One support category with its questions (what a topic page shows). */
export type SupportCategoryData = ContentData<"getSupportCategory">;

/** One answer with its category and related questions (what an answer page shows). */
export type SupportAnswerData = ContentData<"getSupportQuestion">;

/**
 * The whole support centre of a language (categories, questions and answers, about 29 KB): what
 * the support search builds its index from (`useSupportIndex`), loaded when the visitor starts to
 * search or opens the support home with a query. The pages ask for what they show: the topics,
 * one category, one answer.
 */
export const supportDataQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: ["content", "support", lang],
    queryFn: async () => (await api.content.getSupportAll({ lang })).data,
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** The support home's topics: each category with its questions' names. */
export const supportTopicsQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: ["content", "support", lang, "topics"],
    queryFn: async () => (await api.content.getSupportTopics({ lang })).data,
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
