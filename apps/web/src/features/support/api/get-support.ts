import { queryOptions } from "@tanstack/react-query";
import type { SupportIndex } from "@portal/support-search";
import { api } from "../../../shared/api";
import type { Lang } from "../../../shared/language";

const indexes = new Map<Lang, Promise<SupportIndex>>();

/**
 * The support index of a language, built once per language and session: the categories come from
 * the content service, the search library is a chunk of its own, loaded on first use.
 */
export function loadSupportIndex(lang: Lang): Promise<SupportIndex> {
  let pending = indexes.get(lang);
  if (!pending) {
    pending = Promise.all([
      api.content.getSupportAll({ lang }),
      import("@portal/support-search"),
    ]).then(([answer, search]) => search.createSupportIndex(answer.data));
    // A failed load is not memoised, so "Try again" fetches again.
    pending.catch(() => indexes.delete(lang));
    indexes.set(lang, pending);
  }
  return pending;
}

/** The support centre (categories, questions and their search index) in one language. */
export const supportIndexQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: ["content", "support", lang],
    queryFn: () => loadSupportIndex(lang),
    staleTime: Infinity,
    gcTime: Infinity,
  });
