import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../shared/api";
import type { Lang } from "../../../shared/language";

/** One page of the bundles (listing/bundle; 24 a page). */
export const bundlePageQueryOptions = (lang: Lang, page = 1) =>
  queryOptions({
    queryKey: ["content", "bundles", lang, page],
    queryFn: async () => (await api.content.listBundles({ lang, page })).data,
  });

/** One bundle. */
export const bundleQueryOptions = (lang: Lang, id: string) =>
  queryOptions({
    queryKey: ["content", "bundle", lang, id],
    queryFn: async () => (await api.content.getBundle({ lang, id })).data,
  });
