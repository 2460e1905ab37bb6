#!/usr/bin/env node
// Orders with the outbox on PostgreSQL against pgbench on the same cluster, in the same run
// (issue 24; a script, not a test):
//
//   DATABASE_URL=postgres://... pnpm --filter @portal/services bench:orders
//
// Uses the PostgreSQL DATABASE_URL names (without it: a private cluster, initdb in a temporary
// folder, port BENCH_PG_PORT, default 5443). Prints the cluster's settings (fsync,
// synchronous_commit, shared_buffers...) and the load average, then BENCH_ROUNDS times
// (default 2):
//   a. pgbench, BENCH_PG_CLIENTS clients (default 8), prepared, BENCH_PG_SECONDS (default 5):
//      one single-row INSERT into a copy of fulfilment_orders per transaction (the floor of
//      any durable write of an order);
//   b. the services (port BENCH_SERVICES_PORT, default 4110; the delivery worker inside,
//      FULFILMENT_URL = a stub HTTP server in this process) purchase BENCH_ORDERS ready leads
//      (default 400; made beforehand through the real operations, not timed) over HTTP with
//      BENCH_CONNECTIONS concurrent clients (default 16): orders/s, each purchase being the
//      whole transaction (lead locked and checked, order number, lead submitted, outbox record,
//      pg-boss job);
//   c. the delivery lag of those orders: from the order's commit (its `submittedAt`, taken at
//      the start of the transaction, so the lag is an upper bound) to the stub's receipt,
//      p50/p99, with the stub answering at once.
import { execFile } from "node:child_process";
import { writeFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { CONSENT_TEXT_HASHES } from "@portal/validation";
import { loadAverage, startServices } from "./lib.mjs";
import { postgresBin, startPrivateCluster } from "../src/test/cluster.ts";
import { FulfilmentStub } from "../src/test/fulfilment-stub.ts";

const run = promisify(execFile);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const ordersPerRound = Number(process.env.BENCH_ORDERS ?? 400);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const pgClients = Number(process.env.BENCH_PG_CLIENTS ?? 8);
const pgSeconds = Number(process.env.BENCH_PG_SECONDS ?? 5);
const SECRET = "bench-fulfilment-secret-0123456789abcdef";
const loadBefore = await loadAverage();

let cluster;
let url = process.env.DATABASE_URL;
if (!url) {
  cluster = await startPrivateCluster(Number(process.env.BENCH_PG_PORT ?? 5443));
  url = cluster.url;
}
const work = await mkdtemp(join(tmpdir(), "portal-orders-bench-"));
const stub = new FulfilmentStub(SECRET);
await stub.up();

const services = await startServices({
  PORTAL_ENV: "development",
  LOG_LEVEL: "silent",
  BENCH_SERVICES_PORT: process.env.BENCH_SERVICES_PORT ?? "4110",
  DATABASE_URL: url,
  // Requests and the in-process delivery worker share the pool.
  DB_POOL_MAX: process.env.BENCH_POOL ?? "16",
  RATE_LIMIT_MAX: "1000000000",
  OTP_SENDS_PER_CLIENT_HOUR: "1000000",
  SMS_BUDGET_PER_HOUR: "100000000",
  FULFILMENT_URL: stub.url,
  FULFILMENT_SECRET: SECRET,
  QUEUE_POLL_SECONDS: "0.5",
});
const base = services.base;

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
await client.query("drop table if exists pgbench_fulfilment");
await client.query("create table pgbench_fulfilment (like fulfilment_orders including all)");
await client.end();
const insertScript = join(work, "insert.sql");
await writeFile(
  insertScript,
  "insert into pgbench_fulfilment (order_number, lead_id, accepted_at) values (gen_random_uuid()::text, gen_random_uuid(), now());\n",
);
const pgbench = async () => {
  const { stdout } = await run(join(postgresBin(), "pgbench"), [
    ...["-n", "-M", "prepared", "-c", String(pgClients), "-j", "2", "-T", String(pgSeconds)],
    ...["-f", insertScript, url],
  ]);
  return Number(/tps = ([\d.]+)/.exec(stdout)?.[1]);
};

/** One JSON call; throws unless it answers 200. */
async function call(method, path, body, token, headers = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body instanceof Uint8Array ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : body instanceof Uint8Array ? body : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text).response;
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array(32).fill(1)]);
let phones = Math.floor(Math.random() * 400_000);
const SHOP = "/shop/api";

