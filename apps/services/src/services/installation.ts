/**
 * Installation slots (issue 24): the rules and the SQL of booking an installation date and window.
 *
 * - Service area: the state of the lead's address. Capacity per area and window on every
 *   installation day (`installation_areas`), overridden per day by operators
 *   (`installation_capacity`, `ops slots set`).
 * - Installation days: Monday to Saturday, except the public holidays (`public_holidays`).
 * - Lead time: the earliest installation day is the N-th installation day after today (the
 *   Malaysian day), N per network (`installation_lead_times`): the fastest fibre network at the
 *   address, `satellite` for Suria TV (a dish installer comes too).
 * - A hold keeps a slot for its lead for HOLD_SECONDS; one hold per lead, a new one replaces it.
 *   Holding locks the slot's row in `installation_slot_locks`, so concurrent holds of the last
 *   capacity queue there and exactly one gets it. The purchase confirms the hold in its own
 *   transaction (`confirmHold`); a confirmed booking never expires.
 */
import type { Queryable } from "../db/database.js";
import { malaysianDate } from "../lib/clock.js";
import { badRequest, HttpError } from "../lib/errors.js";

/** The two windows of a day, Malaysian time. */
export const SLOT_WINDOWS = {
  morning: { from: "09:00", to: "13:00" },
  afternoon: { from: "14:00", to: "18:00" },
} as const;

/** A window of the day. */
export type SlotWindow = keyof typeof SLOT_WINDOWS;

/** How long a hold keeps a slot for its lead. */
export const HOLD_SECONDS = 600;

/** Installation days offered by default, and at most. */
export const DEFAULT_SLOT_DAYS = 10;
export const MAX_SLOT_DAYS = 30;

/** Lead time (working days) for a network missing from `installation_lead_times`. */
export const DEFAULT_LEAD_DAYS = 3;

/** One slot with what is left of it. */
export interface AvailableSlot {
  date: string;
  slot: SlotWindow;
  from: string;
  to: string;
  remaining: number;
}

/** A lead's booking as the API shows it. */
export interface HeldSlot {
  date: string;
  slot: SlotWindow;
  from: string;
  to: string;
  heldUntil: string;
  confirmed: boolean;
}

/** Where a lead or an order is installed: its area, product and networks (and lead status). */
export interface LeadPlace {
  status: string;
  product: string;
  area: string;
  networks: { network: string; maxSpeedMbps: number }[];
}

/** `YYYY-MM-DD` plus `n` days. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

const isSunday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() === 0;

/** The 409 of a slot that is full (or was lost while the hold had expired). */
export const slotTaken = (date: string, slot: string) =>
  new HttpError(409, `The ${slot} of ${date} was just taken`, { code: "order.slot.taken" });

/**
 * The place of a lead that is not submitted yet (the sign-up's slots); the lead row locked first
 * when `lock`. With `submitted`, the place of an order instead (rescheduling from the tracking
 * link): a submitted lead is what is wanted then.
 */
export async function leadPlace(
  db: Queryable,
  leadId: string,
  lock: boolean,
  submitted = false,
): Promise<LeadPlace> {
  const { rows } = await db.query<LeadPlace>(
    `select l.status, l.product, a.state as area, a.fibre_networks as networks
       from leads l left join addresses a on a.id = l.address_id
      where l.id = $1${lock ? " for update of l" : ""}`,
    [leadId],
  );
  const place = rows[0];
  if (!place)
    throw new HttpError(401, "Token is invalid or expired", { code: "auth.token.invalid" });
  if (!submitted && place.status === "submitted")
    throw new HttpError(409, "The lead is already submitted", { code: "lead.submitted" });
  if (!place.area)
    throw new HttpError(409, "The lead has no address yet", { code: "lead.incomplete.address" });
  return place;
}

/** The network an installation waits for: the fastest fibre network, or the dish installer. */
function networkOf(place: LeadPlace): string {
  if (place.product !== "fibre" || place.networks.length === 0) return "satellite";
  return [...place.networks].sort((a, b) => b.maxSpeedMbps - a.maxSpeedMbps)[0]!.network;
}

/** The installation days of a lead from its earliest one: `count` of them, and the lead time. */
export async function installationDays(
  db: Queryable,
  place: LeadPlace,
  at: Date,
  count: number,
): Promise<{ leadTimeDays: number; days: string[] }> {
  const network = networkOf(place);
  const { rows } = await db.query<{ working_days: number }>(
    "select working_days from installation_lead_times where network = $1",
    [network],
  );
  const leadTimeDays = rows[0] ? Number(rows[0].working_days) : DEFAULT_LEAD_DAYS;
  const today = malaysianDate(at);
  // Enough calendar days for the lead time and the days asked, with every holiday of the span.
  const until = addDays(today, (leadTimeDays + count) * 2 + 14);
  const holidays = new Set(
    (
      await db.query<{ day: string }>(
        "select day::text as day from public_holidays where day > $1 and day <= $2",
        [today, until],
      )
    ).rows.map((r) => r.day),
  );
  const days: string[] = [];
  let passed = 0;
  for (let day = addDays(today, 1); day <= until && days.length < count; day = addDays(day, 1)) {
    if (isSunday(day) || holidays.has(day)) continue;
    passed += 1;
    if (passed >= leadTimeDays) days.push(day);
  }
  return { leadTimeDays, days };
}

