/**
 * Issue 24: installation slots. Capacity per service area (the address's state), window and day;
 * holidays and the network's lead time; a 10-minute hold per lead that the purchase books. Runs
 * on PGlite, and on PostgreSQL with DATABASE_URL (scripts/test-postgres.sh), where the eight
 * concurrent holds of the last slot run on separate connections of the pool, in parallel; eight
 * transactions begun together on eight connections: installation.pg.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.js";
import { ManualClock } from "../lib/clock.js";
import { slotsCommand } from "../ops-slots.js";
import { setCapacity } from "../services/installation.js";
import {
  buildTestApp,
  call,
  closeTestDatabase,
  createLead,
  openTestDatabase,
  type TestContext,
} from "../test/helper.js";
import { leadAt } from "../test/installation.js";
import { completeSteps as completeLeadSteps } from "../test/orders.js";

let db: Database;
let ctx: TestContext;
beforeAll(async () => {
  db = await openTestDatabase();
  // Saturday 21 November 2026, 10:00 in Malaysia.
  ctx = await buildTestApp(db, { clock: new ManualClock("2026-11-21T02:00:00Z") });
});
afterAll(async () => {
  await ctx?.close();
  await closeTestDatabase(db);
});

type App = TestContext["app"];
const SHOP = "/shop/api";
let phoneCounter = 0;
const nextPhone = () => `0173${String(400_000 + ++phoneCounter).padStart(6, "0")}`;

/** Contact details, a verified phone, consent and one uploaded document. */
async function completeSteps(app: App, token: string, phone = nextPhone()) {
  await completeLeadSteps(app, token, { phone });
  return phone;
}

const slots = (app: App, token: string, days = 3) =>
  call(app, { method: "GET", url: `${SHOP}/v1/greenfield/installation-slots?days=${days}`, token });
const hold = (app: App, token: string, date: string, slot: string) =>
  call(app, {
    method: "POST",
    url: `${SHOP}/v1/greenfield/installation-hold`,
    token,
    payload: { date, slot },
  });
const purchase = (app: App, token: string) =>
  call(app, {
    method: "POST",
    url: `${SHOP}/v3/purchase`,
    token,
    payload: { termsAccepted: true },
  });

const brief = (list: { date: string; slot: string; remaining: number }[]) =>
  list.map((s) => `${s.date} ${s.slot} ${s.remaining}`);

describe("the slots of a lead's address", () => {
  it("start after the network's lead time: 2 installation days on Rangkai Gentian (47301)", async () => {
    const { token } = await leadAt(ctx.app, "47301");
    const res = await slots(ctx.app, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Saturday the 21st: Monday 23rd is the first installation day, Tuesday 24th the second.
    expect(res.body.response).toEqual({
      area: "Selangor",
      leadTimeDays: 2,
      slots: [
        { date: "2026-11-24", slot: "morning", from: "09:00", to: "13:00", remaining: 8 },
        { date: "2026-11-24", slot: "afternoon", from: "14:00", to: "18:00", remaining: 8 },
        { date: "2026-11-25", slot: "morning", from: "09:00", to: "13:00", remaining: 8 },
        { date: "2026-11-25", slot: "afternoon", from: "14:00", to: "18:00", remaining: 8 },
        { date: "2026-11-26", slot: "morning", from: "09:00", to: "13:00", remaining: 8 },
        { date: "2026-11-26", slot: "afternoon", from: "14:00", to: "18:00", remaining: 8 },
      ],
    });
  });

  it("4 installation days on Serat Nusantara (40150), 3 on TeraLink (01000, Perlis: 1 a window)", async () => {
    const serat = await slots(ctx.app, (await leadAt(ctx.app, "40150")).token, 1);
    expect(serat.body.response.leadTimeDays).toBe(4);
    expect(brief(serat.body.response.slots)).toEqual([
      "2026-11-26 morning 8",
      "2026-11-26 afternoon 8",
    ]);
    const tera = await slots(ctx.app, (await leadAt(ctx.app, "01000")).token, 1);
    expect(tera.body.response.area).toBe("Perlis");
    expect(brief(tera.body.response.slots)).toEqual([
      "2026-11-25 morning 1",
      "2026-11-25 afternoon 1",
    ]);
  });

  it("are booked for Suria TV too (a dish installer, 2 days), at every address", async () => {
    const res = await slots(ctx.app, (await leadAt(ctx.app, "45000", "tv")).token, 1);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.response.leadTimeDays).toBe(2);
    expect(brief(res.body.response.slots)).toEqual([
      "2026-11-24 morning 8",
      "2026-11-24 afternoon 8",
    ]);
  });

  it("follow the operators' changes: a day closed, a window's capacity set", async () => {
    const { token } = await leadAt(ctx.app, "47301");
    await setCapacity(db, { area: "Selangor", day: "2026-11-25", capacity: 0 });
    await setCapacity(db, { area: "Selangor", day: "2026-11-26", slot: "afternoon", capacity: 2 });
    const res = await slots(ctx.app, token);
    expect(brief(res.body.response.slots)).toEqual([
      "2026-11-24 morning 8",
      "2026-11-24 afternoon 8",
      "2026-11-26 morning 8",
      "2026-11-26 afternoon 2",
    ]);
    // A closed day is not offered: 409, the slot is taken (there is none).
    expect((await hold(ctx.app, token, "2026-11-25", "morning")).body.code).toBe(
      "order.slot.taken",
    );
  });

  it("refuse a date that is not an installation day of the lead: 400 naming date", async () => {
    const { token } = await leadAt(ctx.app, "47301");
    for (const date of ["2026-11-23", "2026-11-29", "2027-03-01"]) {
      const res = await hold(ctx.app, token, date, "morning");
      expect(res.status, date).toBe(400);
      expect(res.body).toMatchObject({
        statusCode: 400,
        field: "date",
        code: "validation.installationDate.invalid",
      });
    }
    const bad = await hold(ctx.app, token, "2026-11-24", "night");
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("slot");
  });

  it("need an address: 409 lead.incomplete.address", async () => {
    const { token } = await createLead(ctx.app);
    const res = await slots(ctx.app, token);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("lead.incomplete.address");
  });
});

