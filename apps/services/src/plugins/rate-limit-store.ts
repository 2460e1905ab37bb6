import type { Queryable } from "../db/database.js";
import type { Clock } from "../lib/clock.js";

/** What @fastify/rate-limit hands a store: the count so far in the window and its time left. */
interface Hits {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, result?: Hits) => void;

interface Counter {
  /** Hits counted here and not yet written to the database. */
  local: number;
  /** Hits being written by the flush in flight. */
  inflight: number;
  /** The database's count as of the last read or flush (every instance's hits). */
  shared: number;
  /** Epoch ms at which the window ends. */
  resetAt: number;
  window: number;
}

// Adds each key's new hits in one statement: a new key or an ended window starts at the added
// count. Atomic per row on PostgreSQL and PGlite alike.
const ADD = `
insert into rate_limits as r (key, hits, reset_at)
select k, h, $3::bigint + w from unnest($1::text[], $2::int[], $4::bigint[]) as t(k, h, w)
on conflict (key) do update set
  hits = case when r.reset_at <= $3::bigint then excluded.hits else r.hits + excluded.hits end,
  reset_at = case when r.reset_at <= $3::bigint then excluded.reset_at else r.reset_at end
returning key, hits::int as hits, reset_at::bigint as reset_at`;

const READ = `select hits::int as hits, reset_at::bigint as reset_at
  from rate_limits where key = $1 and reset_at > $2::bigint`;

/** Options of {@link RateLimitCounters}. */
export interface RateLimitCountersOptions {
  /** How often counted hits are written to the database (ms). */
  syncMs?: number;
  /** Most keys held in memory; the oldest windows go first. */
  maxKeys?: number;
}

/**
 * Rate-limit counters kept in memory per instance and shared through the database, so a refusal
 * costs no database work and every instance still counts against one limit.
 *
 * - The first hit of a key in a window reads the database's count (one indexed read per client
 *   and window): a client that used its quota on another instance is refused here at once.
 * - Every later hit is counted in memory; the count answers at once (a 429 touches nothing).
 * - New hits are added to the database in one batched statement every `syncMs` (default 1 s),
 *   which also brings back what the other instances counted. Between two syncs each instance
 *   may let through up to the limit on its own: across N instances a client gets at most the
 *   limit plus what the others let through in one sync interval.
 * - When the database is unreachable the counters keep working from memory and the unwritten
 *   hits are written once it is back.
 */
export class RateLimitCounters {
  readonly #counters = new Map<string, Counter>();
  readonly #reading = new Map<string, Promise<void>>();
  readonly #db: Queryable;
  readonly #clock: Clock;
  readonly #syncMs: number;
  readonly #maxKeys: number;
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> | undefined;
  #sweptAt = Number.NEGATIVE_INFINITY;

  constructor(db: Queryable, clock: Clock, opts: RateLimitCountersOptions = {}) {
    this.#db = db;
    this.#clock = clock;
    this.#syncMs = opts.syncMs ?? 1000;
    this.#maxKeys = opts.maxKeys ?? 100_000;
  }

  /** Keys held in memory. */
  get size(): number {
    return this.#counters.size;
  }

