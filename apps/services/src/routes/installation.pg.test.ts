/**
 * Issue 24: the last installation slot, raced from eight PostgreSQL connections whose
 * transactions have all begun before any of them holds: one hold, seven `order.slot.taken`.
 * PostgreSQL only (PGlite has one connection): collected when DATABASE_URL is set
 * (vitest.config.ts; scripts/test-postgres.sh runs it), never reported as skipped.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres, type Database } from "../db/database.js";
import { ManualClock } from "../lib/clock.js";
import { holdSlot, setCapacity } from "../services/installation.js";
import {
  buildTestApp,
  call,
  closeTestDatabase,
  openTestDatabase,
  type TestContext,
} from "../test/helper.js";
import { leadAt } from "../test/installation.js";

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

const hold = (app: TestContext["app"], token: string, date: string, slot: string) =>
  call(app, {
    method: "POST",
    url: "/shop/api/v1/greenfield/installation-hold",
    token,
    payload: { date, slot },
  });

describe("a hold of the last unit", () => {
  it("on PostgreSQL, from 8 connections started together: one hold, 7 order.slot.taken", async () => {
    await setCapacity(db, { area: "Selangor", day: "2026-12-02", slot: "morning", capacity: 2 });
    const first = await leadAt(ctx.app, "47301");
    expect((await hold(ctx.app, first.token, "2026-12-02", "morning")).status).toBe(200);
    const leads = await Promise.all(Array.from({ length: 8 }, () => leadAt(ctx.app, "47301")));
    const { rows } = await db.query<{ s: string }>("select current_schema() as s");
    const handles = await Promise.all(
      leads.map(() => openPostgres(process.env.DATABASE_URL!, { schema: rows[0]!.s, max: 1 })),
    );
    try {
      // Every transaction has begun on its own connection before any of them holds.
      let arrived = 0;
      let release!: () => void;
      const barrier = new Promise<void>((resolve) => (release = resolve));
      const pids = new Set<number>();
      const at = ctx.clock.now();
      const outcomes = await Promise.allSettled(
        handles.map((h, i) =>
          h.transaction(async (tx) => {
            const pid = await tx.query<{ pid: number }>("select pg_backend_pid() as pid");
            pids.add(pid.rows[0]!.pid);
            if (++arrived === handles.length) release();
            await barrier;
            return holdSlot(tx, leads[i]!.leadId, { date: "2026-12-02", slot: "morning" }, at);
          }),
        ),
      );
      expect(pids.size).toBe(8);
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
      const refused = outcomes.filter((o) => o.status === "rejected");
      expect(refused.map((o) => (o.reason as { code?: string }).code)).toEqual(
        Array(7).fill("order.slot.taken"),
      );
    } finally {
      await Promise.all(handles.map((h) => h.close()));
    }
  });
});