const view = (r: {
  day: string;
  slot: SlotWindow;
  expires_at: string | Date;
  confirmed_at: string | Date | null;
}): HeldSlot => ({
  date: r.day,
  slot: r.slot,
  ...SLOT_WINDOWS[r.slot],
  heldUntil: new Date(r.expires_at).toISOString(),
  confirmed: r.confirmed_at !== null,
});

/** The lead's hold or booking while it counts (confirmed, or not expired at `at`). */
export async function currentHold(
  db: Queryable,
  leadId: string,
  at: Date,
): Promise<HeldSlot | undefined> {
  const { rows } = await db.query<{
    day: string;
    slot: SlotWindow;
    expires_at: string | Date;
    confirmed_at: string | Date | null;
  }>(
    `select day::text as day, slot, expires_at, confirmed_at from installation_holds
      where lead_id = $1 and (confirmed_at is not null or expires_at > $2)`,
    [leadId, at.toISOString()],
  );
  return rows[0] ? view(rows[0]) : undefined;
}

/**
 * The slots the lead's address can book: the next `count` installation days from the earliest,
 * each window with capacity left (the lead's own hold does not count against it).
 */
export async function listSlots(db: Queryable, leadId: string, at: Date, count: number) {
  const place = await leadPlace(db, leadId, false);
  const { leadTimeDays, slots } = await availableSlots(db, place, leadId, at, count);
  const held = await currentHold(db, leadId, at);
  return {
    area: place.area,
    leadTimeDays,
    ...(held ? { held } : {}),
    slots,
  };
}

/**
 * The next `count` installation days of a place from its earliest, each window with capacity
 * left: the lead's own hold or booking does not count against it.
 */
export async function availableSlots(
  db: Queryable,
  place: LeadPlace,
  leadId: string,
  at: Date,
  count: number,
): Promise<{ leadTimeDays: number; slots: AvailableSlot[] }> {
  const { leadTimeDays, days } = await installationDays(db, place, at, count);
  const from = days[0];
  const to = days.at(-1);
  const slots: AvailableSlot[] = [];
  if (from && to) {
    const { rows } = await db.query<{ day: string; slot: SlotWindow; remaining: number }>(
      `with days as (select d::date as day from unnest($2::text[]) d),
            windows as (select unnest(array['morning', 'afternoon']) as slot),
            capacity as (
              select days.day, windows.slot,
                     coalesce(c.capacity,
                       case windows.slot when 'morning' then a.morning else a.afternoon end,
                       0) as capacity
                from days cross join windows
                left join installation_areas a on a.area = $1
                left join installation_capacity c
                  on c.area = $1 and c.day = days.day and c.slot = windows.slot),
            taken as (
              select day, slot, count(*)::int as n from installation_holds
               where area = $1 and day between $3::date and $4::date and lead_id <> $5
                 and (confirmed_at is not null or expires_at > $6)
               group by day, slot)
       select capacity.day::text as day, capacity.slot,
              (capacity.capacity - coalesce(taken.n, 0))::int as remaining
         from capacity left join taken on taken.day = capacity.day and taken.slot = capacity.slot
        where capacity.capacity - coalesce(taken.n, 0) > 0
        order by capacity.day, capacity.slot = 'afternoon'`,
      [place.area, days, from, to, leadId, at.toISOString()],
    );
    for (const r of rows)
      slots.push({ date: r.day, slot: r.slot, ...SLOT_WINDOWS[r.slot], remaining: r.remaining });
  }
  return { leadTimeDays, slots };
}

/**
 * Takes one unit of a slot for the lead inside `tx`: the slot's lock row is locked, the holds
 * that count are counted, and the lead's hold is written (replacing its earlier one). 409
 * `order.slot.taken` when nothing is left.
 */
