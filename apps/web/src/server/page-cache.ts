import { LRUCache } from "lru-cache";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";

/** A rendered page as the cache keeps it. */
export interface CachedPage {
  status: number;
  headers: Record<string, string>;
  etag: string;
  body: Buffer;
  storedAt: number;
  /** Compressed copies, made on first use. */
  br?: Buffer;
  gzip?: Buffer;
}

/** The page cache's freshness (the same numbers the pages' Cache-Control gives a CDN). */
export interface PageCacheOptions {
  /** Seconds a page is fresh (s-maxage). */
  maxAge: number;
  /** Seconds a stale page is still served while it is rendered again (stale-while-revalidate). */
  staleWhileRevalidate: number;
  /** Most pages kept. */
  maxEntries: number;
}

const DAY_MS = 86_400_000;
/** Malaysia is UTC+8 all year. */
const MALAYSIA_OFFSET_MS = 8 * 3_600_000;

/** The Malaysian calendar day of an instant, as a day number (days since 1970-01-01 in UTC+8). */
export const malaysianDayOf = (ms: number): number =>
  Math.floor((ms + MALAYSIA_OFFSET_MS) / DAY_MS);

/** Whole seconds from `now` to the next midnight in Malaysia (at least 1). */
export function secondsToMalaysianMidnight(now: number): number {
  const left = DAY_MS - ((now + MALAYSIA_OFFSET_MS) % DAY_MS);
  return Math.max(1, Math.floor(left / 1000));
}

/**
 * The Cache-Control of a cacheable page at `now`: fresh for `maxAge` (60 s for a 404), served
 * stale for `staleWhileRevalidate`, but neither past the next midnight in Malaysia. Prices and
 * campaigns change on the Malaysian day (the content service prices every page's plans and packs
 * for that day), so no cache may keep a page showing yesterday's price or offers.
 */
export function pageCacheControl(
  options: Pick<PageCacheOptions, "maxAge" | "staleWhileRevalidate">,
  status: number,
  now: number,
): string {
  const left = secondsToMalaysianMidnight(now);
  const fresh = Math.min(status === 404 ? 60 : options.maxAge, left);
  const stale = status === 404 ? 0 : Math.min(options.staleWhileRevalidate, left - fresh);
  return `public, max-age=0, s-maxage=${fresh}${stale > 0 ? `, stale-while-revalidate=${stale}` : ""}`;
}

/**
 * The render server's own copy of its cacheable pages, so a page a CDN has not cached yet (or a
 * deployment without a CDN) is not rendered on every request. Same rules as the CDN: fresh for
 * `maxAge`, then served stale for up to `staleWhileRevalidate` while one request renders it again,
 * and never past the Malaysian day it was rendered on (`pageCacheControl`).
 */
export class PageCache {
  readonly #pages: LRUCache<string, CachedPage>;
  readonly #options: PageCacheOptions;
  readonly #refreshing = new Set<string>();

  constructor(options: PageCacheOptions) {
    this.#options = options;
    this.#pages = new LRUCache({ max: Math.max(1, options.maxEntries) });
  }

  /** The page and whether it is fresh, stale (serve and refresh) or too old (undefined). */
  get(key: string, now = Date.now()): { page: CachedPage; fresh: boolean } | undefined {
    if (this.#options.maxEntries === 0) return undefined;
    const page = this.#pages.get(key);
    if (!page) return undefined;
    // A page rendered on another Malaysian day may show that day's prices: never served.
    if (malaysianDayOf(page.storedAt) !== malaysianDayOf(now)) {
      this.#pages.delete(key);
      return undefined;
    }
    const age = (now - page.storedAt) / 1000;
    if (age < this.#options.maxAge) return { page, fresh: true };
    if (age < this.#options.maxAge + this.#options.staleWhileRevalidate)
      return { page, fresh: false };
    this.#pages.delete(key);
    return undefined;
  }

  set(key: string, page: CachedPage): void {
    if (this.#options.maxEntries > 0) this.#pages.set(key, page);
  }

  /** Runs `refresh` for a stale page unless a refresh of it is already running. */
  refresh(key: string, refresh: () => Promise<void>): void {
    if (this.#refreshing.has(key)) return;
    this.#refreshing.add(key);
    void refresh()
      .catch(() => undefined)
      .finally(() => this.#refreshing.delete(key));
  }

  /** Drops every page (a deployment, or content the operator wants out at once). */
  clear(): void {
    this.#pages.clear();
  }
}

/** The body in the encoding the request accepts (brotli, then gzip), made once per page. */
export function encodedBody(
  page: CachedPage,
  acceptEncoding: string | undefined,
): { body: Buffer; encoding?: "br" | "gzip" } {
  const accepts = (name: string) =>
    new RegExp(`(^|[\\s,])${name}(\\s*;\\s*q=(?!0(\\.0*)?\\b)[\\d.]+)?(\\s*,|$)`).test(
      acceptEncoding ?? "",
    );
  if (page.body.length < 1024) return { body: page.body };
  if (accepts("br")) {
    page.br ??= brotliCompressSync(page.body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: page.body.length },
    });
    return { body: page.br, encoding: "br" };
  }
  if (accepts("gzip")) {
    page.gzip ??= gzipSync(page.body, { level: 9 });
    return { body: page.gzip, encoding: "gzip" };
  }
  return { body: page.body };
}
