/**
 * Issue 24, "rescheduling the slot within the rules": the holder of an order's tracking link
 * moves its booked installation slot (services README "Rescheduling").
 *
 * - Only a booked slot moves (an order bought without one waits for the installer's call), and
 *   only while the order is received, verified or installation booked: not once the technician
 *   is on the way, installed or cancelled (409 `order.notReschedulable`).
 * - Until RESCHEDULE_CUTOFF_HOURS before the booked window starts, Malaysian time (409
 *   `order.reschedule.tooLate`): the crew's day is planned the day before.
 * - At most MAX_INSTALLATION_CHANGES changes per order (409 `order.reschedule.limit`).
 * - The new slot follows the order's rules: the lead time of the address's network from today,
 *   Monday to Saturday except public holidays (400 naming `date`), and capacity (409
 *   `order.slot.taken`). The old unit is given back and the new one taken in one transaction,
 *   the order's row locked first and then the slot's, as in the purchase: a slot is never given
 *   twice, and concurrent changes of one order queue on its row.
 */
import type { Queryable } from "../db/database.js";
import { badRequest, HttpError } from "../lib/errors.js";
import {
  availableSlots,
  DEFAULT_SLOT_DAYS,
  installationDays,
  leadPlace,
  MAX_SLOT_DAYS,
  SLOT_WINDOWS,
  take,
  type AvailableSlot,
  type SlotWindow,
} from "./installation.js";

/** Changes of a booked slot allowed per order. */
export const MAX_INSTALLATION_CHANGES = 3;

/** A slot can be changed until this many hours before its window starts. */
export const RESCHEDULE_CUTOFF_HOURS = 24;

/** The order statuses at which its slot may still be changed. */
export const RESCHEDULABLE: ReadonlySet<string> = new Set([
  "received",
  "verified",
  "installationBooked",
]);

/** A booked slot of an order. */
export interface BookedSlot {
  date: string;
  slot: SlotWindow;
}

/** Whether and until when the order's slot can be changed (the tracking answer's `rescheduling`). */
export interface Rescheduling {
  open: boolean;
  changesLeft: number;
  changeableUntil: string;
}

/** When the window of a booked slot starts (Malaysian time, UTC+8, no daylight saving). */
export const windowStart = (booked: BookedSlot) =>
  new Date(`${booked.date}T${SLOT_WINDOWS[booked.slot].from}:00+08:00`);

/** The last moment the booked slot can be changed. */
export const changeableUntil = (booked: BookedSlot) =>
  new Date(windowStart(booked).getTime() - RESCHEDULE_CUTOFF_HOURS * 3_600_000);

/** How many times the order's slot was changed. */
export async function changesOf(db: Queryable, leadId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    "select count(*)::int as n from installation_changes where lead_id = $1",
    [leadId],
  );
  return Number(rows[0]?.n ?? 0);
}

/** The rescheduling facts of a booked order at `at`. */
export async function reschedulingOf(
  db: Queryable,
  leadId: string,
  status: string,
  booked: BookedSlot,
  at: Date,
): Promise<Rescheduling> {
  const changesLeft = Math.max(0, MAX_INSTALLATION_CHANGES - (await changesOf(db, leadId)));
  const until = changeableUntil(booked);
  return {
    open: RESCHEDULABLE.has(status) && changesLeft > 0 && at.getTime() < until.getTime(),
    changesLeft,
    changeableUntil: until.toISOString(),
  };
}

const notReschedulable = (message: string) =>
  new HttpError(409, message, { code: "order.notReschedulable" });

/** Refuses a change the rules do not allow now, the most lasting reason first. */
async function checkRules(
  db: Queryable,
  leadId: string,
  status: string,
  booked: BookedSlot | undefined,
  at: Date,
): Promise<BookedSlot> {
  if (!RESCHEDULABLE.has(status))
    throw notReschedulable(`The order is ${status}: its installation slot cannot be changed`);
  if (!booked) throw notReschedulable("The order has no installation slot: the installer calls");
  const facts = await reschedulingOf(db, leadId, status, booked, at);
  if (facts.changesLeft === 0)
    throw new HttpError(
      409,
      `The slot was changed ${MAX_INSTALLATION_CHANGES} times already: call us`,
      { code: "order.reschedule.limit" },
    );
  if (!facts.open)
    throw new HttpError(
      409,
      `The slot can be changed until ${RESCHEDULE_CUTOFF_HOURS} hours before it starts: call us`,
      { code: "order.reschedule.tooLate" },
    );
  return booked;
}

/**
 * The slots an order can move to (the tracking link's list): its address's next `count`
 * installation days from the earliest, without the booked slot itself.
 */
export async function orderSlots(
  db: Queryable,
  leadId: string,
  booked: BookedSlot | undefined,
  at: Date,
  count = DEFAULT_SLOT_DAYS,
): Promise<{ leadTimeDays: number; slots: AvailableSlot[] }> {
  const place = await leadPlace(db, leadId, false, true);
  const { leadTimeDays, slots } = await availableSlots(db, place, leadId, at, count);
  return {
    leadTimeDays,
    slots: slots.filter((s) => !(booked && s.date === booked.date && s.slot === booked.slot)),
  };
}

/**
 * Moves the booked slot of an order inside `tx`, whose caller has locked the order's row and
 * read its status and booking. The same slot again changes nothing (`changed: false`).
 */
export async function moveBooking(
  tx: Queryable,
  order: { leadId: string; status: string; booked: BookedSlot | undefined },
  choice: BookedSlot,
  at: Date,
): Promise<{ changed: boolean }> {
  const booked = await checkRules(tx, order.leadId, order.status, order.booked, at);
  if (booked.date === choice.date && booked.slot === choice.slot) return { changed: false };
  const place = await leadPlace(tx, order.leadId, false, true);
  const { days } = await installationDays(tx, place, at, MAX_SLOT_DAYS);
  if (!days.includes(choice.date))
    throw badRequest(
      "date",
      "validation.installationDate.invalid",
      `${choice.date} is not an installation day offered to this order`,
    );
  // The order's one hold row moves: its old unit is free the moment the new one is taken.
  await take(tx, order.leadId, place.area, choice.date, choice.slot, at, true);
  await tx.query(
    `update leads set order_data = order_data || jsonb_build_object(
       'installationDate', $2::text, 'installationSlot', $3::text) where id = $1`,
    [order.leadId, choice.date, choice.slot],
  );
  await tx.query(
    `insert into installation_changes (lead_id, at, from_day, from_slot, to_day, to_slot)
     values ($1, $2, $3, $4, $5, $6)`,
    [order.leadId, at.toISOString(), booked.date, booked.slot, choice.date, choice.slot],
  );
  return { changed: true };
}
