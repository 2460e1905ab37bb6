import { MAX_PAGE_SIZE } from "@portal/api-client";
import { queryOptions, useSuspenseQuery } from "@tanstack/react-query";
import { api } from "./api";
import type { ProductKey } from "./analytics";
import { useLanguage, type Lang } from "./language";

/** A channel genre key (content.yaml GenreKey), the channel listing's filter. */
export type ChannelGenre = NonNullable<
  NonNullable<Parameters<typeof api.content.listChannels>[0]>["genre"]
>;

// The catalogue listings that pages other than their own need (a plan names its packs, a pack its
// channels, a bundle its plan): one query each, shared with the listing pages by query key.

/** One page of the add-on packs, cheapest first (listing/package; 24 a page). */
export const packagePageQueryOptions = (lang: Lang, page = 1) =>
  queryOptions({
    queryKey: ["content", "packages", lang, page],
    queryFn: async () => (await api.content.listPackages({ lang, page })).data,
  });

/** One page of the channels by number (listing/channel; 24 a page), of one genre when given. */
export const channelPageQueryOptions = (lang: Lang, page = 1, genre?: ChannelGenre) =>
  queryOptions({
    queryKey: ["content", "channels", lang, page, genre ?? null],
    queryFn: async () =>
      (await api.content.listChannels({ lang, page, ...(genre ? { genre } : {}) })).data,
  });

// The names other pages show (a pack's channels, a plan's packs): the first page of the largest
// size, one bounded call (100 items) however big the catalogue grows; an id beyond it shows as
// the id (see PackLinks, ChannelLinks). Only ids and names are kept: the query's data is what the
// page's hydration data carries (100 whole packs were 40 KB of it at 10x the content).
const namesOf = (data: { items: readonly { id: string; name: string }[] }) =>
  data.items.map(({ id, name }) => ({ id, name }));
const packNamesQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: ["content", "packages", lang, "names"],
    queryFn: async () =>
      namesOf((await api.content.listPackages({ lang, limit: MAX_PAGE_SIZE })).data),
  });
const channelNamesQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: ["content", "channels", lang, "names"],
    queryFn: async () =>
      namesOf((await api.content.listChannels({ lang, limit: MAX_PAGE_SIZE })).data),
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
  return useSuspenseQuery({ ...packNamesQueryOptions(lang), select: byId }).data;
}

/** Names of the channels by id, in the visitor's language. */
export function useChannelNames(): Map<string, string> {
  const { lang } = useLanguage();
  return useSuspenseQuery({ ...channelNamesQueryOptions(lang), select: byId }).data;
}

/** Names of a product's plans (combos) by id, in the visitor's language. */
export function useComboNames(product: ProductKey): Map<string, string> {
  const { lang } = useLanguage();
  return useSuspenseQuery({ ...comboListQueryOptions(lang, product), select: byId }).data;
}
