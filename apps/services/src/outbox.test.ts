/**
 * Issue 24: every order reaches fulfilment exactly once. Orders keep coming while the provider's
 * endpoint (a real HTTP server) is down for OUTBOX_TEST_DOWN_SECONDS (default 3); once it is up,
 * every order is delivered with Idempotency-Key = its order number and a valid HMAC signature.
 * Then the worker runs as its own process (`src/worker.ts`) and is killed with SIGKILL in the
 * middle of a delivery: after a restart every order is delivered, a duplicate only with the same
 * key, and `ops reconcile` prints 0. On PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite, type Database } from "./db/database.js";
import { packageRoot } from "./lib/paths.js";
import { runOps } from "./ops.js";
import { reconcileCounts } from "./repositories/fulfilment.js";
import { FulfilmentStub } from "./test/fulfilment-stub.js";
import {
  buildTestApp,
  closeTestDatabase,
  openTestDatabase,
  testQueueSchema,
} from "./test/helper.js";
import { purchase, readyLead } from "./test/orders.js";
import { loadEnv } from "./lib/env.js";

const SECRET = "outbox-test-secret-0123456789abcdef";
const DOWN_SECONDS = Number(process.env.OUTBOX_TEST_DOWN_SECONDS ?? 3);
// After an outage of DOWN_SECONDS the next retry of the first order comes within about twice
// that (the delay doubles, with jitter up to x2): the waits grow with the outage.
const CATCH_UP_MS = Math.max(60_000, DOWN_SECONDS * 2_500 + 30_000);
const POSTGRES = process.env.DATABASE_URL;

/** The production policy shape in seconds: first retry after 1-2 s, doubling, 8 retries. */
const fastPolicy = (url: string) => ({
  ...loadEnv({}).fulfilment,
  url,
  secret: SECRET,
  retryDelaySeconds: 1,
  retryLimit: 8,
  retryBackoff: true,
  expireSeconds: 3,
  batchSize: 4,
  concurrency: 2,
});

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const acknowledged = async (db: Database) =>
  (
    await db.query<{ n: number }>(
      "select count(*)::int as n from fulfilment_orders where acknowledged_at is not null",
    )
  ).rows[0]!.n;

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

describe("orders while the fulfilment system is down, then up (worker in the services)", () => {
  it(
    "delivers every order once it is up, each with its order number as Idempotency-Key and a valid signature",
    async () => {
      const stub = new FulfilmentStub(SECRET);
      await stub.up();
      await stub.down();
      const db = await openTestDatabase();
      const ctx = await buildTestApp(db, {
        env: {
          queue: { schema: await testQueueSchema(db), worker: true, pollSeconds: 0.5 },
          fulfilment: fastPolicy(stub.url),
        },
      });
      cleanups.push(async () => {
        await ctx.close();
        await closeTestDatabase(db);
        await stub.down();
      });
      const orders: string[] = [];
      const buy = async () => {
        const { token } = await readyLead(ctx.app, 100_000);
        const res = await purchase(ctx.app, token);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        orders.push(res.body.response.orderNumber as string);
      };
      // Down: orders keep coming and are accepted.
      const downUntil = Date.now() + DOWN_SECONDS * 1000;
      while (Date.now() < downUntil || orders.length < 3) await buy();
      const whileDown = orders.length;
      expect(stub.receipts).toEqual([]);
      await stub.up();
      for (let i = 0; i < 3; i++) await buy();

      await until(
        "every order acknowledged",
        async () => (await acknowledged(db)) === orders.length,
        CATCH_UP_MS,
      );
      expect([...stub.orderNumbers()].sort()).toEqual([...orders].sort());
      for (const r of stub.receipts) {
        expect(r.key).toBe(r.orderNumber);
        expect(r.signatureValid).toBe(true);
      }
      // The orders of the outage were tried while it lasted (connection refused), then delivered.
      const { rows } = await db.query<{ order_number: string; attempts: number }>(
        "select order_number, attempts from fulfilment_orders order by order_number",
      );
      const attempts = new Map(rows.map((r) => [r.order_number, r.attempts]));
      expect(attempts.get(orders[0]!)).toBeGreaterThan(1);
      expect(await reconcileCounts(db)).toEqual({
        accepted: orders.length,
        acknowledged: orders.length,
      });

      const metrics = (await ctx.app.inject({ url: "/metrics" })).body;
      expect(metrics).toContain(
        `fulfilment_deliveries_total{outcome="acknowledged"} ${orders.length}`,
      );
      expect(metrics).toMatch(/fulfilment_deliveries_total\{outcome="retry"\} [1-9]/);
      expect(metrics).toContain('fulfilment_queue_depth{state="pending"} 0');
      expect(metrics).toContain("fulfilment_oldest_undelivered_age_seconds 0");
      console.log(
        `outbox: ${orders.length} orders (${whileDown} while down ${DOWN_SECONDS} s), ${stub.receipts.length} deliveries received, ${rows.reduce((n, r) => n + r.attempts, 0)} attempts`,
      );
    },
    Math.max(120_000, DOWN_SECONDS * 1000 + CATCH_UP_MS + 30_000),
  );
});

