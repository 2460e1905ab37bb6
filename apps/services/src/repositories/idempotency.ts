import type { Queryable } from "../db/database.js";

/** Idempotency keys (table idempotency_keys, migration 0040). */

/** What a key holds: in flight (no answer yet) or done (the first answer, for replays). */
export interface IdempotencyRow {
  fingerprint: string;
  state: "inFlight" | "done";
  status_code: number | null;
  response: string | null;
  created_at: string | Date;
}

/**
 * Claims a key for a new request: inserted as in flight, or taken over when the stored one has
 * expired or its request was abandoned (in flight since before `staleBefore`: a process that
 * died mid-request). Returns undefined when claimed, else the row that holds the key.
 */
export async function claim(
  db: Queryable,
  k: { operation: string; scope: string; key: string; fingerprint: string },
  at: Date,
  expiresAt: Date,
  staleBefore: Date,
): Promise<IdempotencyRow | undefined> {
  const { rows } = await db.query<{ claimed: boolean } & IdempotencyRow>(
    `with claimed as (
       insert into idempotency_keys (operation, scope, key, fingerprint, state, created_at, expires_at)
       values ($1, $2, $3, $4, 'inFlight', $5, $6)
       on conflict (operation, scope, key) do update
         set fingerprint = excluded.fingerprint, state = 'inFlight', status_code = null,
             response = null, created_at = excluded.created_at, expires_at = excluded.expires_at
         where idempotency_keys.expires_at <= $5
            or (idempotency_keys.state = 'inFlight' and idempotency_keys.created_at < $7)
       returning true as claimed)
     select true as claimed, null as fingerprint, null as state, null::int as status_code,
            null as response, null::timestamptz as created_at from claimed
     union all
     select false, fingerprint, state, status_code, response, created_at from idempotency_keys
     where operation = $1 and scope = $2 and key = $3 and not exists (select 1 from claimed)`,
    [
      k.operation,
      k.scope,
      k.key,
      k.fingerprint,
      at.toISOString(),
      expiresAt.toISOString(),
      staleBefore.toISOString(),
    ],
  );
  const row = rows[0];
  if (row?.claimed) return undefined;
  // Nothing at all: another request inserted the key after this statement's snapshot was taken
  // (PostgreSQL, read committed): it is in flight.
  return (
    row ?? { fingerprint: "", state: "inFlight", status_code: null, response: null, created_at: at }
  );
}

/** Stores the first answer of a claimed key. */
export async function complete(
  db: Queryable,
  k: { operation: string; scope: string; key: string },
  statusCode: number,
  response: string,
): Promise<void> {
  await db.query(
    `update idempotency_keys set state = 'done', status_code = $4, response = $5
     where operation = $1 and scope = $2 and key = $3`,
    [k.operation, k.scope, k.key, statusCode, response],
  );
}

/** Lets a key go (its request failed without an answer worth replaying). */
export async function release(
  db: Queryable,
  k: { operation: string; scope: string; key: string },
): Promise<void> {
  await db.query(
    "delete from idempotency_keys where operation = $1 and scope = $2 and key = $3 and state = 'inFlight'",
    [k.operation, k.scope, k.key],
  );
}

/** Deletes expired keys (the retention job); returns how many. */
export async function purgeExpired(db: Queryable, at: Date): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    "with gone as (delete from idempotency_keys where expires_at <= $1 returning 1) select count(*)::int as n from gone",
    [at.toISOString()],
  );
  return rows[0]?.n ?? 0;
}
