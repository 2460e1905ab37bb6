import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../shared/api";
import type { Lang } from "../../../shared/language";

/** The four legal pages, by URL slug. */
export const TERMS_TYPES = [
  "privacy-notice",
  "privacy-policy",
  "terms-of-use",
  "terms-and-conditions",
] as const;

/** A legal page slug. */
export type TermsType = (typeof TERMS_TYPES)[number];

/** Type guard for a legal page slug. */
export function isTermsType(value: unknown): value is TermsType {
  return typeof value === "string" && (TERMS_TYPES as readonly string[]).includes(value);
}

/** One legal page. */
export const termsQueryOptions = (lang: Lang, termsType: TermsType) =>
  queryOptions({
    queryKey: ["content", "terms", lang, termsType],
    queryFn: async () => (await api.content.getTerms({ lang, termsType })).data,
  });