export async function take(
  tx: Queryable,
  leadId: string,
  area: string,
  date: string,
  slot: SlotWindow,
  at: Date,
  confirm: boolean,
): Promise<void> {
  await tx.query(
    "insert into installation_slot_locks (area, day, slot) values ($1, $2, $3) on conflict do nothing",
    [area, date, slot],
  );
  await tx.query(
    "select 1 from installation_slot_locks where area = $1 and day = $2 and slot = $3 for update",
    [area, date, slot],
  );
  const { rows } = await tx.query<{ capacity: number; taken: number }>(
    `select coalesce(
              (select capacity from installation_capacity where area = $1 and day = $2 and slot = $3),
              (select case $3 when 'morning' then morning else afternoon end
                 from installation_areas where area = $1),
              0)::int as capacity,
            (select count(*) from installation_holds
              where area = $1 and day = $2 and slot = $3 and lead_id <> $4
                and (confirmed_at is not null or expires_at > $5))::int as taken`,
    [area, date, slot, leadId, at.toISOString()],
  );
  const { capacity, taken } = rows[0]!;
  if (taken >= capacity) throw slotTaken(date, slot);
  await tx.query(
    `insert into installation_holds (lead_id, area, day, slot, held_at, expires_at, confirmed_at)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (lead_id) do update set area = excluded.area, day = excluded.day,
       slot = excluded.slot, held_at = excluded.held_at, expires_at = excluded.expires_at,
       confirmed_at = excluded.confirmed_at`,
    [
      leadId,
      area,
      date,
      slot,
      at.toISOString(),
      new Date(at.getTime() + HOLD_SECONDS * 1000).toISOString(),
      confirm ? at.toISOString() : null,
    ],
  );
}

/**
 * Holds a slot for the lead for HOLD_SECONDS (its one hold: an earlier one is given back). The
 * date must be one of the lead's installation days (400 naming `date` otherwise: a Sunday, a
 * holiday, before the lead time or past the days offered); a full slot answers 409
 * `order.slot.taken`.
 */
export async function holdSlot(
  tx: Queryable,
  leadId: string,
  choice: { date: string; slot: SlotWindow },
  at: Date,
): Promise<HeldSlot> {
  // The lead row is locked first (as in the purchase), then the slot's: one order, no deadlock.
  const place = await leadPlace(tx, leadId, true);
  const { days } = await installationDays(tx, place, at, MAX_SLOT_DAYS);
  if (!days.includes(choice.date))
    throw badRequest(
      "date",
      "validation.installationDate.invalid",
      `${choice.date} is not an installation day offered to this lead`,
    );
  await take(tx, leadId, place.area, choice.date, choice.slot, at, false);
  return (await currentHold(tx, leadId, at))!;
}

/**
 * Confirms the lead's hold inside the purchase's transaction (the lead row is locked by the
 * purchase) and writes the slot into the order (`installationDate`, `installationSlot`). A hold
 * that expired is taken again when the slot still has room, else 409 `order.slot.taken`; a lead
 * without a hold is purchased without a slot (the installer calls to book).
 */
export async function confirmHold(
  tx: Queryable,
  leadId: string,
  at: Date,
): Promise<HeldSlot | undefined> {
  const { rows } = await tx.query<{
    area: string;
    day: string;
    slot: SlotWindow;
    expires_at: string | Date;
    confirmed_at: string | Date | null;
  }>(
    "select area, day::text as day, slot, expires_at, confirmed_at from installation_holds where lead_id = $1",
    [leadId],
  );
  const hold = rows[0];
  if (!hold) return undefined;
  if (hold.confirmed_at === null) {
    if (new Date(hold.expires_at).getTime() > at.getTime())
      await tx.query("update installation_holds set confirmed_at = $2 where lead_id = $1", [
        leadId,
        at.toISOString(),
      ]);
    else await take(tx, leadId, hold.area, hold.day, hold.slot, at, true);
  }
  await tx.query(
    `update leads set order_data = order_data || jsonb_build_object(
       'installationDate', $2::text, 'installationSlot', $3::text) where id = $1`,
    [leadId, hold.day, hold.slot],
  );
  return (await currentHold(tx, leadId, at))!;
}

/** Operators: an area's defaults, or one day's capacity of a window (`ops slots set`). */
export async function setCapacity(
  db: Queryable,
  change: { area: string; slot?: SlotWindow; day?: string; capacity: number },
): Promise<void> {
  if (change.day) {
    const slots = change.slot ? [change.slot] : (["morning", "afternoon"] as const);
    for (const slot of slots)
      await db.query(
        `insert into installation_capacity (area, day, slot, capacity) values ($1, $2, $3, $4)
         on conflict (area, day, slot) do update set capacity = excluded.capacity`,
        [change.area, change.day, slot, change.capacity],
      );
    return;
  }
  const morning = change.slot === "afternoon" ? null : change.capacity;
  const afternoon = change.slot === "morning" ? null : change.capacity;
  await db.query(
    `insert into installation_areas (area, morning, afternoon) values ($1, coalesce($2, 0), coalesce($3, 0))
     on conflict (area) do update set morning = coalesce($2, installation_areas.morning),
       afternoon = coalesce($3, installation_areas.afternoon)`,
    [change.area, morning, afternoon],
  );
}
