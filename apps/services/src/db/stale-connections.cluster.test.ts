// Connections that died without a word (issue 21): the server behind every pooled connection is
// gone (a host rebooted, a failover to another machine) and the pool does not know until it
// writes. The first statement to hit one fails (503); every connection opened before that
// failure is then dropped when checked out, so the next statements run on fresh connections
// instead of failing once per pooled connection. Run by `pnpm test:cluster`.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres, type Database } from "./database.js";
import { startPrivateCluster, type PrivateCluster } from "../test/cluster.js";
import { startTcpProxy, type TcpProxy } from "../test/tcp-proxy.js";

const CLUSTER_PORT = Number(process.env.PG_CLUSTER_PORT ?? 5442);
const PROXY_PORT = Number(process.env.STALE_PROXY_PORT ?? 4134);
const POOL = 6;

let cluster: PrivateCluster;
let proxy: TcpProxy;
let db: Database;
beforeAll(async () => {
  cluster = await startPrivateCluster(CLUSTER_PORT);
  proxy = await startTcpProxy(PROXY_PORT, CLUSTER_PORT);
  db = await openPostgres(`postgres://postgres@127.0.0.1:${PROXY_PORT}/postgres`, {
    max: POOL,
    connectTimeoutMs: 1000,
    queryTimeoutMs: 2000,
  });
}, 120_000);
afterAll(async () => {
  await db?.close();
  await proxy?.close();
  await cluster?.destroy();
}, 60_000);

describe("pooled connections whose server vanished silently", () => {
  it("fail one statement, not one per pooled connection", async () => {
    // Fill the pool: six connections, idle afterwards.
    await Promise.all(Array.from({ length: POOL }, () => db.query("select pg_sleep(0.2)")));
    expect(db.stats().idle).toBe(POOL);
    proxy.orphan();
    const outcomes: (number | string)[] = [];
    for (let i = 0; i < POOL; i += 1) {
      outcomes.push(
        await db.query("select 1").then(
          () => 200,
          (error: { statusCode?: number }) => error.statusCode ?? String(error),
        ),
      );
    }
    expect(outcomes).toEqual([503, 200, 200, 200, 200, 200]);
  });
});
