// The site search's indexes over their life (issue 22): built when the content is imported (at
// start, before the server reports ready; after an import in this process; when a recheck finds
// another process's import), never by a search, in slices that leave the event loop free, and
// swapped in one assignment when complete.
import type { SiteIndex } from "./site-search.js";

type Lang = "bm" | "en";

/** Both languages' indexes of one content version. */
export interface BuiltSiteIndex {
  version: number;
  sites: Record<Lang, SiteIndex>;
  /** Wall time and longest block of the event loop (ms) of the build. */
  buildMs: number;
}

/** Options of {@link SiteIndexHolder}. */
export interface SiteIndexHolderOptions {
  /** Builds both languages' indexes of the current content (buildSiteIndexesAsync). */
  build: () => Promise<Record<Lang, SiteIndex>>;
  /** The current content version. */
  version: () => Promise<number>;
  /** How often (ms) a search checks the content version (imports by other processes). */
  recheckMs: number;
  /** Time source in ms (tests). */
  now?: () => number;
  /** Told about a failed background build. */
  onError?: (error: unknown) => void;
}

export class SiteIndexHolder {
  #built: BuiltSiteIndex | undefined;
  #pending: { version: number; promise: Promise<BuiltSiteIndex> } | undefined;
  #checkedAt = Number.NEGATIVE_INFINITY;
  #checking: Promise<void> | undefined;
  readonly #opts: SiteIndexHolderOptions;
  readonly #now: () => number;

  constructor(options: SiteIndexHolderOptions) {
    this.#opts = options;
    this.#now = options.now ?? Date.now;
  }

  /** The indexes in use, if built. */
  get built(): BuiltSiteIndex | undefined {
    return this.#built;
  }

  /**
   * Builds the indexes of `version` (the current one when not given) unless they are built or
   * being built, and swaps them in when done (an older build never replaces a newer one).
   */
  load(version?: number): Promise<BuiltSiteIndex> {
    const start = async (): Promise<BuiltSiteIndex> => {
      const v = version ?? (await this.#opts.version());
      if (this.#built && this.#built.version >= v) return this.#built;
      if (this.#pending && this.#pending.version >= v) return this.#pending.promise;
      const began = performance.now();
      const promise = this.#opts.build().then(
        (sites) => {
          const built = { version: v, sites, buildMs: performance.now() - began };
          if (!this.#built || this.#built.version <= v) this.#built = built;
          if (this.#pending?.promise === promise) this.#pending = undefined;
          return this.#built;
        },
        (error: unknown) => {
          if (this.#pending?.promise === promise) this.#pending = undefined;
          throw error;
        },
      );
      this.#pending = { version: v, promise };
      return promise;
    };
    return start();
  }

  /** Starts building `version` (an import in this process); failures go to onError. */
  refresh(version: number): void {
    this.#checkedAt = this.#now();
    this.load(version).catch((error: unknown) => this.#opts.onError?.(error));
  }

  /**
   * The indexes a search uses: the newest content version's. While they are being built a search
   * waits for them (no stale hits); the event loop stays free, other requests go on.
   */
  async current(): Promise<BuiltSiteIndex> {
    if (this.#now() - this.#checkedAt >= this.#opts.recheckMs) {
      this.#checking ??= this.#opts
        .version()
        .then((version) => {
          this.#checkedAt = this.#now();
          if (!this.#built || this.#built.version !== version)
            void this.load(version).catch(() => {});
        })
        .finally(() => {
          this.#checking = undefined;
        });
      await this.#checking;
    }
    if (this.#pending && (!this.#built || this.#pending.version > this.#built.version))
      return this.#pending.promise;
    return this.#built ?? this.load();
  }
}
