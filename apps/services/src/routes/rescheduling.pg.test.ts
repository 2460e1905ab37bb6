/**
 * Issue 24: the last unit of an installation slot, raced by eight orders moving their booked slot
 * to it from eight PostgreSQL connections whose transactions have all begun before any of them
 * moves: one change, seven `order.slot.taken`, and the slot booked once. PostgreSQL only (PGlite
 * has one connection): collected when DATABASE_URL is set (vitest.config.ts;
 * scripts/test-postgres.sh runs it), never reported as skipped.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres, type Database } from "../db/database.js";
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

describe("a change of slot to the last unit", () => {
  it("on PostgreSQL, from 8 connections started together: one change, 7 order.slot.taken", async () => {
    await setCapacity(db, { area: "Selangor", day: "2026-12-03", slot: "afternoon", capacity: 1 });
    const orders: Awaited<ReturnType<typeof bookedOrder>>[] = [];
    for (let i = 0; i < 8; i += 1)
      orders.push(await bookedOrder(ctx.app, "47301", { date: "2026-12-02", slot: "morning" }));
    const { rows } = await db.query<{ s: string }>("select current_schema() as s");
    const handles = await Promise.all(
      orders.map(() => openPostgres(process.env.DATABASE_URL!, { schema: rows[0]!.s, max: 1 })),
    );
    const tracking = ctx.app.services.tracking;
    try {
      let arrived = 0;
      let release!: () => void;
      const barrier = new Promise<void>((resolve) => (release = resolve));
      const pids = new Set<number>();
      const outcomes = await Promise.allSettled(
        handles.map((h, i) =>
          h.transaction(async (tx) => {
            const pid = await tx.query<{ pid: number }>("select pg_backend_pid() as pid");
            pids.add(pid.rows[0]!.pid);
            if (++arrived === handles.length) release();
            await barrier;
            return tracking.rescheduleIn(tx, orders[i]!.orderNumber, {
              date: "2026-12-03",
              slot: "afternoon",
            });
          }),
        ),
      );
      expect(pids.size).toBe(8);
      const won = outcomes.flatMap((o, i) => (o.status === "fulfilled" ? [i] : []));
      expect(won).toHaveLength(1);
      expect(outcomes.map((o) => (o.status === "fulfilled" ? o.value : undefined))).toContainEqual({
        changed: true,
      });
      const refused = outcomes.filter((o) => o.status === "rejected");
      expect(refused.map((o) => (o.reason as { code?: string }).code)).toEqual(
        Array(7).fill("order.slot.taken"),
      );
      const taken = await db.query<{ n: number }>(
        "select count(*)::int as n from installation_holds where area = 'Selangor' and day = '2026-12-03' and slot = 'afternoon'",
      );
      expect(taken.rows[0]!.n).toBe(1);
      // The winner's tracking link shows the new slot; the others kept theirs.
      const shown = await Promise.all(
        orders.map(
          async (o) =>
            (
              await call(ctx.app, {
                method: "GET",
                url: `/shop/api/v3/order-tracking/${o.tracking}?lang=en`,
              })
            ).body.response.installation.date as string,
        ),
      );
      expect(shown.filter((d) => d === "2026-12-03")).toHaveLength(1);
      expect(shown.filter((d) => d === "2026-12-02")).toHaveLength(7);
      expect(shown.indexOf("2026-12-03")).toBe(won[0]);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
    }
  });
});
