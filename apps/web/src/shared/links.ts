/**
 * At most this many links in a list of packs or channels: a channel carried by hundreds of packs
 * keeps a page (and its HTML) the same size; the rest are one link to the listing.
 */
export const MAX_LINKS = 24;

/**
 * The first MAX_LINKS ids and how many there are: what a page keeps in its query data of a list
 * of packs or channels, so a channel in hundreds of packs costs its page no more bytes.
 */
export function firstLinks(ids: readonly string[]): { ids: string[]; total: number } {
  return { ids: ids.slice(0, MAX_LINKS), total: ids.length };
}
