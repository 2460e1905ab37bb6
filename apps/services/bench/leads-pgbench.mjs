#!/usr/bin/env node
// The lead write path on PostgreSQL against pgbench on the same cluster, in the same run
// (issues 12 and 22; a script, not a test):
//
//   DATABASE_URL=postgres://... pnpm --filter @portal/services bench:leads
//
// Uses the PostgreSQL DATABASE_URL names (without it: a private cluster, initdb in a temporary
// folder, port BENCH_PG_PORT, default 5442, whose CPU is then measured too). It prints the
// cluster's settings and the load average, then alternates, BENCH_ROUNDS times (default 3),
// BENCH_DURATION seconds each (default 10):
//   a. pgbench, BENCH_PG_CLIENTS clients (default 8), prepared: one single-row INSERT into a copy
//      of the leads table per transaction (the floor of a lead's creation);
//   b. pgbench, same clients: a lead's work, the INSERT and then an UPDATE of its contact fields
//      (name, phone, email), each in autocommit as the services run them;
//   c. the services (production settings, a pool of BENCH_PG_CLIENTS) creating leads over HTTP
//      (BENCH_CONNECTIONS, default 100): leads/s, against a;
//   d. the services creating and then changing leads (POST generate-sbb-lead, PATCH
//      update-sbb-lead with its token): whole leads/s, against b.
// Then the CPU of the services process per accepted lead (from c) and per 429 (a second process
// with the default limit of 30 a minute, an address over it; BENCH_REFUSALS requests, default
// 3000, per round), and of the floor beside it: a bare node:http server writing the same 429
// (bench/refusal-floor.mjs), the least any Node answer costs on this machine. Goals (issue 22): c and d at least half of a and b; a 429 at most 0.2 of a
// lead's CPU; one statement per creation and per change.
import { execFile } from "node:child_process";
import { readFile, readdir, writeFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { cannon, loadAverage, PRODUCTION_ENV, startServices, statuses } from "./lib.mjs";
import { postgresBin, startPrivateCluster } from "../src/test/cluster.ts";

const run = promisify(execFile);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const pgClients = Number(process.env.BENCH_PG_CLIENTS ?? 8);
const refusals = Number(process.env.BENCH_REFUSALS ?? 3000);
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
const client = new pg.Client({ connectionString: url });
await client.connect();
const { rows: settingRows } = await client.query(
  `select name, setting, unit from pg_settings
   where name in ('server_version', 'fsync', 'synchronous_commit', 'shared_buffers', 'max_connections')
   order by name`,
);
const settings = settingRows
  .map((r) => `${r.name}=${r.setting}${r.unit ? ` x ${r.unit}` : ""}`)
  .join(", ");
// The services have migrated: pgbench writes into a copy of their leads table.
await client.query("drop table if exists pgbench_leads");
await client.query("create table pgbench_leads (like leads including all)");
await client.end();
const insertSql =
  "insert into pgbench_leads (id, product, language, utm, created_at, updated_at) values (gen_random_uuid(), 'fibre', 'bm', '{}'::jsonb, now(), now())";
const insertScript = join(work, "insert.sql");
await writeFile(insertScript, `${insertSql};\n`);
const leadScript = join(work, "lead.sql");
await writeFile(
  leadScript,
  `${insertSql} returning id \\gset\n` +
    "update pgbench_leads set name = 'Aminah binti Yusof', phone_number = '+60123456789', email = 'aminah@example.my', updated_at = now() where id = :id;\n",
);

const pgbench = async (script) => {
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
  return {
    tps: Number(/tps = ([\d.]+)/.exec(stdout)?.[1]),
    count: Number(/number of transactions actually processed: (\d+)/.exec(stdout)?.[1]),
  };
};

const base = services.base;
const CREATE = "/shop/api/v1/greenfield/generate-sbb-lead";
const UPDATE = "/shop/api/v1/greenfield/update-sbb-lead";
const createBody = JSON.stringify({ product: "fibre", language: "bm" });
const updateBody = JSON.stringify({
  name: "Aminah binti Yusof",
  phoneNumber: "0123456789",
  email: "aminah@example.my",
});
const statementsNow = async () => {
  const text = await services.metrics();
  return [...text.matchAll(/^db_query_duration_seconds_count\{[^}]*\} (\d+)$/gm)].reduce(
    (n, m) => n + Number(m[1]),
    0,
  );
};

