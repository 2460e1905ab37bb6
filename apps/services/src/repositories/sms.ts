import type { Queryable } from "../db/database.js";
import { maskPhone } from "../lib/logger.js";

/** The SMS the workers gave up (table sms_dead_letters, migration 0045) and the queue's figures. */

/** Records a message given up: never its code, link or whole number. */
export async function recordDeadLetter(
  db: Queryable,
  d: {
    jobId: string;
    kind: string;
    language: string;
    phoneNumber: string;
    attempts: number;
    error: string;
    queuedAt: Date;
    at: Date;
  },
): Promise<void> {
  await db.query(
    `insert into sms_dead_letters (job_id, kind, language, phone_masked, attempts, last_error, queued_at, dead_lettered_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (job_id) do nothing`,
    [
      d.jobId,
      d.kind,
      d.language,
      maskPhone(d.phoneNumber),
      d.attempts,
      d.error.slice(0, 500),
      new Date(d.queuedAt).toISOString(),
      d.at.toISOString(),
    ],
  );
}

/** One dead-lettered SMS as operators see it. */
export interface DeadSmsRow {
  job_id: string;
  kind: string;
  language: string;
  phone_masked: string;
  attempts: number;
  last_error: string;
  queued_at: string | Date;
  dead_lettered_at: string | Date;
}

/** The dead-lettered SMS, oldest first. */
export async function deadLetters(db: Queryable): Promise<DeadSmsRow[]> {
  const { rows } = await db.query<DeadSmsRow>(
    "select * from sms_dead_letters order by dead_lettered_at, job_id",
  );
  return rows;
}

/**
 * The order's booked installation slot as the reminder checks it when it is due: the confirmed
 * booking (installation_holds) and whether the order was cancelled; undefined without a booking.
 */
export async function bookedSlot(
  db: Queryable,
  orderNumber: string,
): Promise<{ date: string; slot: string; cancelled: boolean } | undefined> {
  const { rows } = await db.query<{ date: string; slot: string; cancelled: boolean }>(
    `select h.day::text as date, h.slot,
            exists (select 1 from order_events e where e.lead_id = l.id and e.status = 'cancelled') as cancelled
       from leads l join installation_holds h on h.lead_id = l.id and h.confirmed_at is not null
      where l.order_number = $1 and l.status = 'submitted'`,
    [orderNumber],
  );
  return rows[0];
}

/**
 * The queue's figures (metrics): messages due and not sent yet (pending), scheduled for later
 * (reminders), dead-lettered, and the age of the oldest due one (a reminder counts from when it
 * is due), on the database's clock as pg-boss's schedule is. Read from pg-boss's job table in
 * `schema` (QUEUE_SCHEMA, a checked SQL name).
 */
export async function smsBacklog(
  db: Queryable,
  schema: string,
): Promise<{ pending: number; scheduled: number; deadLettered: number; oldestSeconds: number }> {
  const { rows } = await db.query<{
    pending: number;
    scheduled: number;
    dead: number;
    oldest: number | string | null;
  }>(
    `select count(*) filter (where start_after <= now())::int as pending,
            count(*) filter (where start_after > now())::int as scheduled,
            (select count(*)::int from sms_dead_letters) as dead,
            extract(epoch from now() - min(
              case when data->>'kind' = 'reminder' then start_after else created_on end)
              filter (where start_after <= now()))::float8 as oldest
       from ${schema}.job where name = 'sms' and state < 'completed'`,
  );
  const row = rows[0]!;
  return {
    pending: row.pending,
    scheduled: row.scheduled,
    deadLettered: row.dead,
    oldestSeconds: row.oldest === null ? 0 : Math.max(0, Number(row.oldest)),
  };
}
