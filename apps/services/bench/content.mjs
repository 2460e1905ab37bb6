#!/usr/bin/env node
// Benchmark of issue 3 (a script, not a test): autocannon on loopback against
//   (a) a bare Fastify route in the same server process,
//   (b) a content GET, (c) the same GET answered 304, (d) generate-sbb-lead,
// printing requests/s, p50 and p99 latency and each one's ratio to (a).
// Goals: (b) >= 50% of (a) requests/s, (c) >= 70%, p99 <= 20 ms at 100 connections.
//
// Usage: pnpm --filter @portal/services bench
//   BENCH_DURATION (s per scenario and round, default 5), BENCH_ROUNDS (default 3),
//   BENCH_WARMUP (s, default 1), BENCH_CONNECTIONS (default 100),
//   BENCH_CONTENT_PATH (default /content/api/v1/channel/bm/suria-sports-1),
//   BENCH_ONLY (scenario keys to run, e.g. "a,c"; (a) always runs, the ratios need it).
// The servers run in a child process so autocannon does not share their event loop. The four
// scenarios run in turn, several rounds; the table shows medians over the rounds and each ratio is
// the median of the per-round ratios, so a burst of load from elsewhere skews one round only.
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const duration = Number(process.env.BENCH_DURATION ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const warmup = Number(process.env.BENCH_WARMUP ?? 1);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);

const child = fork(fileURLToPath(new URL("./server.mjs", import.meta.url)), {
  execArgv: ["--import", "tsx", "--conditions=@portal/source"],
  env: { ...process.env, PORTAL_ENV: "development" },
});
const targets = await new Promise((resolve, reject) => {
  child.once("message", resolve);
  child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
});

const run = (opts, seconds) =>
  new Promise((resolve, reject) => {
    autocannon({ connections, duration: seconds, ...opts }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });

const leadBody = JSON.stringify({ product: "fibre", language: "bm" });
const scenarios = [
  { key: "a", name: "bare Fastify route", url: targets.bare, expect: 200 },
  {
    key: "b",
    name: `content GET ${targets.contentPath}`,
    url: targets.base + targets.contentPath,
    expect: 200,
  },
  {
    key: "c",
    name: "same GET, If-None-Match -> 304",
    url: targets.base + targets.contentPath,
    headers: { "if-none-match": targets.etag },
    expect: 304,
  },
  {
    key: "d",
    name: "POST generate-sbb-lead",
    url: `${targets.base}/shop/api/v1/greenfield/generate-sbb-lead`,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: leadBody,
    expect: 200,
  },
];

const only = process.env.BENCH_ONLY?.split(",").map((k) => k.trim());
if (only)
  scenarios.splice(
    0,
    scenarios.length,
    ...scenarios.filter((s) => s.key === "a" || only.includes(s.key)),
  );

const runs = scenarios.map(() => []);
try {
  for (let round = 0; round < rounds; round++) {
    for (const [i, s] of scenarios.entries()) {
      const opts = { url: s.url, method: s.method ?? "GET", headers: s.headers, body: s.body };
      if (warmup > 0) await run(opts, warmup);
      const r = await run(opts, duration);
      const expected = r.statusCodeStats?.[String(s.expect)]?.count ?? 0;
      const total = Object.values(r.statusCodeStats ?? {}).reduce((n, v) => n + v.count, 0);
      runs[i].push({
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        share: total ? expected / total : 0,
        errors: r.errors + r.timeouts,
      });
    }
  }
} finally {
  child.send("stop");
}

const median = (xs) => {
  const sorted = [...xs].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const rows = scenarios.map((s, i) => {
  const r = runs[i];
  const ratio = (key) => median(r.map((x, round) => x[key] / Math.max(runs[0][round][key], 1)));
  return {
    ...s,
    rps: median(r.map((x) => x.rps)),
    p50: median(r.map((x) => x.p50)),
    p99: median(r.map((x) => x.p99)),
    rpsRatio: ratio("rps"),
    p50Ratio: ratio("p50"),
    p99Ratio: ratio("p99"),
    share: Math.min(...r.map((x) => x.share)),
    errors: r.reduce((n, x) => n + x.errors, 0),
  };
});

const pct = (x) => `${Math.round(x * 100)}%`;
const lines = [
  `autocannon: ${connections} connections, ${rounds} rounds x ${duration} s per scenario (after ${warmup} s warm-up), loopback, Node ${process.version}`,
  "",
  "| | scenario | req/s | p50 ms | p99 ms | req/s vs (a) | p50 vs (a) | p99 vs (a) | expected status |",
  "|---|---|---:|---:|---:|---:|---:|---:|---:|",
  ...rows.map(
    (r) =>
      `| ${r.key} | ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${pct(r.rpsRatio)} | ${r.p50Ratio.toFixed(2)}x | ${r.p99Ratio.toFixed(2)}x | ${pct(r.share)} ${r.expect}${r.errors ? `, ${r.errors} errors` : ""} |`,
  ),
];
const row = (key) => rows.find((r) => r.key === key);
const [b, c] = [row("b"), row("c")];
const goals = [
  b && [`(b) content GET >= 50% of (a)`, b.rpsRatio >= 0.5],
  c && [`(c) 304 >= 70% of (a)`, c.rpsRatio >= 0.7],
  ...[b, c].filter(Boolean).map((r) => [`p99 <= 20 ms (${r.key})`, r.p99 <= 20]),
].filter(Boolean);
console.log(lines.join("\n"));
console.log("");
for (const [goal, met] of goals) console.log(`${met ? "met    " : "MISSED "} ${goal}`);
