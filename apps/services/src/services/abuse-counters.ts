import type { Queryable } from "../db/database.js";
import { HttpError } from "../lib/errors.js";

/** A fixed-window counter of `abuse_counters` (migration 0020). */
export interface WindowCount {
  hits: number;
  /** Epoch ms at which the window ends. */
  windowEnd: number;
}

/**
 * Fixed-window counters in the database for the limits that must hold across instances
 * (identity checks). Callers run them inside `KeyLocks.transaction` holding the key, so a check
 * and its count are one step under concurrency.
 */
export const abuseCounters = {
  /** The count of `key` in its current window, or undefined when none runs. */
  async read(tx: Queryable, key: string, now: number): Promise<WindowCount | undefined> {
    const { rows } = await tx.query<{ hits: number; window_end: string | number }>(
      "select hits, window_end from abuse_counters where key = $1 and window_end > $2::bigint",
      [key, now],
    );
    const row = rows[0];
    return row ? { hits: row.hits, windowEnd: Number(row.window_end) } : undefined;
  },

  /** Counts one more hit of `key`; a window of `windowMs` starts at the first hit. */
  async bump(tx: Queryable, key: string, now: number, windowMs: number): Promise<void> {
    await tx.query(
      `insert into abuse_counters as c (key, hits, window_end) values ($1, 1, $2::bigint + $3::bigint)
       on conflict (key) do update set
         hits = case when c.window_end <= $2::bigint then 1 else c.hits + 1 end,
         window_end = case when c.window_end <= $2::bigint then $2::bigint + $3::bigint else c.window_end end`,
      [key, now, windowMs],
    );
  },

  /** Forgets `key` (a successful check ends the count of failures). */
  async clear(tx: Queryable, key: string): Promise<void> {
    await tx.query("delete from abuse_counters where key = $1", [key]);
  },
};

/** A 429 with Retry-After until the window ends and a stable code. */
export function limitReached(code: string, message: string, windowEnd: number, now: number) {
  return new HttpError(429, message, {
    code,
    headers: { "retry-after": String(Math.max(1, Math.ceil((windowEnd - now) / 1000))) },
  });
}
