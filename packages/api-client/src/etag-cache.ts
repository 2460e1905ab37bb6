import type { Middleware } from "openapi-fetch";

/** Prefix of every key the storage cache writes (SPEC section 9). */
export const CACHE_KEY_PREFIX = "aec-";

/** One cached GET answer: its entity tag and the raw body text. */
export interface EtagEntry {
  etag: string;
  body: string;
  contentType?: string;
}

/** Where GET answers are kept between calls, keyed by the full request URL (query included). */
export interface EtagCache {
  get(url: string): EtagEntry | undefined;
  set(url: string, entry: EtagEntry): void;
  delete(url: string): void;
  /** Forget every entry (for the storage cache: only keys starting with 'aec-'). */
  reset(): void;
}

/** The part of the Web Storage interface the storage cache uses (localStorage fits). */
export interface StorageLike {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** An entity-tag cache held in memory (the default). */
export function createMemoryCache(): EtagCache {
  const entries = new Map<string, EtagEntry>();
  return {
    get: (url) => entries.get(url),
    set: (url, entry) => void entries.set(url, entry),
    delete: (url) => void entries.delete(url),
    reset: () => entries.clear(),
  };
}

/** An entity-tag cache in a Storage (e.g. localStorage), one key per URL prefixed 'aec-'. */
export function createStorageCache(storage: StorageLike): EtagCache {
  return {
    get(url) {
      const raw = storage.getItem(CACHE_KEY_PREFIX + url);
      if (raw === null) return undefined;
      try {
        const entry = JSON.parse(raw) as Partial<EtagEntry>;
        if (typeof entry.etag === "string" && typeof entry.body === "string") {
          return entry as EtagEntry;
        }
      } catch {
        // A foreign or corrupted value: treat as a miss, the next 200 overwrites it.
      }
      return undefined;
    },
    set(url, entry) {
      try {
        storage.setItem(CACHE_KEY_PREFIX + url, JSON.stringify(entry));
      } catch {
        // Quota exceeded or storage disabled: the cache is an optimisation, the call still succeeds.
      }
    },
    delete(url) {
      storage.removeItem(CACHE_KEY_PREFIX + url);
    },
    reset() {
      const keys: string[] = [];
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i);
        if (key?.startsWith(CACHE_KEY_PREFIX)) keys.push(key);
      }
      // Collect first: removing while iterating shifts the indexes.
      for (const key of keys) storage.removeItem(key);
    },
  };
}

/**
 * openapi-fetch middleware for the entity-tag cache: a GET carries If-None-Match with the stored
 * tag, a 304 comes back as a 200 with the stored body, a 200 with an ETag is stored, a 200
 * without one drops any stale entry.
 */
export function etagMiddleware(cache: EtagCache): Middleware {
  // The entry whose tag was sent, per request id, so a reset() mid-flight cannot turn a 304 into
  // a body-less answer.
  const sent = new Map<string, EtagEntry>();
  return {
    onRequest({ request, id }) {
      if (request.method !== "GET") return undefined;
      const entry = cache.get(request.url);
      if (!entry) return undefined;
      sent.set(id, entry);
      request.headers.set("If-None-Match", entry.etag);
      return request;
    },
    // Built here, not in onRequest: a Response returned from onRequest would skip every onResponse.
    async onResponse({ request, response, id }) {
      if (request.method !== "GET") return undefined;
      const entry = sent.get(id);
      sent.delete(id);
      if (response.status === 304 && entry) {
        const headers = new Headers(response.headers);
        headers.set("Content-Type", entry.contentType ?? "application/json");
        headers.set("ETag", response.headers.get("ETag") ?? entry.etag);
        headers.delete("Content-Length");
        return new Response(entry.body, { status: 200, statusText: "OK", headers });
      }
      if (response.status === 200) {
        const etag = response.headers.get("ETag");
        if (!etag) {
          if (entry || cache.get(request.url)) cache.delete(request.url);
          return undefined;
        }
        const body = await response.clone().text();
        const contentType = response.headers.get("Content-Type") ?? undefined;
        cache.set(request.url, contentType ? { etag, body, contentType } : { etag, body });
      }
      return undefined;
    },
    onError({ id }) {
      sent.delete(id);
      return undefined;
    },
  };
}
