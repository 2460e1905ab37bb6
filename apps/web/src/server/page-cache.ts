import { LRUCache } from "lru-cache";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants as zlib, gzip, gzipSync } from "node:zlib";

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A rendered page as the cache keeps it. */
export interface CachedPage {
  status: number;
  headers: Record<string, string>;
  etag: string;
  body: Buffer;
  storedAt: number;
  /** Compressed copies, made on first use (fast levels), then at the best levels in the background. */
  br?: Buffer;
  gzip?: Buffer;
  /** True once `br` and `gzip` are at the best levels (see `recompress`). */
  best?: boolean;
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

/** Seconds a page of that status is fresh, then served stale: the headers and the cache alike. */
export function lifetimeOf(
  options: Pick<PageCacheOptions, "maxAge" | "staleWhileRevalidate">,
  status: number,
): { fresh: number; stale: number } {
  // A missing page may appear at any moment (content published): a minute, never served stale.
  if (status === 404) return { fresh: Math.min(60, options.maxAge), stale: 0 };
  return { fresh: options.maxAge, stale: options.staleWhileRevalidate };
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
  const lifetime = lifetimeOf(options, status);
  const fresh = Math.min(lifetime.fresh, left);
  const stale = Math.min(lifetime.stale, left - fresh);
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
    // The same lifetimes as the page's Cache-Control (a 404: 60 s, never stale).
    const lifetime = lifetimeOf(this.#options, page.status);
    if (age < lifetime.fresh) return { page, fresh: true };
    if (age < lifetime.fresh + lifetime.stale) return { page, fresh: false };
    this.#pages.delete(key);
    return undefined;
  }

  set(key: string, page: CachedPage): void {
    if (this.#options.maxEntries > 0) this.#pages.set(key, page);
  }

  /** How many pages are kept. */
  get size(): number {
    return this.#pages.size;
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

/** Compression levels: fast for a page being answered now, best for a kept page (background). */
export const FAST = { brotli: 4, gzip: 6 } as const;
export const BEST = { brotli: 11, gzip: 9 } as const;

const brotliParams = (quality: number, size: number) => ({
  params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_SIZE_HINT]: size },
});

/** True when the Accept-Encoding header accepts `name` (q > 0). */
function accepts(acceptEncoding: string | undefined, name: string): boolean {
  return new RegExp(`(^|[\\s,])${name}(\\s*;\\s*q=(?!0(\\.0*)?\\b)[\\d.]+)?(\\s*,|$)`).test(
    acceptEncoding ?? "",
  );
}

/**
 * The body in the encoding the request accepts (brotli, then gzip). A copy not made yet is made
 * at a fast level (brotli 4: a few milliseconds for a page, where 9-11 took 50-300 ms of the
 * event loop per miss); `recompress` later replaces kept pages' copies with the best levels.
 */
export function encodedBody(
  page: CachedPage,
  acceptEncoding: string | undefined,
): { body: Buffer; encoding?: "br" | "gzip" } {
  if (page.body.length < 1024) return { body: page.body };
  if (accepts(acceptEncoding, "br")) {
    page.br ??= brotliCompressSync(page.body, brotliParams(FAST.brotli, page.body.length));
    return { body: page.br, encoding: "br" };
  }
  if (accepts(acceptEncoding, "gzip")) {
    page.gzip ??= gzipSync(page.body, { level: FAST.gzip });
    return { body: page.gzip, encoding: "gzip" };
  }
  return { body: page.body };
}

/**
 * Compresses a kept page at the best levels off the event loop (zlib's thread pool) and swaps the
 * copies in when done; the page is answered meanwhile with its fast copies. One run per page.
 */
export async function recompress(page: CachedPage): Promise<void> {
  if (page.best || page.body.length < 1024) return;
  page.best = true;
  const [br, gz] = await Promise.all([
    brotliAsync(page.body, brotliParams(BEST.brotli, page.body.length)),
    gzipAsync(page.body, { level: BEST.gzip }),
  ]);
  page.br = br;
  page.gzip = gz;
}
