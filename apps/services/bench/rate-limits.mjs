#!/usr/bin/env node
// Rate limits across instances and the cost of a refusal (issue 21; a script, not a test):
//
//   pnpm --filter @portal/services bench:rate-limits
//
// Two services processes (production settings, TRUST_PROXY so each client address comes from
// X-Forwarded-For) on one PostgreSQL: a private cluster (initdb in a temporary folder, port
// BENCH_PG_PORT, default 5442) or DATABASE_URL.
//
// 1. Count: BENCH_BURSTS (default 5) bursts of 100 concurrent calls from one new address, split
//    over both instances, on POST b40/auth (limit 20 a minute) and POST generate-sbb-lead
//    (limit 30). Goal: at most the limit plus 10% gets through (the run exits 1 otherwise).
// 2. Cost: the CPU of the services process per request (process.cpuUsage over IPC) for accepted
//    leads (each from a new address: its first hit leases from the database) and for 429s (an
//    address known to be over its limit), sent by autocannon, BENCH_REQUESTS each (default 3000), BENCH_ROUNDS
//    rounds (default 3), and PostgreSQL's CPU per request (from /proc: every process of the private
//    cluster; on DATABASE_URL the backends of its database, when the cluster runs on this machine). Goal: a 429 costs under a fifth of an accepted lead, counting the CPU of
//    both processes a request runs in (services and PostgreSQL; with PGlite, issue 12, both ran
//    in the services process). The services process alone is printed too.
import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import pg from "pg";
import { cannon, loadAverage, PRODUCTION_ENV, startServices, statuses } from "./lib.mjs";
import { startPrivateCluster } from "../src/test/cluster.ts";