/** A fibre lead ready to purchase, through the real operations (not timed). */
async function readyLead() {
  const { token } = await call("POST", `${SHOP}/v1/greenfield/generate-sbb-lead`, {
    product: "fibre",
    language: "bm",
  });
  const [address] = await call(
    "POST",
    "/address/cassandra/api/v1/address/greenfield-search",
    { postalCode: "34000", residenceType: 1 },
    token,
  );
  const phone = `0174${String(++phones % 1_000_000).padStart(6, "0")}`;
  await call(
    "PATCH",
    `${SHOP}/v1/greenfield/update-sbb-lead`,
    {
      address: { addressId: address.addressId },
      name: "Aminah binti Yusof",
      phoneNumber: phone,
      email: "aminah@example.my",
    },
    token,
  );
  await call("PATCH", `${SHOP}/v1/greenfield/update-sbb-order`, { packageId: "fibre-100" }, token);
  const otp = await call(
    "POST",
    `${SHOP}/v3/generate-otp`,
    { phoneNumber: phone, mock: true },
    token,
  );
  await call(
    "POST",
    `${SHOP}/v3/verify-otp`,
    { phoneNumber: phone, otp: "123456", code: otp.code, mock: true },
    token,
  );
  await call(
    "POST",
    `${SHOP}/v3/consent`,
    { language: "en", consentTextHash: CONSENT_TEXT_HASHES.en },
    token,
  );
  const signed = await call(
    "POST",
    `${SHOP}/v3/generate-signed-url`,
    { title: "MyKad (front)", type: "image/png" },
    token,
  );
  const u = new URL(signed.signedUploadUrl);
  await call("PUT", `${u.pathname}${u.search}`, PNG, undefined, { "content-type": "image/png" });
  return token;
}

/** Runs `fn` over `items` with `n` at a time. */
async function pool(items, n, fn) {
  const out = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]);
      }
    }),
  );
  return out;
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

const rows = [];
try {
  for (let round = 0; round < rounds; round++) {
    const insertTps = await pgbench();
    const tokens = await pool(Array.from({ length: ordersPerRound }), connections, readyLead);
    const seen = stub.receipts.length;
    const t0 = performance.now();
    const failures = [];
    const answers = (
      await pool(tokens, connections, (token) =>
        call("POST", `${SHOP}/v3/purchase`, { termsAccepted: true }, token, {
          "idempotency-key": crypto.randomUUID(),
        }).catch((error) => void failures.push(error.message.slice(0, 160))),
      )
    ).filter(Boolean);
    const seconds = (performance.now() - t0) / 1000;
    const wanted = new Set(answers.map((a) => a.orderNumber));
    const deadline = Date.now() + 120_000;
    const received = () => new Set(stub.receipts.slice(seen).map((r) => r.orderNumber));
    while ([...wanted].some((o) => !received().has(o))) {
      if (Date.now() > deadline) throw new Error("orders not delivered within 120 s");
      await new Promise((r) => setTimeout(r, 50));
    }
    const firstReceipt = new Map();
    for (const r of stub.receipts.slice(seen))
      if (!firstReceipt.has(r.orderNumber)) firstReceipt.set(r.orderNumber, r.at);
    const lags = answers
      .map((a) => firstReceipt.get(a.orderNumber) - Date.parse(a.submittedAt))
      .sort((x, y) => x - y);
    const bad = stub.receipts
      .slice(seen)
      .filter((r) => !r.signatureValid || r.key !== r.orderNumber);
    rows.push({
      insertTps,
      ordersPerSecond: answers.length / seconds,
      failed: failures.length,
      firstFailure: failures[0],
      p50: percentile(lags, 0.5),
      p99: percentile(lags, 0.99),
      receipts: stub.receipts.length - seen,
      bad: bad.length,
    });
  }
} finally {
  await services.stop();
  await stub.down();
  await cluster?.stop();
  await rm(work, { recursive: true, force: true });
}

const loadAfter = await loadAverage();
console.log(`orders with the outbox vs pgbench INSERT, ${new Date().toISOString()}`);
console.log(`PostgreSQL (${cluster ? "private cluster" : "DATABASE_URL"}): ${settings}`);
console.log(
  `load average (1 min) ${loadBefore} before, ${loadAfter} after; ${ordersPerRound} orders per round over ${connections} connections; pgbench ${pgClients} clients x ${pgSeconds} s`,
);
console.log("");
console.log(
  "| round | pgbench INSERT/s | orders/s | ratio | lag p50 ms | lag p99 ms | receipts | bad | failed purchases |",
);
console.log("|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const r of rows) if (r.firstFailure) console.log(`a failed purchase: ${r.firstFailure}`);
rows.forEach((r, i) =>
  console.log(
    `| ${i + 1} | ${r.insertTps.toFixed(0)} | ${r.ordersPerSecond.toFixed(1)} | ${(r.ordersPerSecond / r.insertTps).toFixed(3)} | ${r.p50} | ${r.p99} | ${r.receipts} | ${r.bad} | ${r.failed} |`,
  ),
);
