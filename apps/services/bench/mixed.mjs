#!/usr/bin/env node
// 60 s of mixed traffic at 100 connections against one services process (a script, not a test):
// content GETs, revalidations (304), search, lead creation and one-time codes at once. Prints
// p50/p99 per kind, the errors (any answer but the expected one, socket errors, timeouts), and
// resident memory after a full GC before and after the run. Then the CPU cost of a refused (429)
// lead request beside an accepted one, each measured alone on its own process.
//
//   pnpm --filter @portal/services bench:mixed
//
// PGlite by default (the database then runs inside the process, so its CPU is counted too);
// DATABASE_URL for PostgreSQL. BENCH_DURATION (default 60), BENCH_CONNECTIONS (default 100),
// BENCH_COST_DURATION (s per cost phase, default 10).
// Goals (issue 12): 0 errors, memory after within 10% of before, a refusal <= 1/5 of an accepted.
import { randomInt } from "node:crypto";
import { cannon, loadAverage, PRODUCTION_ENV, startServices, statuses } from "./lib.mjs";

const duration = Number(process.env.BENCH_DURATION ?? 60);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const costDuration = Number(process.env.BENCH_COST_DURATION ?? 10);
const loadBefore = await loadAverage();
const base = {
  ...PRODUCTION_ENV,
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
};

const services = await startServices({
  ...base,
  RATE_LIMIT_MAX: "1000000000",
  OTP_PHONES_PER_LEAD: "100",
  OTP_SENDS_PER_CLIENT_HOUR: "1000000",
  OTP_SENDS_PER_PHONE_DAY: "10000",
  // Production settings send real codes (to the logging SMS sender here): no budget in a bench.
  SMS_BUDGET_PER_HOUR: "100000000",
});
const url = services.base;
const json = { "content-type": "application/json" };
const post = async (path, payload, token) =>
  (
    await fetch(url + path, {
      method: "POST",
      headers: { ...json, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(payload),
    }).then((r) => r.json())
  ).response;

// Leads for the one-time codes (each lead may verify up to 100 phones).
const tokens = [];
for (let i = 0; i < 200; i++)
  tokens.push(
    (await post("/shop/api/v1/greenfield/generate-sbb-lead", { product: "fibre", language: "bm" }))
      .token,
  );
const channel = "/content/api/v1/channel/bm/suria-sports-1";
const etag = (await fetch(url + channel)).headers.get("etag");
let phone = 10_000_000;

const share = (n) => Math.max(1, Math.round((connections * n) / 100));
const kinds = [
  {
    name: "content GET (channel, listing, support)",
    expect: [200],
    connections: share(35),
    requests: [
      { method: "GET", path: channel },
      { method: "GET", path: "/content/api/v1/listing/channel?lang=en" },
      { method: "GET", path: "/content/api/v1/static/support/bm/all" },
    ],
  },
  {
    name: "revalidation (304)",
    expect: [304],
    connections: share(20),
    requests: [{ method: "GET", path: channel, headers: { "if-none-match": etag } }],
  },
  {
    name: "search",
    expect: [200],
    connections: share(10),
    requests: [{ method: "GET", path: "/content/api/v1/search?keyword=sukan&lang=bm" }],
  },
  {
    name: "POST generate-sbb-lead",
    expect: [200],
    connections: share(25),
    requests: [
      {
        method: "POST",
        path: "/shop/api/v1/greenfield/generate-sbb-lead",
        headers: json,
        body: JSON.stringify({ product: "fibre", language: "bm" }),
      },
    ],
  },
  {
    name: "POST generate-otp",
    expect: [200],
    connections: share(10),
    requests: [
      {
        method: "POST",
        path: "/shop/api/v3/generate-otp",
        setupRequest: (req) => ({
          ...req,
          headers: { ...json, authorization: `Bearer ${tokens[randomInt(tokens.length)]}` },
          body: JSON.stringify({ phoneNumber: `01${++phone}`, mock: true }),
        }),
      },
    ],
  },
];

// Warm-up, then memory before.
await Promise.all(
  kinds.map((k) => cannon({ url, connections: k.connections, duration: 5, requests: k.requests })),
);
const rssBefore = await services.rss();
const results = await Promise.all(
  kinds.map((k) =>
    cannon({ url, connections: k.connections, duration, requests: k.requests, timeout: 30 }),
  ),
);
const rssAfter = await services.rss();
await services.stop();

// The CPU of one request: accepted (a lead is written) against refused (429), same route.
const accepting = await startServices({ ...base, RATE_LIMIT_MAX: "1000000000" });
const refusing = await startServices({ ...base, RATE_LIMIT_MAX: "1" });
const leadRequest = {
  method: "POST",
  path: "/shop/api/v1/greenfield/generate-sbb-lead",
  headers: json,
  body: JSON.stringify({ product: "fibre", language: "bm" }),
};
const cost = async (server, status) => {
  await cannon({ url: server.base, connections: 20, duration: 2, requests: [leadRequest] });
  const cpu0 = await server.cpu();
  const result = await cannon({
    url: server.base,
    connections: 20,
    duration: costDuration,
    requests: [leadRequest],
  });
  const cpu1 = await server.cpu();
  const n = statuses(result)[status] ?? 0;
  return {
    perRequest: (cpu1 - cpu0) / n,
    n,
    other: Object.keys(statuses(result)).filter((s) => s !== String(status)),
  };
};
const accepted = await cost(accepting, 200);
const refused = await cost(refusing, 429);
await accepting.stop();
await refusing.stop();

let errors = 0;
console.log(
  `mixed traffic: ${connections} connections for ${duration} s, Node ${process.version}, ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}; load average ${loadBefore} before, ${await loadAverage()} after`,
);
console.log("");
console.log("| kind | connections | requests | req/s | p50 ms | p99 ms | errors |");
console.log("|---|---:|---:|---:|---:|---:|---:|");
results.forEach((r, i) => {
  const k = kinds[i];
  const counts = statuses(r);
  const good = k.expect.reduce((n, s) => n + (counts[s] ?? 0), 0);
  const total = Object.values(counts).reduce((n, c) => n + c, 0);
  const bad = total - good + r.errors + r.timeouts;
  errors += bad;
  console.log(
    `| ${k.name} | ${k.connections} | ${total} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${bad}${bad ? ` (${JSON.stringify(counts)}, ${r.errors} socket errors, ${r.timeouts} timeouts)` : ""} |`,
  );
});
const all = results.flatMap((r) => [r.latency.p99]);
const growth = (rssAfter - rssBefore) / rssBefore;
const mb = (b) => `${(b / 1048576).toFixed(1)} MB`;
console.log("");
console.log(
  `resident memory after GC: ${mb(rssBefore)} before, ${mb(rssAfter)} after (${(growth * 100).toFixed(1)}%)`,
);
console.log(`highest p99 of a kind: ${Math.max(...all)} ms`);
console.log(
  `CPU per request on POST generate-sbb-lead: accepted ${Math.round(accepted.perRequest)} µs (${accepted.n} in ${costDuration} s), refused 429 ${Math.round(refused.perRequest)} µs (${refused.n}), ratio ${(refused.perRequest / accepted.perRequest).toFixed(3)}`,
);
console.log("");
console.log(`${errors === 0 ? "met    " : "MISSED "} 0 errors (${errors})`);
console.log(`${Math.abs(growth) <= 0.1 ? "met    " : "MISSED "} memory after within 10% of before`);
console.log(
  `${refused.perRequest <= accepted.perRequest / 5 ? "met    " : "MISSED "} a refusal costs at most a fifth of an accepted request`,
);
