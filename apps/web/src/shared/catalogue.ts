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
// the id (see PackLinks, ChannelLinks). That lookup stays in the process (server) or the page
// (browser) and is never sent with a page (`meta.dehydrate: false`, `createQueryClient`): a page
// sends the names of the ids it shows (`packNamesQueryOptions(lang, ids)`), at most 24, so its
// hydration data is the same at any size of the catalogue (100 names were 3.6-4.7 KB of a
// channel page's data at 10x and 100x the content).
const namesOf = (data: { items: readonly { id: string; name: string }[] }) =>
  data.items.map(({ id, name }) => ({ id, name }));
const NOT_SENT = { dehydrate: false };
const allPackNames = (lang: Lang) =>
  queryOptions({
    queryKey: ["content", "packages", lang, "names"],
    queryFn: async () =>
      namesOf((await api.content.listPackages({ lang, limit: MAX_PAGE_SIZE })).data),
    meta: NOT_SENT,
  });
const allChannelNames = (lang: Lang) =>
  queryOptions({
    queryKey: ["content", "channels", lang, "names"],
    queryFn: async () =>
      namesOf((await api.content.listChannels({ lang, limit: MAX_PAGE_SIZE })).data),
    meta: NOT_SENT,
  });

type Names = { id: string; name: string }[];
const only = (names: Names, ids: readonly string[]) => {
  const wanted = new Set(ids);
  return names.filter((item) => wanted.has(item.id));
};

/** The names of these packs (ids and names), from the process's or the page's lookup. */
export const packNamesQueryOptions = (lang: Lang, ids: readonly string[]) =>
  queryOptions({
    queryKey: ["content", "packages", lang, "names", ids],
    queryFn: async ({ client }) => only(await client.ensureQueryData(allPackNames(lang)), ids),
  });

/** The names of these channels (ids and names), as `packNamesQueryOptions`. */
export const channelNamesQueryOptions = (lang: Lang, ids: readonly string[]) =>
  queryOptions({
    queryKey: ["content", "channels", lang, "names", ids],
    queryFn: async ({ client }) => only(await client.ensureQueryData(allChannelNames(lang)), ids),
  });

/** Combo list of a product (get-{product}-combo-list). */
export const comboListQueryOptions = (lang: Lang, product: ProductKey) =>
  queryOptions({
    queryKey: ["content", "combo-list", lang, product],
    queryFn: async () => (await api.content.getProductComboList({ lang, product })).data,
  });

const byId = (items: readonly { id: string; name: string }[]) =>
  new Map(items.map((item) => [item.id, item.name]));

/** Names of these add-on packs by id, in the visitor's language. */
export function usePackNames(ids: readonly string[]): Map<string, string> {
  const { lang } = useLanguage();
  return useSuspenseQuery({ ...packNamesQueryOptions(lang, ids), select: byId }).data;
}

/** Names of these channels by id, in the visitor's language. */
export function useChannelNames(ids: readonly string[]): Map<string, string> {
  const { lang } = useLanguage();
  return useSuspenseQuery({ ...channelNamesQueryOptions(lang, ids), select: byId }).data;
}

/** Names of a product's plans (combos) by id, in the visitor's language. */
export function useComboNames(product: ProductKey): Map<string, string> {
  const { lang } = useLanguage();
  return useSuspenseQuery({ ...comboListQueryOptions(lang, product), select: byId }).data;
}
