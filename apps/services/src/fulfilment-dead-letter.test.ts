/**
 * Issue 24: the dead letters of fulfilment. The provider's endpoint (a real HTTP stub) answers
 * 500 until the retry limit of the settings (FULFILMENT_RETRY_LIMIT=2) is spent: the order is
 * dead-lettered, counted in the metrics and listed by `ops reconcile`; `ops redeliver` puts it
 * back, it is delivered with the same Idempotency-Key, and the reconciliation prints 0. On
 * PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./db/database.js";
import { loadEnv } from "./lib/env.js";
import { runOps } from "./ops.js";
import { FulfilmentStub } from "./test/fulfilment-stub.js";
import {
  buildTestApp,
  closeTestDatabase,
  openTestDatabase,
  testQueueSchema,
  type TestContext,
} from "./test/helper.js";
import { purchase, readyLead } from "./test/orders.js";

const SECRET = "dead-letter-test-secret-0123456789abcdef";
const stub = new FulfilmentStub(SECRET);
let db: Database;
let ctx: TestContext;
let queue: { schema: string; worker: boolean; pollSeconds: number };

beforeAll(async () => {
  await stub.up();
  db = await openTestDatabase();
  queue = { schema: await testQueueSchema(db), worker: true, pollSeconds: 0.5 };
  // The policy as an operator sets it: two retries one second apart, then the dead letter.
  const fulfilment = loadEnv({
    FULFILMENT_URL: stub.url,
    FULFILMENT_SECRET: SECRET,
    FULFILMENT_RETRY_LIMIT: "2",
    FULFILMENT_RETRY_DELAY_SECONDS: "1",
    FULFILMENT_RETRY_BACKOFF: "false",
  }).fulfilment;
  ctx = await buildTestApp(db, { env: { queue, fulfilment } });
});
afterAll(async () => {
  await ctx?.close();
  await closeTestDatabase(db);
  await stub.down();
});

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const outbox = async (orderNumber: string) =>
  (
    await db.query<{ attempts: number; dead: boolean; acknowledged: boolean }>(
      `select attempts, dead_lettered_at is not null as dead, acknowledged_at is not null as acknowledged
         from fulfilment_orders where order_number = $1`,
      [orderNumber],
    )
  ).rows[0]!;
const metric = (line: string) =>
  until(
    line,
    async () => (await ctx.app.inject({ url: "/metrics" })).body.split("\n").includes(line),
    5000,
  );
const ops = async (...argv: string[]) => {
  const lines: string[] = [];
  const code = await runOps(argv, (t) => lines.push(t), {
    db,
    env: { queue: { ...queue, worker: false } },
  });
  return { code, lines };
};

describe("an order the provider keeps refusing", () => {
  it("is dead-lettered after the retry limit, seen by operators, and delivered with the same key once redelivered", async () => {
    stub.status = 500;
    const { token } = await readyLead(ctx.app, 800_000);
    const bought = await purchase(ctx.app, token);
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const { orderNumber, submittedAt } = bought.body.response as {
      orderNumber: string;
      submittedAt: string;
    };

    await until("the dead letter", async () => (await outbox(orderNumber)).dead);
    // The first try and two retries, each with the order number as its key and signed.
    expect(await outbox(orderNumber)).toEqual({ attempts: 3, dead: true, acknowledged: false });
    expect(stub.receipts.map((r) => [r.key, r.signatureValid])).toEqual([
      [orderNumber, true],
      [orderNumber, true],
      [orderNumber, true],
    ]);
    await metric('fulfilment_deliveries_total{outcome="retry"} 2');
    await metric('fulfilment_deliveries_total{outcome="deadLettered"} 1');
    await metric('fulfilment_queue_depth{state="deadLettered"} 1');
    await metric('fulfilment_queue_depth{state="pending"} 0');

    expect(await ops("reconcile")).toEqual({
      code: 3,
      lines: [
        "accepted 1 - acknowledged 0 = 1",
        `${orderNumber} ${submittedAt} dead-lettered attempts=3 last_error="HTTP 500"`,
        "dead-lettered 1",
      ],
    });

    // The cause is fixed; the operator puts the order back.
    stub.status = 202;
    expect(await ops("redeliver", orderNumber)).toEqual({
      code: 0,
      lines: [`${orderNumber} queued for delivery`],
    });
    await until("the acknowledgement", async () => (await outbox(orderNumber)).acknowledged);
    expect(stub.receipts).toHaveLength(4);
    expect(stub.receipts.every((r) => r.key === orderNumber && r.signatureValid)).toBe(true);
    await metric('fulfilment_deliveries_total{outcome="acknowledged"} 1');
    await metric('fulfilment_queue_depth{state="deadLettered"} 0');
    expect(await ops("reconcile")).toEqual({
      code: 0,
      lines: ["accepted 1 - acknowledged 1 = 0", "dead-lettered 0"],
    });
    // Redelivering an order that is not dead changes nothing.
    expect(await ops("redeliver", orderNumber)).toEqual({
      code: 1,
      lines: [`${orderNumber} is not dead-lettered`],
    });
  });
});
