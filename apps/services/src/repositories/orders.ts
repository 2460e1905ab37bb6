import type { Queryable } from "../db/database.js";
import type { LeadRow, OrderData } from "../services/leads.js";

/** Orders: the chosen package on a lead, order numbers, submission and the referral it used. */

/** Records the order (package, add-ons, prices) on a draft lead. */
export async function saveOrder(
  tx: Queryable,
  leadId: string,
  order: OrderData,
  referralCode: string | undefined,
): Promise<void> {
  await tx.query(
    "update leads set order_data = $2::jsonb, referral_code = $3, updated_at = $4 where id = $1",
    [leadId, JSON.stringify(order), referralCode ?? null, order.updatedAt],
  );
}

/**
 * The next order serial of a Malaysian day: one counter row per day, bumped in the caller's
 * transaction, so numbers never repeat, never wrap, and a rolled-back purchase gives its back.
 */
export async function nextOrderSerial(tx: Queryable, day: string): Promise<number> {
  const { rows } = await tx.query<{ serial: number }>(
    `insert into order_counters (day, last_serial) values ($1, 1)
     on conflict (day) do update set last_serial = order_counters.last_serial + 1
     returning last_serial as serial`,
    [day],
  );
  return Number(rows[0]!.serial);
}

/** Marks the lead submitted with its order number; returns the updated row. */
export async function markSubmitted(
  tx: Queryable,
  leadId: string,
  orderNumber: string,
  at: Date,
): Promise<LeadRow> {
  const { rows } = await tx.query<LeadRow>(
    `update leads set status = 'submitted', order_number = $2, submitted_at = $3, updated_at = $3
     where id = $1 returning *`,
    [leadId, orderNumber, at.toISOString()],
  );
  return rows[0]!;
}

/**
 * Registers the referral of a submitted order for the referrer's status check; the code counts
 * one use the first time a phone number uses it.
 */
export async function recordReferral(
  tx: Queryable,
  referralCode: string,
  phoneNumber: string,
  at: Date,
): Promise<void> {
  const inserted = await tx.query(
    `insert into referrals (referral_code, phone_number, status, updated_at)
     values ($1, $2, 'registered', $3) on conflict (referral_code, phone_number) do nothing
     returning id`,
    [referralCode, phoneNumber, at.toISOString()],
  );
  if (inserted.rows.length > 0)
    await tx.query("update referral_codes set uses = uses + 1 where code = $1", [referralCode]);
}

/** What the fulfilment system is sent about one order (read when it is delivered). */
export interface FulfilmentOrderRow {
  order_number: string;
  lead_id: string;
  product: string;
  language: string;
  name: string | null;
  phone_number: string | null;
  email: string | null;
  address_id: string | null;
  unit_number: string | null;
  order_data: OrderData | null;
  submitted_at: string | Date;
  /** The booked installation date (YYYY-MM-DD) and window; null without a booking. */
  slot_date: string | null;
  slot: "morning" | "afternoon" | null;
  /** The visitor cancelled the order (tracking link). */
  cancelled: boolean;
}

/** The submitted order by number, or undefined (erased or never accepted). */
export async function orderForFulfilment(
  db: Queryable,
  orderNumber: string,
): Promise<FulfilmentOrderRow | undefined> {
  const { rows } = await db.query<FulfilmentOrderRow>(
    `select l.order_number, l.id as lead_id, l.product, l.language, l.name, l.phone_number,
            l.email, l.address_id, l.unit_number, l.order_data, l.submitted_at,
            to_char(h.day, 'YYYY-MM-DD') as slot_date, h.slot,
            exists (select 1 from order_events e where e.lead_id = l.id and e.status = 'cancelled')
              as cancelled
     from leads l
     left join installation_holds h on h.lead_id = l.id and h.confirmed_at is not null
     where l.order_number = $1 and l.status = 'submitted'`,
    [orderNumber],
  );
  return rows[0];
}
