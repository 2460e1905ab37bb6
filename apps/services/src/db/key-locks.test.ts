// KeyLocks: per-key serialisation across instances that holds no pool connection while it waits
// (issue 21: OTP sends queued on one blocking advisory lock took the whole pool). Runs on PGlite
// and, with DATABASE_URL, on PostgreSQL; two instances on one cluster: key-locks.cluster.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./database.js";
import { KeyLocks } from "./key-locks.js";
import { closeTestDatabase, openTestDatabase } from "../test/helper.js";

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
  await db.exec("create table lock_counts (key text primary key, n integer not null)");
});
afterAll(async () => closeTestDatabase(db));

/** A read-then-write of a counter: without mutual exclusion concurrent bumps lose counts. */
const bump = (locks: KeyLocks, key: string) =>
  locks.transaction([key], async (tx) => {
    const { rows } = await tx.query<{ n: number }>("select n from lock_counts where key = $1", [
      key,
    ]);
    const n = (rows[0]?.n ?? 0) + 1;
    await tx.query(
      "insert into lock_counts (key, n) values ($1, $2) on conflict (key) do update set n = excluded.n",
      [key, n],
    );
  });

describe("KeyLocks", () => {
  it("runs the callers of one key one at a time and leaves nothing queued", async () => {
    const locks = new KeyLocks(db);
    await Promise.all(Array.from({ length: 30 }, () => bump(locks, "one")));
    const { rows } = await db.query<{ n: number }>("select n from lock_counts where key = 'one'");
    expect(rows[0]?.n).toBe(30);
    expect(locks.queued).toBe(0);
  });

  it("takes several keys in any order without deadlock", async () => {
    const locks = new KeyLocks(db);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        locks.transaction(i % 2 ? ["a", "b"] : ["b", "a"], async (tx) => {
          await tx.query("select 1");
        }),
      ),
    );
    expect(locks.queued).toBe(0);
  });

  it("gives up with 503 and Retry-After when a key stays busy past the wait", async () => {
    const locks = new KeyLocks(db, { waitMs: 100 });
    let release!: () => void;
    const held = locks.transaction(["slow"], () => new Promise<void>((r) => (release = r)));
    await new Promise((r) => setTimeout(r, 20));
    await expect(locks.transaction(["slow"], async () => undefined)).rejects.toMatchObject({
      statusCode: 503,
      code: "database.unavailable",
      headers: { "retry-after": "5" },
    });
    release();
    await held;
    expect(locks.queued).toBe(0);
  });
});
