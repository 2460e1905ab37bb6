import { queryOptions, useSuspenseQuery } from "@tanstack/react-query";
import { api } from "./api";
import type { ProductKey } from "./analytics";
import { useLanguage, type Lang } from "./language";

// The catalogue listings that pages other than their own need (a plan names its packs, a pack its
// channels, a bundle its plan): one query each, shared with the listing pages by query key.

/** All add-on packs (listing/package). */
export const packageListQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: ["content", "packages", lang],
    queryFn: async () => (await api.content.listPackages({ lang })).data,
  });

/** All channels, ordered by number (listing/channel). */
export const channelListQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: ["content", "channels", lang],
    queryFn: async () => (await api.content.listChannels({ lang })).data,
  });

/** Combo list of a product (get-{product}-combo-list). */
export const comboListQueryOptions = (lang: Lang, product: ProductKey) =>
  queryOptions({
    queryKey: ["content", "combo-list", lang, product],
    queryFn: async () => (await api.content.getProductComboList({ lang, product })).data,
  });

const byId = (items: readonly { id: string; name: string }[]) =>
  new Map(items.map((item) => [item.id, item.name]));

/** Names of the add-on packs by id, in the visitor's language. */
export function usePackNames(): Map<string, string> {
  const { lang } = useLanguage();
  return useSuspenseQuery({ ...packageListQueryOptions(lang), select: (d) => byId(d.items) }).data;
}

/** Names of the channels by id, in the visitor's language. */
export function useChannelNames(): Map<string, string> {
  const { lang } = useLanguage();
  return useSuspenseQuery({ ...channelListQueryOptions(lang), select: (d) => byId(d.items) }).data;
}

/** Names of a product's plans (combos) by id, in the visitor's language. */
export function useComboNames(product: ProductKey): Map<string, string> {
  const { lang } = useLanguage();
  return useSuspenseQuery({ ...comboListQueryOptions(lang, product), select: byId }).data;
}