/** The worker entry as an operator runs it (`pnpm worker`). */
function startWorker(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--conditions=@portal/source", "src/worker.ts"],
    {
      cwd: packageRoot(),
      env: { ...process.env, PORTAL_ENV: "development", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let out = "";
  child.stdout?.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr?.on("data", (c: Buffer) => (out += c.toString()));
  return { child, output: () => out };
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once("exit", () => resolve()));

describe("kill -9 of the worker process mid-delivery, then a restart", () => {
  it("still delivers every order, duplicates only with the same key, and ops reconcile prints 0", async () => {
    const stub = new FulfilmentStub(SECRET);
    await stub.up();
    const dataDir = await mkdtemp(join(tmpdir(), "portal-outbox-"));
    // PGlite: one process per data folder, so the orders are placed first, then the folder is
    // handed to the worker. PostgreSQL: the test's own schema, named in the worker's URL.
    const db = POSTGRES ? await openTestDatabase() : await openPglite(dataDir);
    const queueSchema = await testQueueSchema(db);
    let dbOpen = true;
    cleanups.push(async () => {
      if (dbOpen) await closeTestDatabase(db);
      await stub.down();
      await rm(dataDir, { recursive: true, force: true });
    });
    // The same policy as the worker's: a job takes its retry and expiry settings when sent.
    const ctx = await buildTestApp(db, {
      env: {
        queue: { schema: queueSchema, worker: false, pollSeconds: 0.5 },
        fulfilment: fastPolicy(stub.url),
      },
    });
    const orders: string[] = [];
    for (let i = 0; i < 6; i++) {
      const { token } = await readyLead(ctx.app, 200_000);
      const res = await purchase(ctx.app, token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      orders.push(res.body.response.orderNumber as string);
    }
    await ctx.close();
    let databaseUrl = "";
    if (POSTGRES) {
      const { rows } = await db.query<{ s: string }>("select current_schema() as s");
      const url = new URL(POSTGRES);
      url.searchParams.set("options", `-c search_path=${rows[0]!.s}`);
      databaseUrl = url.toString();
    } else {
      await db.close();
      dbOpen = false;
    }
    const workerEnv = {
      ...(POSTGRES ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: "", DATA_DIR: dataDir }),
      QUEUE_SCHEMA: queueSchema,
      QUEUE_POLL_SECONDS: "0.5",
      FULFILMENT_URL: stub.url,
      FULFILMENT_SECRET: SECRET,
      FULFILMENT_EXPIRE_SECONDS: "3",
      FULFILMENT_RETRY_DELAY_SECONDS: "1",
      FULFILMENT_BATCH_SIZE: "2",
      FULFILMENT_CONCURRENCY: "1",
      LOG_LEVEL: "warn",
    };

    // The stub holds its answers: the worker is killed with deliveries in hand.
    stub.holdMs = 10_000;
    const t0 = Date.now();
    const first = startWorker(workerEnv);
    cleanups.push(async () => first.child.kill("SIGKILL"));
    await until(`a delivery in hand (${first.output()})`, () => stub.pending > 0, 90_000);
    const inHand = stub.receipts.map((r) => r.orderNumber);
    const tKilled = Date.now() - t0;
    first.child.kill("SIGKILL");
    await exited(first.child);
    expect(first.child.signalCode).toBe("SIGKILL");

    stub.holdMs = 0;
    const second = startWorker(workerEnv);
    cleanups.push(async () => second.child.kill("SIGKILL"));
    // Every order arrives, and each delivery the killed worker had in hand arrives again (its
    // job expires after FULFILMENT_EXPIRE_SECONDS and is retried): the same key both times.
    const twice = (o: string) => stub.receipts.filter((r) => r.orderNumber === o).length >= 2;
    await until(
      `every order received (${second.output()})`,
      () => orders.every((o) => stub.orderNumbers().has(o)) && inHand.every(twice),
      90_000,
    );
    if (POSTGRES)
      await until(
        "every order acknowledged",
        async () => (await acknowledged(db)) === orders.length,
      );
    const tDone = Date.now() - t0;
    // A little longer: nothing more arrives (no order is delivered again after its answer).
    const settled = stub.receipts.length;
    await new Promise((r) => setTimeout(r, 1500));
    second.child.kill("SIGTERM");
    await exited(second.child);
    expect(second.child.exitCode).toBe(0);
    expect(stub.receipts.length).toBe(settled);
    expect([...stub.orderNumbers()].sort()).toEqual([...orders].sort());
    for (const r of stub.receipts) {
      expect(r.key).toBe(r.orderNumber);
      expect(r.signatureValid).toBe(true);
    }

    // The operator's reconciliation, with the worker's settings.
    const saved = { DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR };
    const lines: string[] = [];
    try {
      if (POSTGRES) process.env.DATABASE_URL = databaseUrl;
      else {
        delete process.env.DATABASE_URL;
        process.env.DATA_DIR = dataDir;
      }
      expect(await runOps(["reconcile"], (t) => lines.push(t))).toBe(0);
    } finally {
      for (const [k, v] of Object.entries(saved))
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
    }
    expect(lines).toEqual([`accepted 6 - acknowledged 6 = 0`, "dead-lettered 0"]);
    console.log(
      `kill -9: ${inHand.length} deliveries in hand when killed, ${stub.receipts.length} received for ${orders.length} orders; killed ${tKilled} ms after the first start, all delivered ${tDone} ms after it`,
    );
  }, 240_000);
});
