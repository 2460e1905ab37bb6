/**
 * Issue 24, "rescheduling or cancelling the slot within the rules": the order's booked slot moved
 * from its tracking link (listOrderSlots, rescheduleOrder): the new slot on the timeline and in
 * the capacity, the 24-hour cut-off, the limit of 3 changes, the statuses that refuse it, a
 * slot just taken, a tampered link and bad bodies. Runs on PGlite, and on PostgreSQL with
 * DATABASE_URL (scripts/test-postgres.sh); the race of eight connections is
 * rescheduling.pg.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.js";
import { ManualClock } from "../lib/clock.js";
import { setCapacity } from "../services/installation.js";
import {
  buildTestApp,
  call,
  closeTestDatabase,
  openTestDatabase,
  type TestContext,
} from "../test/helper.js";
import { bookedOrder } from "../test/installation.js";

const SHOP = "/shop/api";
let db: Database;
let ctx: TestContext;
// Saturday 21 November 2026, 10:00 in Malaysia. Selangor (47301, Rangkai Gentian): two
// installation days of lead time, so Tuesday 24th is the earliest day.
const clock = new ManualClock("2026-11-21T02:00:00Z");
beforeAll(async () => {
  db = await openTestDatabase();
  ctx = await buildTestApp(db, { clock });
});
afterAll(async () => {
  await ctx?.close();
  await closeTestDatabase(db);
});

const track = (token: string, lang = "en") =>
  call(ctx.app, { method: "GET", url: `${SHOP}/v3/order-tracking/${token}?lang=${lang}` });
const slotsOf = (token: string, days = 3) =>
  call(ctx.app, { method: "GET", url: `${SHOP}/v3/order-tracking/${token}/slots?days=${days}` });
const reschedule = (token: string, payload: Record<string, unknown>, lang = "en") =>
  call(ctx.app, {
    method: "POST",
    url: `${SHOP}/v3/order-tracking/${token}/reschedule?lang=${lang}`,
    payload,
  });
const brief = (list: { date: string; slot: string; remaining: number }[]) =>
  list.map((s) => `${s.date} ${s.slot} ${s.remaining}`);
const NOT_FOUND = { statusCode: 404, error: "Not Found", message: "Not Found", code: "notFound" };

describe("changing the booked slot from the tracking link", () => {
  it("moves the booking, gives the old unit back and shows the new slot on the timeline", async () => {
    await setCapacity(db, { area: "Selangor", day: "2026-11-27", slot: "afternoon", capacity: 1 });
    const order = await bookedOrder(ctx.app, "47301", { date: "2026-11-26", slot: "morning" });
    const before = await track(order.tracking);
    expect(before.body.response.installation).toEqual({ date: "2026-11-26", slot: "morning" });
    expect(before.body.response.rescheduling).toEqual({
      open: true,
      changesLeft: 3,
      // 09:00 on the 26th in Malaysia is 01:00 UTC; 24 hours earlier.
      changeableUntil: "2026-11-25T01:00:00.000Z",
    });

    const listed = await slotsOf(order.tracking, 4);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.headers["cache-control"]).toBe("private, no-store");
    expect(listed.headers["x-robots-tag"]).toBe("noindex");
    expect(listed.body.response.leadTimeDays).toBe(2);
    expect(listed.body.response.booked).toEqual({ date: "2026-11-26", slot: "morning" });
    expect(listed.body.response.rescheduling.changesLeft).toBe(3);
    // The booked slot itself is not offered; the 27th's afternoon has its one unit.
    expect(brief(listed.body.response.slots)).toEqual([
      "2026-11-24 morning 8",
      "2026-11-24 afternoon 8",
      "2026-11-25 morning 8",
      "2026-11-25 afternoon 8",
      "2026-11-26 afternoon 8",
      "2026-11-27 morning 8",
      "2026-11-27 afternoon 1",
    ]);
    expect(listed.body.response.slots[6]).toEqual({
      date: "2026-11-27",
      slot: "afternoon",
      from: "14:00",
      to: "18:00",
      remaining: 1,
    });

    const moved = await reschedule(order.tracking, { date: "2026-11-27", slot: "afternoon" });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.headers["cache-control"]).toBe("private, no-store");
    expect(moved.body.response.installation).toEqual({ date: "2026-11-27", slot: "afternoon" });
    expect(moved.body.response.rescheduling).toEqual({
      open: true,
      changesLeft: 2,
      changeableUntil: "2026-11-26T06:00:00.000Z",
    });
    expect(moved.body.response.status).toBe("received");
    // The tracking page shows it, in both languages.
    expect((await track(order.tracking)).body.response).toEqual(moved.body.response);
    expect((await track(order.tracking, "bm")).body.response.installation).toEqual({
      date: "2026-11-27",
      slot: "afternoon",
    });
    // The old unit is back, the new one is the order's.
    const after = await slotsOf(order.tracking, 4);
    expect(after.body.response.booked).toEqual({ date: "2026-11-27", slot: "afternoon" });
    expect(brief(after.body.response.slots)).toContain("2026-11-26 morning 8");
    expect(brief(after.body.response.slots)).not.toContain("2026-11-27 afternoon 1");
    const { rows } = await db.query<{ day: string; slot: string; confirmed: boolean }>(
      `select day::text as day, slot, confirmed_at is not null as confirmed
         from installation_holds where lead_id = $1`,
      [order.leadId],
    );
    expect(rows).toEqual([{ day: "2026-11-27", slot: "afternoon", confirmed: true }]);
    const changes = await db.query<{ f: string; t: string }>(
      `select from_day::text || ' ' || from_slot as f, to_day::text || ' ' || to_slot as t
         from installation_changes where lead_id = $1`,
      [order.leadId],
    );
    expect(changes.rows).toEqual([{ f: "2026-11-26 morning", t: "2026-11-27 afternoon" }]);

    // The booked slot again changes nothing and counts no change.
    const same = await reschedule(order.tracking, { date: "2026-11-27", slot: "afternoon" });
    expect(same.status).toBe(200);
    expect(same.body.response.rescheduling.changesLeft).toBe(2);
  });

  it("allows 3 changes; the fourth is 409 order.reschedule.limit", async () => {
    const order = await bookedOrder(ctx.app, "47301", { date: "2026-11-30", slot: "morning" });
    const days = ["2026-12-01", "2026-12-02", "2026-12-03"];
    for (const [i, date] of days.entries()) {
      const res = await reschedule(order.tracking, { date, slot: "afternoon" });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.response.rescheduling.changesLeft).toBe(2 - i);
    }
    const fourth = await reschedule(order.tracking, { date: "2026-12-04", slot: "morning" });
    expect(fourth.status).toBe(409);
    expect(fourth.body).toEqual({
      statusCode: 409,
      error: "Conflict",
      message: "The slot was changed 3 times already: call us",
      code: "order.reschedule.limit",
    });
    const shown = (await track(order.tracking)).body.response;
    expect(shown.installation).toEqual({ date: "2026-12-03", slot: "afternoon" });
    expect(shown.rescheduling).toEqual({
      open: false,
      changesLeft: 0,
      changeableUntil: "2026-12-02T06:00:00.000Z",
    });
  });

  it("is refused once cancelled or the technician is on the way; allowed when booked", async () => {
    const cancelled = await bookedOrder(ctx.app, "47301", { date: "2026-11-30", slot: "morning" });
    const cancel = await call(ctx.app, {
      method: "POST",
      url: `${SHOP}/v3/order-tracking/${cancelled.tracking}/cancel?lang=en`,
    });
    expect(cancel.status).toBe(200);
    expect(cancel.body.response.installation).toBeUndefined();
    expect(cancel.body.response.rescheduling).toBeUndefined();
    const refused = await reschedule(cancelled.tracking, { date: "2026-12-01", slot: "morning" });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      statusCode: 409,
      error: "Conflict",
      message: "The order is cancelled: its installation slot cannot be changed",
      code: "order.notReschedulable",
    });
    const listed = await slotsOf(cancelled.tracking);
    expect(listed.status).toBe(200);
    expect(listed.body.response.booked).toBeUndefined();
    expect(listed.body.response.rescheduling).toBeUndefined();

    const booked = await bookedOrder(ctx.app, "47301", { date: "2026-11-30", slot: "morning" });
    const tracker = ctx.app.services.tracking;
    await tracker.record(booked.orderNumber, "verified");
    await tracker.record(booked.orderNumber, "installationBooked");
    // Booked: no cancelling online, but the slot may still move.
    const moved = await reschedule(booked.tracking, { date: "2026-12-01", slot: "morning" });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.response).toMatchObject({
      status: "installationBooked",
      cancellable: false,
      installation: { date: "2026-12-01", slot: "morning" },
      rescheduling: { open: true, changesLeft: 2 },
    });
    await tracker.record(booked.orderNumber, "technicianOnTheWay");
    const late = await reschedule(booked.tracking, { date: "2026-12-02", slot: "morning" });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("order.notReschedulable");
    expect(late.body.message).toBe(
      "The order is technicianOnTheWay: its installation slot cannot be changed",
    );
    expect((await track(booked.tracking)).body.response.rescheduling.open).toBe(false);
  });

  it("answers 409 order.slot.taken for a full slot and 400 naming date for a day not offered", async () => {
    // Perlis (01000): one installer a window.
    const a = await bookedOrder(ctx.app, "01000", { date: "2026-11-26", slot: "morning" });
    await bookedOrder(ctx.app, "01000", { date: "2026-11-27", slot: "morning" });
    const taken = await reschedule(a.tracking, { date: "2026-11-27", slot: "morning" });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({
      statusCode: 409,
      error: "Conflict",
      message: "The morning of 2026-11-27 was just taken",
      code: "order.slot.taken",
    });
    // Nothing moved; the fresh list leaves the full slot out.
    expect((await track(a.tracking)).body.response.installation).toEqual({
      date: "2026-11-26",
      slot: "morning",
    });
    const fresh = brief((await slotsOf(a.tracking, 5)).body.response.slots);
    expect(fresh.filter((s) => s.startsWith("2026-11-27"))).toEqual(["2026-11-27 afternoon 1"]);
    // A Sunday, before the lead time, Christmas: 400 naming date.
    for (const date of ["2026-11-29", "2026-11-23", "2026-12-25"]) {
      const res = await reschedule(a.tracking, { date, slot: "morning" });
      expect(res.status, date).toBe(400);
      expect(res.body).toEqual({
        statusCode: 400,
        error: "Bad Request",
        message: `${date} is not an installation day offered to this order`,
        field: "date",
        code: "validation.installationDate.invalid",
      });
    }
  });

  it("gives the last unit to exactly one of 8 concurrent changes", async () => {
    await setCapacity(db, { area: "Selangor", day: "2026-12-05", slot: "afternoon", capacity: 1 });
    const orders: Awaited<ReturnType<typeof bookedOrder>>[] = [];
    for (let i = 0; i < 8; i += 1)
      orders.push(await bookedOrder(ctx.app, "47301", { date: "2026-12-04", slot: "morning" }));
    const answers = await Promise.all(
      orders.map((o) => reschedule(o.tracking, { date: "2026-12-05", slot: "afternoon" })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(7).fill(409)]);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.code)).toEqual(
      Array(7).fill("order.slot.taken"),
    );
    const { rows } = await db.query<{ n: number }>(
      "select count(*)::int as n from installation_holds where area = 'Selangor' and day = '2026-12-05' and slot = 'afternoon'",
    );
    expect(rows[0]!.n).toBe(1);
  });

  it("answers 404 saying nothing to a tampered link, and 400 naming the field to a bad body", async () => {
    const order = await bookedOrder(ctx.app, "47301", { date: "2026-12-07", slot: "morning" });
    const [orderNumber, expiry, signature] = order.tracking.split(".") as [string, string, string];
    const flipped = `${signature.slice(0, 5)}${signature[5] === "A" ? "B" : "A"}${signature.slice(6)}`;
    for (const bad of [`${orderNumber}.${expiry}.${flipped}`, "not-a-token"]) {
      const listed = await slotsOf(bad);
      expect(listed.status).toBe(404);
      expect(listed.body).toEqual(NOT_FOUND);
      const moved = await reschedule(bad, { date: "2026-12-08", slot: "morning" });
      expect(moved.status).toBe(404);
      expect(moved.body).toEqual(NOT_FOUND);
    }
    const cases: [Record<string, unknown>, string][] = [
      [{ date: "2026-12-08" }, "slot"],
      [{ slot: "morning" }, "date"],
      [{ date: "2026-12-08", slot: "evening" }, "slot"],
      [{ date: "8 Dec", slot: "morning" }, "date"],
      [{ date: "2026-12-08", slot: "morning", extra: 1 }, "extra"],
    ];
    for (const [payload, field] of cases) {
      const res = await reschedule(order.tracking, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.field, JSON.stringify(res.body)).toBe(field);
    }
    const days = await slotsOf(order.tracking, 31);
    expect(days.status).toBe(400);
    expect(days.body.field).toBe("days");
    expect((await reschedule(order.tracking, { date: "2026-12-08", slot: "x" }, "fr")).status).toBe(
      400,
    );
    // Nothing changed.
    expect((await track(order.tracking)).body.response.rescheduling.changesLeft).toBe(3);
  });

  it("closes 24 hours before the booked window starts: 409 order.reschedule.tooLate", async () => {
    // The earliest day, Tuesday 24th, afternoon (14:00 = 06:00 UTC): open until Monday 06:00 UTC.
    const order = await bookedOrder(ctx.app, "47301", { date: "2026-11-24", slot: "afternoon" });
    clock.advance((Date.parse("2026-11-23T06:00:00Z") - clock.now().getTime()) / 1000 - 1);
    expect((await track(order.tracking)).body.response.rescheduling.open).toBe(true);
    clock.advance(1);
    const shown = (await track(order.tracking)).body.response;
    expect(shown.rescheduling).toEqual({
      open: false,
      changesLeft: 3,
      changeableUntil: "2026-11-23T06:00:00.000Z",
    });
    const late = await reschedule(order.tracking, { date: "2026-11-27", slot: "morning" });
    expect(late.status).toBe(409);
    expect(late.body).toEqual({
      statusCode: 409,
      error: "Conflict",
      message: "The slot can be changed until 24 hours before it starts: call us",
      code: "order.reschedule.tooLate",
    });
  });
});