  /** Counts a hit of `key` in a window of `window` ms. */
  incr(key: string, window: number, callback: Callback): void {
    const now = this.#clock.now().getTime();
    const counter = this.#counters.get(key);
    if (counter && counter.resetAt > now) {
      callback(null, this.#hit(counter, now));
      return;
    }
    // First hit of this key in a window: learn what the other instances counted.
    let reading = this.#reading.get(key);
    if (!reading) {
      reading = this.#read(key, window, now).finally(() => this.#reading.delete(key));
      this.#reading.set(key, reading);
    }
    reading.then(() => {
      const fresh = this.#counters.get(key) as Counter;
      callback(null, this.#hit(fresh, this.#clock.now().getTime()));
    });
  }

  #hit(counter: Counter, now: number): Hits {
    counter.local += 1;
    this.#schedule();
    return {
      current: counter.shared + counter.inflight + counter.local,
      ttl: counter.resetAt - now,
    };
  }

  async #read(key: string, window: number, now: number): Promise<void> {
    let shared = 0;
    let resetAt = now + window;
    try {
      const { rows } = await this.#db.query<{ hits: number; reset_at: string | number }>(READ, [
        key,
        now,
      ]);
      if (rows[0]) {
        shared = rows[0].hits;
        resetAt = Number(rows[0].reset_at);
      }
    } catch {
      // Database unreachable: count from memory alone until it is back.
    }
    const old = this.#counters.get(key);
    // Hits of an ended window that were never written still belong to that window: dropped.
    this.#counters.delete(key);
    this.#counters.set(key, {
      local: 0,
      inflight: old && old.resetAt > now ? old.inflight : 0,
      shared,
      resetAt,
      window,
    });
    if (this.#counters.size > this.#maxKeys) {
      const oldest = this.#counters.keys().next().value;
      if (oldest !== undefined) this.#counters.delete(oldest);
    }
  }

  #schedule(): void {
    if (this.#timer || this.#syncMs <= 0) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.flush();
    }, this.#syncMs);
    this.#timer.unref();
  }

  /** Writes the hits counted since the last flush and reads back every instance's counts. */
  flush(): Promise<void> {
    this.#flushing ??= this.#flush().finally(() => {
      this.#flushing = undefined;
    });
    return this.#flushing;
  }

  async #flush(): Promise<void> {
    const now = this.#clock.now().getTime();
    const keys: string[] = [];
    const hits: number[] = [];
    const windows: number[] = [];
    const taken: Counter[] = [];
    for (const [key, counter] of this.#counters) {
      if (counter.resetAt <= now) {
        if (counter.local === 0) this.#counters.delete(key);
        continue;
      }
      if (counter.local === 0) continue;
      keys.push(key);
      hits.push(counter.local);
      windows.push(counter.window);
      counter.inflight += counter.local;
      counter.local = 0;
      taken.push(counter);
    }
    if (keys.length === 0) return;
    try {
      const { rows } = await this.#db.query<{
        key: string;
        hits: number;
        reset_at: string | number;
      }>(ADD, [keys, hits, now, windows]);
      for (const row of rows) {
        const counter = this.#counters.get(row.key);
        if (!counter) continue;
        counter.shared = row.hits;
        counter.inflight = 0;
        counter.resetAt = Number(row.reset_at);
      }
      this.#sweep(now);
    } catch {
      // Not written: put the hits back so the next flush retries them.
      for (const counter of taken) {
        counter.local += counter.inflight;
        counter.inflight = 0;
      }
      this.#schedule();
    }
  }

  #sweep(now: number): void {
    if (now - this.#sweptAt < 60_000) return;
    this.#sweptAt = now;
    this.#db.query("delete from rate_limits where reset_at <= $1::bigint", [now]).catch(() => {
      this.#sweptAt = Number.NEGATIVE_INFINITY;
    });
  }

  /** Stops the timer and writes what is left (at shutdown). */
  async close(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.flush().catch(() => undefined);
  }
}

/**
 * A @fastify/rate-limit store class over {@link RateLimitCounters}. Each route gets its own key
 * space (`child`), like the plugin's in-memory store.
 */
export function databaseRateLimitStore(counters: RateLimitCounters) {
  return class DatabaseRateLimitStore {
    readonly #prefix: string;

    constructor(options: { routeInfo?: { method?: string | string[]; url?: string } } = {}) {
      const route = options.routeInfo;
      this.#prefix = route?.url ? `${String(route.method)} ${route.url}|` : "";
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      counters.incr(this.#prefix + key, timeWindow, callback);
    }

    child(routeOptions: { routeInfo?: { method?: string | string[]; url?: string } }) {
      return new DatabaseRateLimitStore(routeOptions);
    }
  };
}
