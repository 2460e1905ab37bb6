// KeyLocks across two instances on one PostgreSQL (issue 21: OTP sends queued on one blocking
// advisory lock took the whole pool): a caller waiting for a key another instance holds keeps no
// pool connection, so plain statements beside it still find one. Two pools stand for two
// instances on a private cluster. Run by `pnpm test:cluster`.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres, type Database } from "./database.js";
import { KeyLocks } from "./key-locks.js";
import { startPrivateCluster, type PrivateCluster } from "../test/cluster.js";

const CLUSTER_PORT = Number(process.env.PG_CLUSTER_PORT ?? 5442);

let cluster: PrivateCluster;
let a: Database;
let b: Database;
beforeAll(async () => {
  cluster = await startPrivateCluster(CLUSTER_PORT);
  // Instance b has a pool of one connection and waits at most 500 ms for it, so a caller that
  // held it while waiting for the key would time the plain statements out.
  a = await openPostgres(cluster.url, { max: 2, connectTimeoutMs: 500 });
  b = await openPostgres(cluster.url, { max: 1, connectTimeoutMs: 500 });
  await a.exec("create table lock_counts (key text primary key, n integer not null)");
}, 120_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  await cluster?.destroy();
}, 60_000);

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

describe("KeyLocks on two instances of one PostgreSQL", () => {
  it("waits for another instance's key without holding a pool connection", async () => {
    const key = "busy";
    const holding = new KeyLocks(a).transaction([key], async (tx) => {
      await tx.query("select pg_sleep(1.5)");
    });
    await new Promise((r) => setTimeout(r, 200));
    // Twenty callers of the held key on instance b, and plain statements beside them.
    const locksB = new KeyLocks(b);
    const waiting = Promise.all(Array.from({ length: 20 }, () => bump(locksB, key)));
    const plain: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const started = Date.now();
      await b.query("select 1");
      plain.push(Date.now() - started);
      await new Promise((r) => setTimeout(r, 50));
    }
    await holding;
    await waiting;
    // Every plain statement found a free connection while the callers waited.
    expect(Math.max(...plain)).toBeLessThan(500);
    const count = await a.query<{ n: number }>("select n from lock_counts where key = $1", [key]);
    expect(count.rows[0]?.n).toBe(20);
    expect(locksB.queued).toBe(0);
  });
});