describe("a hold", () => {
  it("keeps one unit for the lead; a new hold gives the earlier one back", async () => {
    const a = await leadAt(ctx.app, "47301");
    const b = await leadAt(ctx.app, "47301");
    const held = await hold(ctx.app, a.token, "2026-11-24", "morning");
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    expect(held.body.response).toEqual({
      date: "2026-11-24",
      slot: "morning",
      from: "09:00",
      to: "13:00",
      heldUntil: "2026-11-21T02:10:00.000Z",
      confirmed: false,
    });
    expect(brief((await slots(ctx.app, b.token, 1)).body.response.slots)).toEqual([
      "2026-11-24 morning 7",
      "2026-11-24 afternoon 8",
    ]);
    // The holder's own list does not count its hold, and shows it.
    const own = (await slots(ctx.app, a.token, 1)).body.response;
    expect(brief(own.slots)).toEqual(["2026-11-24 morning 8", "2026-11-24 afternoon 8"]);
    expect(own.held).toMatchObject({ date: "2026-11-24", slot: "morning" });
    expect((await hold(ctx.app, a.token, "2026-11-24", "afternoon")).status).toBe(200);
    expect(brief((await slots(ctx.app, b.token, 1)).body.response.slots)).toEqual([
      "2026-11-24 morning 8",
      "2026-11-24 afternoon 7",
    ]);
  });

  it("of the last unit by 8 visitors at once: exactly one gets it, 7 hear it was just taken", async () => {
    // Two installers; a first visitor holds one of them, 8 race for the last.
    await setCapacity(db, { area: "Selangor", day: "2026-12-01", slot: "morning", capacity: 2 });
    const first = await leadAt(ctx.app, "47301");
    expect((await hold(ctx.app, first.token, "2026-12-01", "morning")).status).toBe(200);
    const leads = await Promise.all(Array.from({ length: 8 }, () => leadAt(ctx.app, "47301")));
    const results = await Promise.all(
      leads.map((l) => hold(ctx.app, l.token, "2026-12-01", "morning")),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.status === 409))
      expect(r.body).toMatchObject({ code: "order.slot.taken" });
    const { rows } = await db.query<{ n: number }>(
      "select count(*)::int as n from installation_holds where day = '2026-12-01' and slot = 'morning' and area = 'Selangor'",
    );
    expect(rows[0]!.n).toBe(2);
    // The others are offered the next ones: the afternoon is still there, the morning is not.
    const loser = leads[results.findIndex((r) => r.status === 409)]!;
    const next = (await slots(ctx.app, loser.token, 10)).body.response.slots as {
      date: string;
      slot: string;
    }[];
    expect(next.filter((s) => s.date === "2026-12-01").map((s) => s.slot)).toEqual(["afternoon"]);
  });
});