const rows = [];
try {
  for (let round = 0; round < rounds; round++) {
    const pg0 = await postgresCpu();
    const insert = await pgbench(insertScript);
    const pg1 = await postgresCpu();
    const lead = await pgbench(leadScript);

    const st0 = await statementsNow();
    const cpu0 = await services.cpu();
    const svcPg0 = await postgresCpu();
    const created = await cannon({
      url: `${base}${CREATE}`,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: createBody,
      connections,
      duration,
    });
    const cpu1 = await services.cpu();
    const svcPg1 = await postgresCpu();
    const st1 = await statementsNow();
    const leads = statuses(created)[200] ?? 0;

    const whole = await cannon({
      url: base,
      connections,
      duration,
      requests: [
        {
          method: "POST",
          path: CREATE,
          headers: { "content-type": "application/json" },
          body: createBody,
          onResponse: (status, body, context) => {
            if (status === 200) context.token = JSON.parse(body).response.token;
          },
        },
        {
          method: "PATCH",
          path: UPDATE,
          body: updateBody,
          setupRequest: (request, context) => ({
            ...request,
            headers: {
              "content-type": "application/json",
              authorization: `Bearer ${context.token}`,
            },
          }),
        },
      ],
    });
    const st2 = await statementsNow();
    const wholeStatuses = statuses(whole);
    rows.push({
      insertTps: insert.tps,
      leadTps: lead.tps,
      pgPerInsert: pg1 !== undefined ? (pg1 - pg0) / insert.count : undefined,
      leadsPerSecond: leads / duration,
      wholePerSecond: (wholeStatuses[200] ?? 0) / 2 / duration,
      p99: created.latency.p99,
      wholeP99: whole.latency.p99,
      other: [
        ...Object.entries(statuses(created)).filter(([s]) => s !== "200"),
        ...Object.entries(wholeStatuses).filter(([s]) => s !== "200"),
      ],
      errors: created.errors + created.timeouts + whole.errors + whole.timeouts,
      nodePerLead: (cpu1 - cpu0) / leads,
      pgPerLead: svcPg1 !== undefined ? (svcPg1 - svcPg0) / leads : undefined,
      statementsPerLead: (st1 - st0) / leads,
      statementsPerWhole: (st2 - st1) / ((wholeStatuses[200] ?? 0) / 2),
    });
  }
} finally {
  await services.stop();
}

// A 429's CPU: a second process with the default limit (30 a minute per address and route),
// the address over it after the first 30.
const limited = await startServices({ ...PRODUCTION_ENV, DATABASE_URL: url, DB_POOL_MAX: "2" });
const refusalRows = [];
try {
  await cannon({
    url: `${limited.base}${CREATE}`,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: createBody,
    connections: 16,
    amount: refusals,
  });
  for (let round = 0; round < rounds; round++) {
    const cpu0 = await limited.cpu();
    const result = await cannon({
      url: `${limited.base}${CREATE}`,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: createBody,
      connections: 16,
      amount: refusals,
    });
    const cpu1 = await limited.cpu();
    const refused = statuses(result)[429] ?? 0;
    refusalRows.push({ refused, cpuPer429: (cpu1 - cpu0) / refused });
  }
  // The floor, in the same run: a bare node:http server writing the same 429 bytes.
  const floor = await startServices({}, "./refusal-floor.mjs");
  try {
    await cannon({ url: floor.base, connections: 16, amount: refusals });
    for (let round = 0; round < rounds; round++) {
      const cpu0 = await floor.cpu();
      const result = await cannon({
        url: `${floor.base}${CREATE}`,
        method: "POST",
        headers: { "content-type": "application/json" },
        body: createBody,
        connections: 16,
        amount: refusals,
      });
      const cpu1 = await floor.cpu();
      refusalRows[round].floorPer429 = (cpu1 - cpu0) / (statuses(result)[429] ?? 0);
    }
  } finally {
    await floor.stop();
  }
} finally {
  await limited.stop();
  await cluster?.destroy();
  await rm(work, { recursive: true, force: true });
}

