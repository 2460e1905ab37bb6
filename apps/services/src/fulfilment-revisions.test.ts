/**
 * Issue 24, "a handoff that loses nothing": what the visitor changes after the order reaches the
 * provider too. Moving the slot and cancelling from the tracking link are revisions of the order:
 * each is delivered (the whole order as it is now, `revision` n, Idempotency-Key
 * `<order number>-r<n>`), a new slot gets its own reminder, and the reconciliation counts an
 * order with an undelivered change as not acknowledged. A real HTTP stub of the provider; on
 * PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./db/database.js";
import { loadEnv } from "./lib/env.js";
import { ManualClock } from "./lib/clock.js";
import { runOps } from "./ops.js";
import { FulfilmentStub } from "./test/fulfilment-stub.js";
import {
  buildTestApp,
  call,
  closeTestDatabase,
  openTestDatabase,
  testQueueSchema,
  type TestContext,
} from "./test/helper.js";
import { bookedOrder } from "./test/installation.js";

const SECRET = "revisions-test-secret-0123456789abcdef";
const SHOP = "/shop/api";
const stub = new FulfilmentStub(SECRET);
// Saturday 21 November 2026, 10:00 in Malaysia (Selangor: the 24th is the earliest day).
const clock = new ManualClock("2026-11-21T02:00:00Z");
let db: Database;
let ctx: TestContext;
let queue: { schema: string; worker: boolean; pollSeconds: number };

beforeAll(async () => {
  await stub.up();
  db = await openTestDatabase();
  queue = { schema: await testQueueSchema(db), worker: true, pollSeconds: 0.5 };
  // Retries a second apart (the production policy waits 15 s and more): the outage below is
  // over in a second or two.
  const fulfilment = loadEnv({
    FULFILMENT_URL: stub.url,
    FULFILMENT_SECRET: SECRET,
    FULFILMENT_RETRY_DELAY_SECONDS: "1",
    FULFILMENT_RETRY_BACKOFF: "false",
  }).fulfilment;
  ctx = await buildTestApp(db, { clock, env: { queue, fulfilment } });
});
afterAll(async () => {
  await ctx?.close();
  await closeTestDatabase(db);
  await stub.down();
});

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** What the provider received for an order: key, revision, status and slot of each delivery. */
const received = (orderNumber: string) =>
  stub.receipts
    .filter((r) => r.orderNumber === orderNumber)
    .map((r) => {
      const body = JSON.parse(r.body) as {
        revision: number;
        status: string;
        installation: { slot: unknown };
      };
      return {
        key: r.key,
        signed: r.signatureValid,
        revision: body.revision,
        status: body.status,
        slot: body.installation.slot,
      };
    });
const reminders = async (orderNumber: string) =>
  (
    await db.query<{ start_after: Date | string; date: string; slot: string }>(
      `select start_after, data->'params'->>'date' as date, data->'params'->>'slot' as slot
       from ${queue.schema}.job where name = 'sms' and data->>'kind' = 'reminder'
         and data->'params'->>'orderNumber' = $1 order by created_on`,
      [orderNumber],
    )
  ).rows.map((r) => `${r.date} ${r.slot} ${new Date(r.start_after).toISOString()}`);
const acknowledged = async (orderNumber: string) =>
  (
    await db.query<{ revision: number; acknowledged: boolean }>(
      `select revision, acknowledged_at is not null as acknowledged from fulfilment_orders
       where order_number = $1`,
      [orderNumber],
    )
  ).rows[0]!;
const reconcile = async () => {
  const lines: string[] = [];
  const code = await runOps(["reconcile"], (t) => lines.push(t), {
    db,
    env: { queue: { ...queue, worker: false } },
  });
  return { code, lines };
};

describe("changes after the order reach fulfilment", () => {
  it("delivers a new slot and a cancellation as revisions 1 and 2, each with its own key", async () => {
    const order = await bookedOrder(ctx.app, "47301", { date: "2026-11-26", slot: "morning" });
    const { orderNumber, tracking } = order;
    await until("the order", () => received(orderNumber).length === 1);
    expect(received(orderNumber)).toEqual([
      {
        key: orderNumber,
        signed: true,
        revision: 0,
        status: "received",
        slot: { date: "2026-11-26", window: "morning" },
      },
    ]);
    // 18:00 in Malaysia the day before is 10:00 UTC.
    expect(await reminders(orderNumber)).toEqual(["2026-11-26 morning 2026-11-25T10:00:00.000Z"]);
    await until("the acknowledgement", async () => (await acknowledged(orderNumber)).acknowledged);

    const moved = await call(ctx.app, {
      method: "POST",
      url: `${SHOP}/v3/order-tracking/${tracking}/reschedule`,
      payload: { date: "2026-11-27", slot: "afternoon" },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await until("revision 1", () => received(orderNumber).length === 2);
    expect(received(orderNumber)[1]).toEqual({
      key: `${orderNumber}-r1`,
      signed: true,
      revision: 1,
      status: "received",
      slot: { date: "2026-11-27", window: "afternoon" },
    });
    // The new slot has its reminder; the old one is dropped by the worker when it comes due.
    expect(await reminders(orderNumber)).toEqual([
      "2026-11-26 morning 2026-11-25T10:00:00.000Z",
      "2026-11-27 afternoon 2026-11-26T10:00:00.000Z",
    ]);
    await until(
      "revision 1 acknowledged",
      async () => (await acknowledged(orderNumber)).acknowledged,
    );
    expect(await acknowledged(orderNumber)).toEqual({ revision: 1, acknowledged: true });

    // The provider is down when the visitor cancels: the change waits, and the reconciliation
    // says so until it is delivered.
    await stub.down();
    const cancelled = await call(ctx.app, {
      method: "POST",
      url: `${SHOP}/v3/order-tracking/${tracking}/cancel`,
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const waiting = await reconcile();
    expect(waiting.code).toBe(3);
    expect(waiting.lines[0]).toBe("accepted 1 - acknowledged 0 = 1");
    await stub.up();
    await until("revision 2", () => received(orderNumber).length === 3, 60_000);
    expect(received(orderNumber)[2]).toEqual({
      key: `${orderNumber}-r2`,
      signed: true,
      revision: 2,
      status: "cancelled",
      slot: null,
    });
    await until(
      "revision 2 acknowledged",
      async () => (await acknowledged(orderNumber)).acknowledged,
    );
    expect(await reconcile()).toEqual({
      code: 0,
      lines: ["accepted 1 - acknowledged 1 = 0", "dead-lettered 0"],
    });
  }, 120_000);
});
