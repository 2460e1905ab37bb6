import type { Queryable } from "../db/database.js";
import type { Clock } from "../lib/clock.js";

/** What @fastify/rate-limit hands a store: the count so far in the window and its time left. */
interface Hits {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, result?: Hits) => void;

interface Counter {
  /** Epoch ms at which the window ends (the database's once a lease answered). */
  resetAt: number;
  /** Hits leased from the database and not yet handed out here. */
  tokens: number;
  /** The window-wide position of the next leased hit (what `current` reports). */
  position: number;
  /** The database refused part of a lease: the limit is reached for the whole window. */
  full: boolean;
  /** Leases taken in this window by this instance. */
  leases: number;
  /** Hits waiting for the lease in flight. */
  waiting: Callback[];
  leasing: boolean;
}

// Takes `want` hits of a key's window in one atomic statement: a new key or an ended window
// starts at `want`. The hits handed out are the positions (hits - want, hits] that fall within
// the limit, so every lease of every instance gets distinct positions and at most `max` are
// handed out in a window, whatever the concurrency.
const LEASE = `
insert into rate_limits as r (key, hits, reset_at) values ($1, $2, $3::bigint + $4::bigint)
on conflict (key) do update set
  hits = case when r.reset_at <= $3::bigint then excluded.hits else r.hits + excluded.hits end,
  reset_at = case when r.reset_at <= $3::bigint then excluded.reset_at else r.reset_at end
returning hits::int as hits, reset_at::bigint as reset_at`;

/** Options of {@link RateLimitCounters}. */
export interface RateLimitCountersOptions {
  /** Most keys held in memory; the oldest windows go first. */
  maxKeys?: number;
  /** Longest a request waits for a lease before counting in memory alone (ms). */
  leaseWaitMs?: number;
}

/** The share of a limit one lease takes after the first, and its ceiling. */
const BATCH_SHARE = 0.1;
const BATCH_MAX = 10_000;
/** How long the counters count in memory alone after the database failed to answer a lease. */
const UNREACHABLE_MS = 1000;

/**
 * Rate-limit counters that hold exactly across instances and refuse without a database statement
 * (issue 21). Each instance leases hits of a window from the database (`rate_limits`) and hands
 * them out from memory:
 *
 * - A key's first lease in a window asks for one hit (most clients make a few requests); later
 *   leases ask for a tenth of the limit, or for as many hits as requests are waiting. One
 *   statement answers every request queued on it.
 * - The database grants only the hits that fit under the limit, so across every instance at most
 *   the limit is let through in a window. A lease granted short means the limit is reached: the
 *   key is refused from memory until its window ends, with no statement per refusal.
 * - Hits leased but unused stay with their instance: a client that moves to another instance may
 *   be refused up to a tenth of the limit early there (never let through more).
 * - When the database does not answer a lease within `leaseWaitMs` (or fails), the instance
 *   counts in memory alone for a second, from the last count it knew, and then tries again.
 */
export class RateLimitCounters {
  readonly #counters = new Map<string, Counter>();
  readonly #db: Queryable;
  readonly #clock: Clock;
  readonly #maxKeys: number;
  readonly #leaseWaitMs: number;
  #unreachableUntil = Number.NEGATIVE_INFINITY;
  #sweptAt = Number.NEGATIVE_INFINITY;

  constructor(db: Queryable, clock: Clock, opts: RateLimitCountersOptions = {}) {
    this.#db = db;
    this.#clock = clock;
    this.#maxKeys = opts.maxKeys ?? 100_000;
    this.#leaseWaitMs = opts.leaseWaitMs ?? 1000;
  }

  /** Keys held in memory. */
  get size(): number {
    return this.#counters.size;
  }

  /**
   * The ms left in `key`'s window when the database has said that window is over its limit and
   * this instance holds no leased hit of it, else 0. Exactly when {@link incr} would refuse the
   * key from memory: a caller may refuse at once, with no statement and nothing counted (issue 22).
   */
  refusing(key: string): number {
    const counter = this.#counters.get(key);
    if (counter === undefined || !counter.full || counter.tokens > 0) return 0;
    const left = counter.resetAt - this.#clock.now().getTime();
    return left > 0 ? left : 0;
  }

  /** Counts a hit of `key` in a window of `window` ms against `max`. */
  incr(key: string, window: number, max: number, callback: Callback): void {
    const now = this.#clock.now().getTime();
    let counter = this.#counters.get(key);
    if (!counter || (counter.resetAt <= now && !counter.leasing)) {
      counter = {
        resetAt: now + window,
        tokens: 0,
        position: 1,
        full: false,
        leases: 0,
        waiting: [],
        leasing: false,
      };
      this.#counters.delete(key);
      this.#counters.set(key, counter);
      this.#evict();
    }
    if (counter.tokens > 0) return this.#serve(counter, callback, now);
    // Known over the limit: refused from memory, no statement.
    if (counter.full) return callback(null, { current: max + 1, ttl: counter.resetAt - now });
    if (Date.now() < this.#unreachableUntil) return this.#alone(counter, callback, now);
    counter.waiting.push(callback);
    if (!counter.leasing) this.#lease(key, counter, window, max);
  }

  #serve(counter: Counter, callback: Callback, now: number): void {
    counter.tokens -= 1;
    callback(null, { current: counter.position++, ttl: counter.resetAt - now });
  }

