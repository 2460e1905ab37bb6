import type { Queryable } from "../db/database.js";

/** The outbox record of each order (table fulfilment_orders, migration 0040). */

/** Writes the outbox record of an accepted order (in the purchase's transaction). */
export async function acceptOrder(
  tx: Queryable,
  orderNumber: string,
  leadId: string,
  at: Date,
): Promise<void> {
  await tx.query(
    "insert into fulfilment_orders (order_number, lead_id, accepted_at) values ($1, $2, $3)",
    [orderNumber, leadId, at.toISOString()],
  );
}

/** One delivery attempt began (counted before the request, so a killed worker's try counts). */
export async function attemptStarted(db: Queryable, orderNumber: string): Promise<void> {
  await db.query("update fulfilment_orders set attempts = attempts + 1 where order_number = $1", [
    orderNumber,
  ]);
}

/**
 * The provider acknowledged revision `revision` of the order (2xx); the first acknowledgement's
 * time is kept. An acknowledgement of an older revision than the current one changes nothing
 * (the newer revision's job is queued).
 */
export async function acknowledge(
  db: Queryable,
  orderNumber: string,
  revision: number,
  at: Date,
): Promise<void> {
  await db.query(
    `update fulfilment_orders set acknowledged_at = coalesce(acknowledged_at, $2), last_error = null,
       dead_lettered_at = null
     where order_number = $1 and revision = $3`,
    [orderNumber, at.toISOString(), revision],
  );
}

/**
 * A change of the order after its acceptance (in the change's transaction): its revision goes up
 * and waits for an acknowledgement again. Returns the new revision; undefined when the order has
 * no outbox record (accepted before the outbox existed).
 */
export async function revise(tx: Queryable, orderNumber: string): Promise<number | undefined> {
  const { rows } = await tx.query<{ revision: number }>(
    `update fulfilment_orders
       set revision = revision + 1, acknowledged_at = null, dead_lettered_at = null,
           last_error = null
     where order_number = $1
     returning revision`,
    [orderNumber],
  );
  return rows[0]?.revision;
}

/** The current revision of an order's outbox record (undefined without one). */
export async function currentRevision(
  db: Queryable,
  orderNumber: string,
): Promise<number | undefined> {
  const { rows } = await db.query<{ revision: number }>(
    "select revision from fulfilment_orders where order_number = $1",
    [orderNumber],
  );
  return rows[0]?.revision;
}

/** A delivery attempt failed; the order will be retried. */
export async function attemptFailed(
  db: Queryable,
  orderNumber: string,
  error: string,
): Promise<void> {
  await db.query("update fulfilment_orders set last_error = $2 where order_number = $1", [
    orderNumber,
    error.slice(0, 500),
  ]);
}

/** Gives an order up: no more retries until an operator redelivers it. */
export async function deadLetter(
  db: Queryable,
  orderNumber: string,
  revision: number,
  error: string,
  at: Date,
): Promise<void> {
  await db.query(
    `update fulfilment_orders set last_error = $2, dead_lettered_at = $3
     where order_number = $1 and acknowledged_at is null and revision = $4`,
    [orderNumber, error.slice(0, 500), at.toISOString(), revision],
  );
}

/** Takes a dead-lettered order back into delivery (ops redeliver); false when it is not dead. */
export async function revive(
  tx: Queryable,
  orderNumber: string,
): Promise<{ leadId: string; revision: number } | undefined> {
  const { rows } = await tx.query<{ lead_id: string; revision: number }>(
    `update fulfilment_orders set dead_lettered_at = null
     where order_number = $1 and dead_lettered_at is not null and acknowledged_at is null
     returning lead_id, revision`,
    [orderNumber],
  );
  const row = rows[0];
  return row ? { leadId: row.lead_id, revision: row.revision } : undefined;
}

/** Queue depth and the age of the oldest undelivered order (metrics). */
export async function backlog(
  db: Queryable,
  at: Date,
): Promise<{ pending: number; deadLettered: number; oldestSeconds: number }> {
  const { rows } = await db.query<{ pending: number; dead: number; oldest: string | Date | null }>(
    `select count(*) filter (where dead_lettered_at is null)::int as pending,
            count(*) filter (where dead_lettered_at is not null)::int as dead,
            min(accepted_at) filter (where dead_lettered_at is null) as oldest
     from fulfilment_orders where acknowledged_at is null`,
  );
  const row = rows[0]!;
  return {
    pending: row.pending,
    deadLettered: row.dead,
    oldestSeconds: row.oldest
      ? Math.max(0, (at.getTime() - new Date(row.oldest).getTime()) / 1000)
      : 0,
  };
}

/** One order of the reconciliation. */
export interface ReconcileRow {
  order_number: string;
  submitted_at: string | Date;
  attempts: number | null;
  last_error: string | null;
  dead_lettered_at: string | Date | null;
  outbox: boolean;
}

/**
 * Accepted orders (submitted leads) the provider has not acknowledged, each with its outbox
 * state: no outbox record at all (accepted before issue 24), waiting, or dead-lettered.
 */
export async function unacknowledged(db: Queryable): Promise<ReconcileRow[]> {
  const { rows } = await db.query<ReconcileRow>(
    `select l.order_number, l.submitted_at, f.attempts, f.last_error, f.dead_lettered_at,
            f.order_number is not null as outbox
     from leads l left join fulfilment_orders f on f.order_number = l.order_number
     where l.status = 'submitted' and f.acknowledged_at is null
     order by l.submitted_at, l.order_number`,
  );
  return rows;
}

/** Counts for the reconciliation: accepted orders and acknowledged ones. */
export async function reconcileCounts(
  db: Queryable,
): Promise<{ accepted: number; acknowledged: number }> {
  const { rows } = await db.query<{ accepted: number; acknowledged: number }>(
    `select (select count(*)::int from leads where status = 'submitted') as accepted,
            (select count(*)::int from fulfilment_orders f join leads l on l.order_number = f.order_number
              where f.acknowledged_at is not null and l.status = 'submitted') as acknowledged`,
  );
  return rows[0]!;
}

/** The development stand-in's record of a delivery. */
export async function recordStandinDelivery(
  db: Queryable,
  orderNumber: string,
  key: string,
  body: string,
): Promise<void> {
  await db.query(
    "insert into fulfilment_standin_deliveries (order_number, idempotency_key, body) values ($1, $2, $3::jsonb)",
    [orderNumber, key, body],
  );
}
