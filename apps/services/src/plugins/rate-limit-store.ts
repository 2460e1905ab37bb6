import type { Queryable } from "../db/database.js";
import type { Clock } from "../lib/clock.js";

/** What @fastify/rate-limit hands a store: the count so far in the window and its time left. */
interface Hits {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, result?: Hits) => void;

// One statement, atomic on PostgreSQL (the conflicting row is locked) and on PGlite: a new key or
// an ended window starts at 1, otherwise the count goes up and the window's end stays.
const INCR = `
insert into rate_limits as r (key, hits, reset_at) values ($1, 1, $2::bigint + $3::bigint)
on conflict (key) do update set
  hits = case when r.reset_at <= $2::bigint then 1 else r.hits + 1 end,
  reset_at = case when r.reset_at <= $2::bigint then $2::bigint + $3::bigint else r.reset_at end
returning hits::int as hits, (reset_at - $2::bigint)::int as ttl`;

const READ = `select hits::int as hits, (reset_at - $2::bigint)::int as ttl
  from rate_limits where key = $1 and reset_at > $2::bigint`;

/** Ended windows are swept at most this often (by whichever instance counts a hit). */
const SWEEP_EVERY_MS = 60_000;

/**
 * A @fastify/rate-limit store class whose counters live in the app's database (the same SQL on
 * PGlite and PostgreSQL), so every instance behind a load balancer counts against one limit.
 * Time comes from the injected clock. Each route gets its own key space (`child`), like the
 * plugin's in-memory store.
 */
export function databaseRateLimitStore(db: Queryable, clock: Clock) {
  let sweptAt = Number.NEGATIVE_INFINITY;
  const sweep = (now: number) => {
    if (now - sweptAt < SWEEP_EVERY_MS) return;
    sweptAt = now;
    db.query("delete from rate_limits where reset_at <= $1::bigint", [now]).catch(() => {
      sweptAt = Number.NEGATIVE_INFINITY;
    });
  };

  return class DatabaseRateLimitStore {
    readonly #prefix: string;

    constructor(options: { routeInfo?: { method?: string | string[]; url?: string } } = {}) {
      const route = options.routeInfo;
      this.#prefix = route?.url ? `${String(route.method)} ${route.url}|` : "";
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const now = clock.now().getTime();
      db.query<{ hits: number; ttl: number }>(INCR, [this.#prefix + key, now, timeWindow]).then(
        ({ rows }) => {
          sweep(now);
          const row = rows[0]!;
          callback(null, { current: row.hits, ttl: row.ttl });
        },
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback): void {
      const now = clock.now().getTime();
      db.query<{ hits: number; ttl: number }>(READ, [this.#prefix + key, now]).then(
        ({ rows }) => {
          const row = rows[0];
          callback(null, row ? { current: row.hits, ttl: row.ttl } : { current: 0, ttl: 0 });
        },
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: { routeInfo?: { method?: string | string[]; url?: string } }) {
      return new DatabaseRateLimitStore(routeOptions);
    }
  };
}
