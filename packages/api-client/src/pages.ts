/** The page size a paged content list answers when `limit` is absent (content.yaml PageLimitQuery). */
export const DEFAULT_PAGE_SIZE = 24;
/** The largest `limit` a paged content list accepts (content.yaml PageLimitQuery). */
export const MAX_PAGE_SIZE = 100;

/** One page of a paged content list: `{ items, total, page, limit }` (content.yaml pagination). */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

/** The number of the last page of a list (1 for an empty list: page 1 always exists). */
export function lastPage({ total, limit }: Pick<Page<unknown>, "total" | "limit">): number {
  return Math.max(1, Math.ceil(total / limit));
}

/**
 * Every item of a paged list, read page by page with `limit` 100 (the maximum), in the list's
 * order: `listAllPages((p) => api.content.listChannels({ lang: "en", ...p }))`. For the few
 * callers that need a whole list (a sitemap); pages show one page.
 */
export async function listAllPages<T>(
  fetchPage: (page: { page: number; limit: number }) => Promise<{ data: Page<T> }>,
): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page += 1) {
    const { data } = await fetchPage({ page, limit: MAX_PAGE_SIZE });
    items.push(...data.items);
    if (page >= lastPage(data) || data.items.length === 0) return items;
  }
}