describe("an order with a slot", () => {
  it("books the held slot in the purchase and answers it in the order", async () => {
    const { token } = await leadAt(ctx.app, "47301");
    await completeSteps(ctx.app, token);
    expect((await hold(ctx.app, token, "2026-11-26", "morning")).status).toBe(200);
    const res = await purchase(ctx.app, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.response.order).toMatchObject({
      packageId: "fibre-100",
      installationDate: "2026-11-26",
      installationSlot: "morning",
    });
    const { rows } = await db.query<{ confirmed: boolean }>(
      "select confirmed_at is not null as confirmed from installation_holds h join leads l on l.id = h.lead_id where l.order_number = $1",
      [res.body.response.orderNumber],
    );
    expect(rows).toEqual([{ confirmed: true }]);
  });

  it("is shown on the tracking link; cancelling the order gives the slot back", async () => {
    // Perlis: one installer a window. Thursday 26th, morning.
    const { token } = await leadAt(ctx.app, "01000");
    await completeSteps(ctx.app, token);
    expect((await hold(ctx.app, token, "2026-11-26", "morning")).status).toBe(200);
    const bought = await purchase(ctx.app, token);
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const link = bought.body.response.tracking.token as string;
    const other = await leadAt(ctx.app, "01000");
    const day = async () =>
      (
        (await slots(ctx.app, other.token, 3)).body.response.slots as {
          date: string;
          slot: string;
        }[]
      )
        .filter((s) => s.date === "2026-11-26")
        .map((s) => s.slot);
    expect(await day()).toEqual(["afternoon"]);
    const tracked = await call(ctx.app, {
      method: "GET",
      url: `${SHOP}/v3/order-tracking/${link}?lang=en`,
    });
    expect(tracked.body.response).toMatchObject({
      status: "received",
      cancellable: true,
      installation: { date: "2026-11-26", slot: "morning" },
    });
    const cancelled = await call(ctx.app, {
      method: "POST",
      url: `${SHOP}/v3/order-tracking/${link}/cancel?lang=en`,
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.response.status).toBe("cancelled");
    expect(cancelled.body.response.installation).toBeUndefined();
    expect(await day()).toEqual(["morning", "afternoon"]);
  });

  it("an expired hold frees the slot; its lead's purchase then hears it was just taken", async () => {
    // Perlis: one installer a window. Wednesday 25th, afternoon.
    const a = await leadAt(ctx.app, "01000");
    const b = await leadAt(ctx.app, "01000");
    await completeSteps(ctx.app, a.token);
    expect((await hold(ctx.app, a.token, "2026-11-25", "afternoon")).status).toBe(200);
    expect((await hold(ctx.app, b.token, "2026-11-25", "afternoon")).body.code).toBe(
      "order.slot.taken",
    );
    ctx.clock.advance(10 * 60);
    // Exactly 10 minutes: the hold has ended.
    const bHeld = await hold(ctx.app, b.token, "2026-11-25", "afternoon");
    expect(bHeld.status, JSON.stringify(bHeld.body)).toBe(200);
    const lost = await purchase(ctx.app, a.token);
    expect(lost.status).toBe(409);
    expect(lost.body).toMatchObject({ statusCode: 409, code: "order.slot.taken" });
    // Nothing was submitted: A picks the next one and buys.
    expect(brief((await slots(ctx.app, a.token, 1)).body.response.slots)).toEqual([
      "2026-11-25 morning 1",
    ]);
    expect((await hold(ctx.app, a.token, "2026-11-25", "morning")).status).toBe(200);
    const bought = await purchase(ctx.app, a.token);
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(bought.body.response.order).toMatchObject({
      installationDate: "2026-11-25",
      installationSlot: "morning",
    });
  });

  it("an expired hold still free is booked by the purchase", async () => {
    const { token } = await leadAt(ctx.app, "47301");
    await completeSteps(ctx.app, token);
    expect((await hold(ctx.app, token, "2026-11-27", "afternoon")).status).toBe(200);
    ctx.clock.advance(11 * 60);
    const res = await purchase(ctx.app, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.response.order).toMatchObject({
      installationDate: "2026-11-27",
      installationSlot: "afternoon",
    });
  });
});

describe("public holidays", () => {
  it("have no slots: Christmas Day is skipped, so is the Sunday after it", async () => {
    const other = await buildTestApp(db, { clock: new ManualClock("2026-12-21T02:00:00Z") });
    try {
      const { token } = await leadAt(other.app, "47301");
      const res = await slots(other.app, token, 4);
      // Monday 21 December: Tuesday 22nd is the first installation day, Wednesday 23rd the
      // second (the earliest); Friday 25th is Christmas, Sunday 27th no installation day.
      expect([...new Set(res.body.response.slots.map((s: { date: string }) => s.date))]).toEqual([
        "2026-12-23",
        "2026-12-24",
        "2026-12-26",
        "2026-12-28",
      ]);
      const christmas = await hold(other.app, token, "2026-12-25", "morning");
      expect(christmas.status).toBe(400);
      expect(christmas.body.field).toBe("date");
    } finally {
      await other.close();
    }
  });
});

describe("the operators' commands (ops slots|holidays)", () => {
  const lines: string[] = [];
  const out = (text: string) => lines.push(text);
  it("set a day's capacity, list an area, and refuse an unknown one", async () => {
    lines.length = 0;
    expect(
      await slotsCommand(
        db,
        "slots",
        "set",
        { area: "Melaka", day: "2026-12-03", window: "afternoon", capacity: "0" },
        out,
      ),
    ).toBe(0);
    expect(await slotsCommand(db, "slots", "set", { area: "Melaka", capacity: "3" }, out)).toBe(0);
    expect(await slotsCommand(db, "slots", "list", { area: "Melaka" }, out)).toBe(0);
    expect(await slotsCommand(db, "slots", "list", { area: "Selangorr" }, out)).toBe(1);
    expect(await slotsCommand(db, "slots", "set", { area: "Melaka", capacity: "many" }, out)).toBe(
      2,
    );
    expect(lines.slice(0, 4)).toEqual([
      "Melaka 2026-12-03 afternoon: 0",
      "Melaka every installation day morning and afternoon: 3",
      "Melaka: morning 3, afternoon 3 a day\n2026-12-03 afternoon 0",
      'unknown area "Selangorr": areas are the states of the addresses',
    ]);
  });

  it("add and remove a holiday, and change a network's lead time", async () => {
    lines.length = 0;
    const other = await buildTestApp(db, { clock: new ManualClock("2026-11-30T02:00:00Z") });
    try {
      const { token } = await leadAt(other.app, "47301");
      const dates = async () => [
        ...new Set(
          (await slots(other.app, token, 3)).body.response.slots.map(
            (s: { date: string }) => s.date,
          ),
        ),
      ];
      // Monday 30 November: Tuesday 1st, Wednesday 2nd (the earliest), Thursday, Friday.
      expect(await dates()).toEqual(["2026-12-02", "2026-12-03", "2026-12-04"]);
      expect(
        await slotsCommand(db, "holidays", "add", { day: "2026-12-03", name: "Storm" }, out),
      ).toBe(0);
      expect(await dates()).toEqual(["2026-12-02", "2026-12-04", "2026-12-05"]);
      expect(
        await slotsCommand(
          db,
          "slots",
          "lead-time",
          { network: "Rangkai Gentian", days: "1" },
          out,
        ),
      ).toBe(0);
      expect(await dates()).toEqual(["2026-12-01", "2026-12-02", "2026-12-04"]);
      expect(await slotsCommand(db, "holidays", "remove", { day: "2026-12-03" }, out)).toBe(0);
      expect(
        await slotsCommand(
          db,
          "slots",
          "lead-time",
          { network: "Rangkai Gentian", days: "2" },
          out,
        ),
      ).toBe(0);
      expect(await dates()).toEqual(["2026-12-02", "2026-12-03", "2026-12-04"]);
      expect(await slotsCommand(db, "holidays", "list", { year: "2027" }, out)).toBe(0);
      expect(lines.at(-1)!.split("\n")).toHaveLength(17);
      expect(lines.at(-1)!.split("\n")[0]).toBe("2027-01-01 New Year's Day");
    } finally {
      await other.close();
    }
  });
});
