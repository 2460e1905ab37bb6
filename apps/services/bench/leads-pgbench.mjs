#!/usr/bin/env node
// Lead creation through the services on PostgreSQL against pgbench's single-row inserts into a
// copy of the leads table, on the same database in the same run (a script, not a test).
//
//   pnpm --filter @portal/services bench:leads
//
// Without DATABASE_URL it starts a private cluster (initdb in a temporary folder, port
// BENCH_PG_PORT, default 5442) and also measures the CPU of PostgreSQL's processes; with
// DATABASE_URL it uses that database (PostgreSQL CPU is then not measured).
// BENCH_DURATION (s per round, default 10), BENCH_ROUNDS (default 3), BENCH_CONNECTIONS (HTTP
// connections, default 100), BENCH_PG_CLIENTS (pgbench clients = the services' pool, default 10).
// Goal (issue 12): the services reach at least 50% of pgbench's rate.
import { execFile } from "node:child_process";
import { readFile, readdir, writeFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { cannon, loadAverage, PRODUCTION_ENV, startServices, statuses } from "./lib.mjs";
import { postgresBin, startPrivateCluster } from "../src/test/cluster.ts";
import { TokenService } from "../src/services/tokens.ts";

const run = promisify(execFile);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const pgClients = Number(process.env.BENCH_PG_CLIENTS ?? 10);
const loadBefore = await loadAverage();

let cluster;
let url = process.env.DATABASE_URL;
if (!url) {
  cluster = await startPrivateCluster(Number(process.env.BENCH_PG_PORT ?? 5442));
  url = cluster.url;
}
const work = await mkdtemp(join(tmpdir(), "portal-pgbench-"));

/** CPU µs of every process of the private cluster (postmaster and its children), from /proc. */
async function postgresCpu() {
  if (!cluster) return undefined;
  const postmaster = Number(
    (await readFile(join(cluster.dataDir, "postmaster.pid"), "utf8")).split("\n")[0],
  );
  let ticks = 0;
  for (const pid of await readdir("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // fields[1] is the parent pid; 11 and 12 are utime and stime, 13 and 14 the CPU of children
    // that ended (the postmaster's: every backend that has closed), in ticks of 1/100 s.
    if (Number(pid) === postmaster)
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    else if (Number(fields[1]) === postmaster) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * 10_000;
}

const services = await startServices({
  ...PRODUCTION_ENV,
  DATABASE_URL: url,
  DB_POOL_MAX: String(pgClients),
  RATE_LIMIT_MAX: "1000000000",
});
// The services have migrated: pgbench writes into a copy of their leads table.
const client = new pg.Client({ connectionString: url });
await client.connect();
await client.query("drop table if exists pgbench_leads");
await client.query("create table pgbench_leads (like leads including all)");
await client.end();
const script = join(work, "insert.sql");
await writeFile(
  script,
  "insert into pgbench_leads (id, product, language, utm, created_at, updated_at) values (gen_random_uuid(), 'fibre', 'bm', '{}'::jsonb, now(), now());\n",
);

const body = JSON.stringify({ product: "fibre", language: "bm" });
const rows = [];
try {
  for (let round = 0; round < rounds; round++) {
    const pgCpu0 = await postgresCpu();
    const { stdout } = await run(join(postgresBin(), "pgbench"), [
      "-n",
      "-M",
      "prepared",
      "-c",
      String(pgClients),
      "-j",
      "2",
      "-T",
      String(duration),
      "-f",
      script,
      url,
    ]);
    const pgCpu1 = await postgresCpu();
    const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1]);
    const count = Number(/number of transactions actually processed: (\d+)/.exec(stdout)?.[1]);

    const metrics0 = await services.metrics();
    const nodeCpu0 = await services.cpu();
    const svcPg0 = await postgresCpu();
    const result = await cannon({
      url: `${services.base}/shop/api/v1/greenfield/generate-sbb-lead`,
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      connections,
      duration,
    });
    const nodeCpu1 = await services.cpu();
    const svcPg1 = await postgresCpu();
    const metrics1 = await services.metrics();
    const leads = statuses(result)[200] ?? 0;
    const sumOf = (text, name) =>
      [...text.matchAll(new RegExp(`^${name}\\{outcome="ok"\\} ([\\d.e+-]+)$`, "gm"))].reduce(
        (n, m) => n + Number(m[1]),
        0,
      );
    const dbSeconds =
      sumOf(metrics1, "db_query_duration_seconds_sum") -
      sumOf(metrics0, "db_query_duration_seconds_sum");
    const dbCount =
      sumOf(metrics1, "db_query_duration_seconds_count") -
      sumOf(metrics0, "db_query_duration_seconds_count");
    rows.push({
      tps,
      pgPerInsert: pgCpu1 !== undefined ? (pgCpu1 - pgCpu0) / count : undefined,
      leadsPerSecond: leads / duration,
      p50: result.latency.p50,
      p99: result.latency.p99,
      other: Object.entries(statuses(result)).filter(([s]) => s !== "200"),
      errors: result.errors + result.timeouts,
      nodePerLead: (nodeCpu1 - nodeCpu0) / leads,
      pgPerLead: svcPg1 !== undefined ? (svcPg1 - svcPg0) / leads : undefined,
      statementsPerLead: dbCount / leads,
      statementMs: (dbSeconds / dbCount) * 1000,
    });
  }
} finally {
  await services.stop();
  await cluster?.destroy();
  await rm(work, { recursive: true, force: true });
}

// Node's share of a lead: signing its token (the same TokenService, key prepared once).
const tokens = new TokenService(PRODUCTION_ENV.TOKEN_SECRET, { now: () => new Date() });
for (let i = 0; i < 2000; i++) await tokens.issue("lead", crypto.randomUUID());
// CPU time, not wall time: the machine may be shared.
const signStart = process.cpuUsage();
const SIGNS = 20_000;
for (let i = 0; i < SIGNS; i++) await tokens.issue("lead", crypto.randomUUID());
const signCpu = process.cpuUsage(signStart);
const signUs = (signCpu.user + signCpu.system) / SIGNS;

const median = (xs) => {
  const s = xs.filter((x) => x !== undefined).sort((a, b) => a - b);
  if (s.length === 0) return undefined;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const med = (key) => median(rows.map((r) => r[key]));
const ratio = median(rows.map((r) => r.leadsPerSecond / r.tps));
const us = (x) => (x === undefined ? "n/a" : `${Math.round(x)} µs`);
console.log(
  `lead creation vs pgbench, ${rounds} rounds x ${duration} s, Node ${process.version}; load average ${loadBefore} before, ${await loadAverage()} after`,
);
console.log("");
console.log(
  "| round | pgbench inserts/s | services leads/s | ratio | p50 ms | p99 ms | other statuses |",
);
console.log("|---:|---:|---:|---:|---:|---:|---|");
rows.forEach((r, i) =>
  console.log(
    `| ${i + 1} | ${Math.round(r.tps)} | ${Math.round(r.leadsPerSecond)} | ${Math.round((r.leadsPerSecond / r.tps) * 100)}% | ${r.p50} | ${r.p99} | ${r.other.map(([s, n]) => `${n}x${s}`).join(" ") || "none"}${r.errors ? `, ${r.errors} errors` : ""} |`,
  ),
);
console.log("");
console.log(
  `pgbench: ${pgClients} clients, prepared statements, one insert per transaction into a copy of leads`,
);
console.log(`services: ${connections} HTTP connections, pool of ${pgClients}, production settings`);
console.log("");
console.log("where a lead's time goes (medians):");
console.log(
  `  Node CPU per lead:             ${us(med("nodePerLead"))} (of which signing the token: ${us(signUs)})`,
);
console.log(
  `  PostgreSQL CPU per lead:       ${us(med("pgPerLead"))} (pgbench insert: ${us(med("pgPerInsert"))})`,
);
console.log(
  `  statements per lead:           ${med("statementsPerLead").toFixed(2)}, ${med("statementMs").toFixed(2)} ms each (wall, incl. queueing)`,
);
console.log("");
console.log(
  `${ratio >= 0.5 ? "met    " : "MISSED "} services >= 50% of pgbench (${Math.round(ratio * 100)}%)`,
);
