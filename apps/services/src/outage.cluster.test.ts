// Database faults, from the outside: a services process (src/server.ts, as an operator runs it)
// on a private PostgreSQL cluster, reached through a TCP proxy. Mid-traffic the cluster is
// stopped and started again (restart, failover) and the link is cut without a word (network
// cut). Run by `pnpm test:cluster` (scripts/test-postgres.sh in CI): it needs PostgreSQL's
// binaries and a free port for its own cluster (PG_CLUSTER_PORT, default 5442).
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPrivateCluster, type PrivateCluster } from "./test/cluster.js";
import { startServerProcess, type ServerProcess } from "./test/server-process.js";
import { startTcpProxy, type TcpProxy } from "./test/tcp-proxy.js";

const CLUSTER_PORT = Number(process.env.PG_CLUSTER_PORT ?? 5442);
const PROXY_PORT = Number(process.env.PG_PROXY_PORT ?? 4128);
const SERVER_PORT = Number(process.env.OUTAGE_SERVER_PORT ?? 4129);
// The services' bounds during the test (documented defaults are 2000 and 5000).
const CONNECT_TIMEOUT_MS = 1000;
const QUERY_TIMEOUT_MS = 2000;
// The longest an answer may take while the database is away: the query bound plus the client's
// extra second, plus scheduling slack on a shared machine.
const BOUND_MS = QUERY_TIMEOUT_MS + 1000 + 3000;

let cluster: PrivateCluster;
let proxy: TcpProxy;
let server: ServerProcess;

interface Outcome {
  status: number;
  ms: number;
  leadId?: string;
  retryAfter?: string | null;
  code?: string;
  error?: string;
}

/** Creates leads with `workers` clients in parallel until `stop()`; records every answer. */
function traffic(workers = 6) {
  const outcomes: Outcome[] = [];
  let running = true;
  const one = async () => {
    const started = Date.now();
    try {
      const res = await fetch(`${server.url}/shop/api/v1/greenfield/generate-sbb-lead`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ product: "fibre", language: "bm" }),
        signal: AbortSignal.timeout(20_000),
      });
      const body = (await res.json()) as { response?: { leadId: string }; code?: string };
      outcomes.push({
        status: res.status,
        ms: Date.now() - started,
        leadId: body.response?.leadId,
        retryAfter: res.headers.get("retry-after"),
        code: body.code,
      });
    } catch (error) {
      outcomes.push({ status: 0, ms: Date.now() - started, error: String(error) });
    }
  };
  const loops = Array.from({ length: workers }, async () => {
    while (running) {
      await one();
      await new Promise((r) => setTimeout(r, 20));
    }
  });
  return {
    outcomes,
    since: (i: number) => outcomes.slice(i),
    async stop() {
      running = false;
      await Promise.all(loops);
      return outcomes;
    },
  };
}

const waitFor = async (what: string, test: () => boolean | Promise<boolean>, ms = 30_000) => {
  const deadline = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}\n${server.output().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

const health = async (path: string) => {
  const res = await fetch(`${server.url}${path}`, { signal: AbortSignal.timeout(10_000) });
  return { status: res.status, retryAfter: res.headers.get("retry-after") };
};

/** Lead ids present in the database, read directly (not through the services). */
async function storedLeads(ids: string[]): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      "select id::text as id from leads where id = any($1::uuid[])",
      [ids],
    );
    return new Set(rows.map((r) => r.id));
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  cluster = await startPrivateCluster(CLUSTER_PORT);
  proxy = await startTcpProxy(PROXY_PORT, CLUSTER_PORT);
  server = await startServerProcess(SERVER_PORT, {
    DATABASE_URL: `postgres://postgres@127.0.0.1:${PROXY_PORT}/postgres`,
    DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
    DB_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS),
    RATE_LIMIT_MAX: "1000000",
  });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await proxy?.close();
  await cluster?.destroy();
}, 120_000);

describe("PostgreSQL stopped and started mid-traffic", () => {
  it("answers 503 with Retry-After during the outage, survives, and serves again with no acknowledged write lost", async () => {
    expect((await health("/health/ready")).status).toBe(200);
    const load = traffic();
    await waitFor("first leads", () => load.outcomes.filter((o) => o.status === 200).length >= 20);

    await cluster.stop();
    const outageStart = load.outcomes.length;
    await waitFor(
      "503s during the outage",
      () => load.since(outageStart).filter((o) => o.status === 503).length >= 10,
    );
    const ready = await health("/health/ready");
    expect(ready).toEqual({ status: 503, retryAfter: "5" });
    expect((await health("/health/live")).status).toBe(200);

    await cluster.start();
    const restarted = load.outcomes.length;
    await waitFor(
      "service back",
      () => load.since(restarted).filter((o) => o.status === 200).length >= 20,
      60_000,
    );
    const all = await load.stop();

    expect(server.child.exitCode).toBeNull();
    expect((await health("/health/ready")).status).toBe(200);
    // Only two kinds of answer: done, or refused with Retry-After; nothing hangs.
    expect(all.filter((o) => o.status !== 200 && o.status !== 503)).toEqual([]);
    const refused = all.filter((o) => o.status === 503);
    expect(refused.every((o) => o.retryAfter === "5" && o.code === "database.unavailable")).toBe(
      true,
    );
    expect(Math.max(...refused.map((o) => o.ms))).toBeLessThan(BOUND_MS);
    // Every acknowledged lead is in the database.
    const acknowledged = all.filter((o) => o.status === 200).map((o) => o.leadId as string);
    const stored = await storedLeads(acknowledged);
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    console.log(
      `restart: ${acknowledged.length} leads acknowledged and stored, ${refused.length} answered 503 (slowest ${Math.max(...refused.map((o) => o.ms))} ms)`,
    );
  }, 180_000);
});

describe("network cut between the services and PostgreSQL", () => {
  it("answers 503 within the query bound while packets vanish, and recovers when the link heals", async () => {
    const load = traffic(4);
    await waitFor(
      "leads before the cut",
      () => load.outcomes.filter((o) => o.status === 200).length >= 10,
    );
    proxy.cut();
    const cutAt = load.outcomes.length;
    await waitFor(
      "503s during the cut",
      () => load.since(cutAt).filter((o) => o.status === 503).length >= 8,
      60_000,
    );
    expect((await health("/health/ready")).status).toBe(503);
    proxy.heal();
    const healed = load.outcomes.length;
    await waitFor(
      "service after the cut",
      () => load.since(healed).filter((o) => o.status === 200).length >= 10,
      60_000,
    );
    const all = await load.stop();

    expect(server.child.exitCode).toBeNull();
    expect(all.filter((o) => o.status !== 200 && o.status !== 503)).toEqual([]);
    const refused = all.filter((o) => o.status === 503);
    expect(refused.every((o) => o.retryAfter === "5")).toBe(true);
    expect(Math.max(...refused.map((o) => o.ms))).toBeLessThan(BOUND_MS);
    const acknowledged = all.filter((o) => o.status === 200).map((o) => o.leadId as string);
    const stored = await storedLeads(acknowledged);
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    console.log(
      `network cut: ${acknowledged.length} leads acknowledged and stored, ${refused.length} answered 503 (slowest ${Math.max(...refused.map((o) => o.ms))} ms)`,
    );
  }, 180_000);
});
