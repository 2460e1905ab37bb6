/** Options of {@link ContentCache}. */
export interface ContentCacheOptions {
  /** Most entries kept (least recently used go first); 0 turns the cache off. */
  maxEntries: number;
  /** How often (ms) a read checks the content version in the database (other processes' imports). */
  recheckMs: number;
  /** Reads the current content version. */
  version: () => Promise<number>;
  /** Time source in ms (tests). */
  now?: () => number;
}

/**
 * An in-process cache of content answers (serialised body + ETag, or any loaded value) keyed by
 * operation and parameters. It is emptied when an import in this process says so (`clear`) and,
 * at most every `recheckMs`, when the version in the database moved (an import elsewhere).
 * Loads of the same key share one promise; failures and `undefined` (404) are not kept.
 */
export class ContentCache {
  readonly #entries = new Map<string, Promise<unknown>>();
  /** Values of the settled entries, for {@link ContentCache.peek}. */
  readonly #settled = new Map<string, unknown>();
  readonly #opts: Required<ContentCacheOptions>;
  #version: number | undefined;
  #checkedAt = Number.NEGATIVE_INFINITY;
  #checking: Promise<void> | undefined;

  constructor(opts: ContentCacheOptions) {
    this.#opts = { now: Date.now, ...opts };
  }

  /** Number of entries held. */
  get size(): number {
    return this.#entries.size;
  }

  /** Forgets everything; `version` is the version the next entries belong to, when known. */
  clear(version?: number): void {
    this.#entries.clear();
    this.#settled.clear();
    if (version !== undefined) {
      this.#version = version;
      this.#checkedAt = this.#opts.now();
    }
  }

  /**
   * The loaded value of `key` when it is held and no version check is due, else undefined: lets
   * a hot path answer without a promise (then `get` does the rest).
   */
  peek<T>(key: string): T | undefined {
    if (this.#opts.now() - this.#checkedAt >= this.#opts.recheckMs) return undefined;
    const value = this.#settled.get(key);
    if (value === undefined) return undefined;
    // Most recently used last, as in `get`.
    const entry = this.#entries.get(key) as Promise<unknown>;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return value as T;
  }

  /** The cached value of `key`, loading it on a miss. */
  async get<T>(key: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    if (this.#opts.maxEntries <= 0) return load();
    if (this.#opts.now() - this.#checkedAt >= this.#opts.recheckMs) await this.#recheck();
    const hit = this.#entries.get(key);
    if (hit) {
      // Most recently used last.
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      return hit as Promise<T | undefined>;
    }
    const version = this.#version;
    const pending = load().then(
      (value) => {
        if (value === undefined || this.#version !== version) this.#forget(key, pending);
        else if (this.#entries.get(key) === pending) this.#settled.set(key, value);
        return value;
      },
      (error: unknown) => {
        this.#forget(key, pending);
        throw error;
      },
    );
    this.#entries.set(key, pending);
    if (this.#entries.size > this.#opts.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) {
        this.#entries.delete(oldest);
        this.#settled.delete(oldest);
      }
    }
    return pending;
  }

  #forget(key: string, pending: Promise<unknown>): void {
    if (this.#entries.get(key) === pending) {
      this.#entries.delete(key);
      this.#settled.delete(key);
    }
  }

  #recheck(): Promise<void> {
    this.#checking ??= this.#opts
      .version()
      .then((version) => {
        if (version !== this.#version) {
          this.#entries.clear();
          this.#settled.clear();
        }
        this.#version = version;
        this.#checkedAt = this.#opts.now();
      })
      .finally(() => {
        this.#checking = undefined;
      });
    return this.#checking;
  }
}