const median = (xs) => {
  const s = xs.filter((x) => x !== undefined && !Number.isNaN(x)).sort((a, b) => a - b);
  if (s.length === 0) return undefined;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const med = (key, list = rows) => median(list.map((r) => r[key]));
const leadRatio = median(rows.map((r) => r.leadsPerSecond / r.insertTps));
const wholeRatio = median(rows.map((r) => r.wholePerSecond / r.leadTps));
const refusalRatio = med("cpuPer429", refusalRows) / med("nodePerLead");
const floorRatio = med("floorPer429", refusalRows) / med("nodePerLead");
const us = (x) => (x === undefined ? "n/a" : `${Math.round(x)} µs`);
const goal = (met, text) => `${met ? "met    " : "MISSED "} ${text}`;

console.log(
  `lead write path vs pgbench, ${rounds} rounds x ${duration} s, Node ${process.version}; load average ${loadBefore} before, ${await loadAverage()} after`,
);
console.log(`PostgreSQL (${cluster ? "private cluster" : "DATABASE_URL"}): ${settings}`);
console.log(
  `pgbench: ${pgClients} clients, -M prepared; services: ${connections} HTTP connections, pool of ${pgClients}, production settings`,
);
console.log("");
console.log(
  "| round | pgbench INSERT/s | leads/s | ratio | pgbench lead tx/s | whole leads/s | ratio | p99 ms (lead, whole) | other |",
);
console.log("|---:|---:|---:|---:|---:|---:|---:|---|---|");
rows.forEach((r, i) =>
  console.log(
    `| ${i + 1} | ${Math.round(r.insertTps)} | ${Math.round(r.leadsPerSecond)} | ${(r.leadsPerSecond / r.insertTps).toFixed(2)} | ${Math.round(r.leadTps)} | ${Math.round(r.wholePerSecond)} | ${(r.wholePerSecond / r.leadTps).toFixed(2)} | ${r.p99}, ${r.wholeP99} | ${r.other.map(([s, n]) => `${n}x${s}`).join(" ") || "none"}${r.errors ? `, ${r.errors} errors` : ""} |`,
  ),
);
console.log("");
console.log(
  `Node CPU per lead ${us(med("nodePerLead"))}; per 429 ${us(med("cpuPer429", refusalRows))} (${refusalRows.map((r) => `${r.refused} refused, ${us(r.cpuPer429)}`).join("; ")})`,
);
console.log(
  `floor: a bare node:http server writing the same 429, ${us(med("floorPer429", refusalRows))} (${refusalRows.map((r) => us(r.floorPer429)).join(", ")}), ${floorRatio.toFixed(2)} of a lead's`,
);
if (cluster)
  console.log(
    `PostgreSQL CPU per lead ${us(med("pgPerLead"))}, per pgbench insert ${us(med("pgPerInsert"))}`,
  );
console.log(
  `statements per lead ${med("statementsPerLead").toFixed(2)}, per whole lead ${med("statementsPerWhole").toFixed(2)}`,
);
console.log("");
console.log(goal(leadRatio >= 0.5, `leads/s >= 0.5 of pgbench INSERT/s: ${leadRatio.toFixed(2)}`));
console.log(
  goal(wholeRatio >= 0.5, `whole leads/s >= 0.5 of pgbench lead tx/s: ${wholeRatio.toFixed(2)}`),
);
console.log(
  goal(
    refusalRatio <= 0.2,
    `429 CPU <= 0.2 of a lead's: ${refusalRatio.toFixed(2)} (the bare node:http floor is ${floorRatio.toFixed(2)})`,
  ),
);
console.log(
  goal(
    med("statementsPerLead") <= 1.05 && med("statementsPerWhole") <= 2.05,
    `one statement per creation and per change: ${med("statementsPerLead").toFixed(2)} + ${(med("statementsPerWhole") - med("statementsPerLead")).toFixed(2)}`,
  ),
);
