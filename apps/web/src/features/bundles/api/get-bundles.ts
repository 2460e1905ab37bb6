import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../shared/api";
import type { Lang } from "../../../shared/language";

/** All bundles (listing/bundle). */
export const bundleListQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: ["content", "bundles", lang],
    queryFn: async () => (await api.content.listBundles({ lang })).data,
  });

/** One bundle. */
export const bundleQueryOptions = (lang: Lang, id: string) =>
  queryOptions({
    queryKey: ["content", "bundle", lang, id],
    queryFn: async () => (await api.content.getBundle({ lang, id })).data,
  });