  /** Counts in memory alone (database unreachable), from the last position known. */
  #alone(counter: Counter, callback: Callback, now: number): void {
    callback(null, { current: counter.position++, ttl: counter.resetAt - now });
  }

  #lease(key: string, counter: Counter, window: number, max: number): void {
    const batch = Math.min(BATCH_MAX, Math.max(1, Math.floor(max * BATCH_SHARE)));
    const want = Math.min(max, Math.max(counter.leases === 0 ? 1 : batch, counter.waiting.length));
    counter.leasing = true;
    const now = this.#clock.now().getTime();
    const timer = setTimeout(() => {
      // The database is slow or away: the waiting requests are counted in memory alone.
      this.#unreachableUntil = Date.now() + UNREACHABLE_MS;
      this.#drainAlone(counter);
    }, this.#leaseWaitMs);
    timer.unref();
    this.#db
      .query<{ hits: number; reset_at: string | number }>(LEASE, [key, want, now, window])
      .then(
        ({ rows }) => {
          const row = rows[0] as { hits: number; reset_at: string | number };
          const first = row.hits - want + 1;
          const granted = Math.max(0, Math.min(want, max - first + 1));
          counter.resetAt = Number(row.reset_at);
          counter.leases += 1;
          if (granted < want) counter.full = true;
          if (granted > 0) {
            // Late leases (after a timeout) still hand out their hits, in order.
            counter.position = first;
            counter.tokens = granted;
          }
          this.#sweep(now);
        },
        () => {
          this.#unreachableUntil = Date.now() + UNREACHABLE_MS;
        },
      )
      .finally(() => {
        clearTimeout(timer);
        counter.leasing = false;
        // After a timeout the requests of then were answered; later ones may be waiting.
        this.#settle(key, counter, window, max);
      });
  }

  /** Answers the requests that waited for a lease, leasing again when hits are still missing. */
  #settle(key: string, counter: Counter, window: number, max: number): void {
    const now = this.#clock.now().getTime();
    while (counter.waiting.length > 0 && counter.tokens > 0)
      this.#serve(counter, counter.waiting.shift() as Callback, now);
    if (counter.waiting.length === 0) return;
    if (counter.full) {
      for (const callback of counter.waiting.splice(0))
        callback(null, { current: max + 1, ttl: counter.resetAt - now });
    } else if (Date.now() < this.#unreachableUntil) {
      this.#drainAlone(counter);
    } else {
      this.#lease(key, counter, window, max);
    }
  }

  #drainAlone(counter: Counter): void {
    const now = this.#clock.now().getTime();
    for (const callback of counter.waiting.splice(0)) this.#alone(counter, callback, now);
  }

  #evict(): void {
    while (this.#counters.size > this.#maxKeys) {
      const oldest = this.#counters.keys().next().value;
      if (oldest === undefined) return;
      this.#counters.delete(oldest);
    }
  }

  /** Deletes ended windows from the database at most once a minute. */
  #sweep(now: number): void {
    if (now - this.#sweptAt < 60_000) return;
    this.#sweptAt = now;
    for (const [key, counter] of this.#counters)
      if (counter.resetAt <= now && !counter.leasing) this.#counters.delete(key);
    this.#db.query("delete from rate_limits where reset_at <= $1::bigint", [now]).catch(() => {
      this.#sweptAt = Number.NEGATIVE_INFINITY;
    });
  }

  /** Nothing is held back for the database: every hit handed out was leased first. */
  async close(): Promise<void> {}
}

/** A route's key space: the prefix of its keys in {@link RateLimitCounters}. */
export const routeKeyPrefix = (route?: { method?: string | string[]; url?: string }): string =>
  route?.url ? `${String(route.method)} ${route.url}|` : "";

/**
 * A @fastify/rate-limit store class over {@link RateLimitCounters}. Each route gets its own key
 * space (`child`), like the plugin's in-memory store.
 */
export function databaseRateLimitStore(counters: RateLimitCounters) {
  return class DatabaseRateLimitStore {
    readonly #prefix: string;

    constructor(options: { routeInfo?: { method?: string | string[]; url?: string } } = {}) {
      this.#prefix = routeKeyPrefix(options.routeInfo);
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      counters.incr(this.#prefix + key, timeWindow, max, callback);
    }

    child(routeOptions: { routeInfo?: { method?: string | string[]; url?: string } }) {
      return new DatabaseRateLimitStore(routeOptions);
    }
  };
}