const bursts = Number(process.env.BENCH_BURSTS ?? 5);
const requests = Number(process.env.BENCH_REQUESTS ?? 3000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const concurrency = 16;
const loadBefore = await loadAverage();

let cluster;
let url = process.env.DATABASE_URL;
if (!url) {
  cluster = await startPrivateCluster(Number(process.env.BENCH_PG_PORT ?? 5442));
  url = cluster.url;
}

const ticks = async (pid) => {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
  if (!stat) return undefined;
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
};

/** CPU µs of the private cluster's processes (postmaster, backends, ended backends). */
async function clusterCpu() {
  const postmaster = Number(
    (await readFile(join(cluster.dataDir, "postmaster.pid"), "utf8")).split("\n")[0],
  );
  let sum = 0;
  for (const pid of await readdir("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    const fields = await ticks(pid);
    if (!fields) continue;
    if (Number(pid) === postmaster)
      sum += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    else if (Number(fields[1]) === postmaster) sum += Number(fields[11]) + Number(fields[12]);
  }
  return new Map([["cluster", sum * 10_000]]);
}

// On DATABASE_URL (a shared cluster, other databases busy): the backends of the bench's own
// database, found in pg_stat_activity and read in /proc when the cluster runs on this machine.
// A backend that ended within a round is not counted, so PostgreSQL's share of a lead can only
// be undercounted (the ratio errs against us).
let monitor;
async function databaseCpu() {
  monitor ??= await (async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return client;
  })();
  const { rows } = await monitor.query(
    "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
  );
  const sample = new Map();
  for (const { pid } of rows) {
    const fields = await ticks(pid);
    if (fields) sample.set(pid, (Number(fields[11]) + Number(fields[12])) * 10_000);
  }
  // None readable: the cluster is on another machine (or another user's processes).
  return rows.length > 0 && sample.size === 0 ? undefined : sample;
}

/** PostgreSQL's CPU µs by process, or undefined when it cannot be read. */
const postgresCpu = () => (cluster ? clusterCpu() : databaseCpu());
/** CPU µs PostgreSQL spent between two samples (a process new in `after` counts whole). */
const postgresDelta = (before, after) => {
  if (!before || !after) return undefined;
  let sum = 0;
  for (const [pid, us] of after) sum += us - (before.get(pid) ?? 0);
  return sum;
};

const settings = async () => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select name, setting, unit from pg_settings where name = any($1) order by name`,
      [
        [
          "server_version",
          "max_connections",
          "shared_buffers",
          "work_mem",
          "fsync",
          "synchronous_commit",
          "wal_level",
          "max_wal_size",
        ],
      ],
    );
    return rows.map((r) => `${r.name}=${r.setting}${r.unit ? ` ${r.unit}` : ""}`).join(", ");
  } finally {
    await client.end();
  }
};

const env = {
  ...PRODUCTION_ENV,
  DATABASE_URL: url,
  TRUST_PROXY: "true",
  RATE_LIMIT_MAX: "30",
  DB_POOL_MAX: "10",
};
// One after the other: the first migrates.
const one = await startServices(env);
const two = await startServices(env);

let addressSeq = 0;
const nextAddress = () => {
  addressSeq += 1;
  return `10.${(addressSeq >> 16) & 255}.${(addressSeq >> 8) & 255}.${addressSeq & 255}`;
};

const LEAD = "/shop/api/v1/greenfield/generate-sbb-lead";
const B40 = "/content/api/v1/b40/auth";
const post = async (base, path, address) => {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: path === LEAD ? JSON.stringify({ product: "fibre", language: "bm" }) : undefined,
  });
  await res.arrayBuffer();
  return res.status;
};

/** 100 concurrent calls from one new address over both instances; how many got through. */
async function burst(path) {
  const address = nextAddress();
  const statuses = await Promise.all(
    Array.from({ length: 100 }, (_, i) => post((i % 2 ? two : one).base, path, address)),
  );
  const count = (s) => statuses.filter((x) => x === s).length;
  return { ok: count(200), refused: count(429), other: 100 - count(200) - count(429) };
}

/**
 * `n` lead creations at `concurrency` on instance one (autocannon: each request in one write, as
 * most clients send it), each from a new address unless `address` is given; the CPU of the
 * services process and of PostgreSQL per request.
 */
async function cost(n, address) {
  const door0 = await one.door();
  const cpu0 = await one.cpu();
  const pg0 = await postgresCpu();
  const result = await cannon({
    url: `${one.base}${LEAD}`,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ product: "fibre", language: "bm" }),
    connections: concurrency,
    amount: n,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, "x-forwarded-for": address ?? nextAddress() },
        }),
      },
    ],
  });
  const cpu1 = await one.cpu();
  const pg1 = await postgresCpu();
  const door1 = await one.door();
  return {
    door: door1 - door0,
    node: (cpu1 - cpu0) / n,
    pg: pg1 === undefined || pg0 === undefined ? undefined : postgresDelta(pg0, pg1) / n,
    statuses: statuses(result),
  };
}

const median = (xs) => {
  const s = xs.filter((x) => x !== undefined).sort((a, b) => a - b);
  if (s.length === 0) return undefined;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const us = (x) => (x === undefined ? "n/a" : `${Math.round(x)} µs`);

const pgSettings = await settings();
const counts = { [B40]: [], [LEAD]: [] };
const costs = [];
try {
  for (let i = 0; i < bursts; i += 1) {
    counts[B40].push(await burst(B40));
    counts[LEAD].push(await burst(LEAD));
  }
  // Warm-up: JIT, pool, prepared statements.
  await cost(500);
  const over = nextAddress();
  await cost(40, over);
  for (let round = 0; round < rounds; round += 1) {
    const accepted = await cost(requests);
    const refused = await cost(requests, over);
    costs.push({ accepted, refused });
  }
} finally {
  await one.stop();
  await two.stop();
  await monitor?.end();
  await cluster?.destroy();
}

console.log(
  `rate limits across two instances on one PostgreSQL, Node ${process.version}; load average ${loadBefore} before, ${await loadAverage()} after (${(await import("node:os")).cpus().length} CPUs)`,
);
console.log(
  `PostgreSQL: ${pgSettings}${cluster ? " (private cluster: all its processes)" : " (DATABASE_URL: the backends of its database, from /proc)"}`,
);
console.log("");
console.log(
  "| route | limit | bursts of 100 concurrent calls: got through | most | goal (limit + 10%) |",
);
console.log("|---|---:|---|---:|---|");
let countsMet = true;
for (const [path, limit] of [
  [B40, 20],
  [LEAD, 30],
]) {
  const oks = counts[path].map((c) => c.ok);
  const most = Math.max(...oks);
  const met = most <= Math.floor(limit * 1.1);
  countsMet &&= met;
  const others = counts[path].reduce((n, c) => n + c.other, 0);
  console.log(
    `| POST ${path} | ${limit} | ${oks.join(", ")}${others ? ` (${others} other statuses)` : ""} | ${most} | ${met ? "met" : "MISSED"} |`,
  );
}
console.log("");
console.log(`CPU per request, ${requests} requests per kind and round, ${concurrency} at a time:`);
console.log("");
console.log(
  "| round | accepted lead: services | + PostgreSQL | = total | 429: services | + PostgreSQL | = total | ratio (total) | ratio (services alone) |",
);
console.log("|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
const total = (c) => c.node + (c.pg ?? 0);
costs.forEach(({ accepted, refused }, i) =>
  console.log(
    `| ${i + 1} | ${us(accepted.node)} | ${us(accepted.pg)} | ${us(total(accepted))} | ${us(refused.node)} | ${us(refused.pg)} | ${us(total(refused))} | ${(total(refused) / total(accepted)).toFixed(3)} | ${(refused.node / accepted.node).toFixed(3)} |`,
  ),
);
const ratio = median(costs.map((c) => total(c.refused) / total(c.accepted)));
const nodeRatio = median(costs.map((c) => c.refused.node / c.accepted.node));
console.log("");
console.log(
  `statuses: accepted rounds ${JSON.stringify(costs.map((c) => c.accepted.statuses))}, refused rounds ${JSON.stringify(costs.map((c) => c.refused.statuses))}`,
);
console.log(
  `429s answered at the door, before Fastify: ${costs.map((c) => `${c.refused.door}/${requests}`).join(", ")}`,
);
console.log(`${countsMet ? "met    " : "MISSED "} at most the limit + 10% through two instances`);
console.log(
  `${ratio < 0.2 ? "met    " : "MISSED "} a 429 costs under a fifth of an accepted lead's CPU (services + PostgreSQL; median ratio ${ratio.toFixed(3)}; services process alone ${nodeRatio.toFixed(3)})`,
);
// The count is exact, whatever the machine's load: missing it fails the run (CPU figures only
// print, they depend on the machine).
if (!countsMet) process.exitCode = 1;
