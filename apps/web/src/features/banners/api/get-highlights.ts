import { queryOptions } from "@tanstack/react-query";
import { api, isNotFoundError } from "../../../shared/api";
import type { Lang } from "../../../shared/language";

/** Banner kinds. */
export type BannerKind = "announcement" | "promotion";

/** The active highlight of a kind, or null when there is none (404). */
export const highlightQueryOptions = (lang: Lang, kind: BannerKind) =>
  queryOptions({
    queryKey: ["content", "highlight", lang, kind],
    queryFn: async () => {
      try {
        const call =
          kind === "announcement" ? api.content.getAnnouncement : api.content.getPromotion;
        return (await call({ lang })).data;
      } catch (error) {
        if (isNotFoundError(error)) return null;
        throw error;
      }
    },
  });

/** sessionStorage key of a banner's closed flag. */
export const bannerStorageKey = (kind: BannerKind) => `portal.banner.${kind}.closed`;
