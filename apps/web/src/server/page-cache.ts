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

/**
 * The render server's own copy of its cacheable pages, so a page a CDN has not cached yet (or a
 * deployment without a CDN) is not rendered on every request. Same rules as the CDN: fresh for
 * `maxAge`, then served stale for up to `staleWhileRevalidate` while one request renders it again.
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
