// Benchmark: the built web server (production mode) while 600 requests with a unique query
// (?utm_content=N, what a campaign mail or an attacker sends) arrive over 50 connections, and a
// visitor keeps asking for a page already cached. Prints pages/s, latencies and the server's RSS
// growth, each with its goal. Local only (127.0.0.1), bounded: 600 requests, then it stops.
//
//   pnpm --filter @portal/web bench            (starts the services and builds if needed)
//   node bench/unique-queries.mjs              (services already at E2E_SERVICES_URL / :4000)
//
// Settings: BENCH_PORT (3690), BENCH_REQUESTS (600), BENCH_CONNECTIONS (50).
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const web = join(dirname(fileURLToPath(import.meta.url)), "..");
const port = Number(process.env.BENCH_PORT ?? 3690);
const total = Number(process.env.BENCH_REQUESTS ?? 600);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const services = process.env.E2E_SERVICES_URL ?? "http://localhost:4000";
const base = `http://127.0.0.1:${port}`;
const GOALS = { cachedP50Ms: 100, rssGrowthMb: 150 };
const PATHS = ["/", "/channels", "/movies", "/packages", "/store", "/support"];
const CACHED = "/channels?language=en";

if (!existsSync(join(web, "dist", "server", "main.js"))) {
  console.error("dist/server/main.js is missing: run `pnpm --filter @portal/web build` first");
  process.exit(1);
}

const taken = await fetch(`${base}/healthz`).then(
  () => true,
  () => false,
);
if (taken) {
  console.error(`${base} already answers: set BENCH_PORT to a free port`);
  process.exit(1);
}

const server = spawn(process.execPath, ["dist/server/main.js"], {
  cwd: web,
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    NODE_ENV: "production",
    WEB_PORT: String(port),
    HOST: "127.0.0.1",
    API_BASE_URL: services,
    LOG_LEVEL: "error",
  },
});
const stop = () => server.kill("SIGTERM");
process.on("exit", stop);
server.on("exit", (code) => {
  if (code !== null && code !== 0) {
    console.error(`the web server exited (${code})`);
    process.exit(1);
  }
});

const rssMb = () => {
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
};

const agent = new Agent({ keepAlive: true, maxSockets: connections + 2 });

/** One GET: its status and milliseconds to the last byte. */
function get(path) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = request(
      `${base}${path}`,
      { agent, headers: { "accept-encoding": "br, gzip" } },
      (res) => {
        res.resume();
        res.on("end", () =>
          resolve({
            status: res.statusCode,
            ms: performance.now() - started,
            cache: res.headers["x-cache"],
          }),
        );
      },
    );
    req.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
    req.setTimeout(60_000, () => req.destroy());
    req.end();
  });
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

try {
  for (let i = 0; i < 120; i++) {
    const ready = await get("/readyz").then((r) => r.status === 200);
    if (ready) break;
    if (i === 119) throw new Error(`the web server on ${base} did not get ready`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  // Warm the visitor's page only: the burst's pages are misses at first (one render each, the
  // concurrent requests for them wait for it), then hits.
  await get(CACHED);
  await get(CACHED);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const rssBefore = rssMb();

  // A visitor asking for a cached page every 50 ms during the burst.
  let bursting = true;
  const cachedTimes = [];
  const visitor = (async () => {
    while (bursting) {
      const answer = await get(CACHED);
      cachedTimes.push(answer.ms);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();

  let next = 0;
  const results = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < total) {
        const n = next++;
        const path = `${PATHS[n % PATHS.length]}?utm_content=${n}`;
        results.push({ path, ...(await get(path)) });
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  bursting = false;
  await visitor;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const rssAfter = rssMb();

  const times = results.map((r) => r.ms);
  const statuses = {};
  for (const r of results) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  const caches = {};
  for (const r of results) caches[r.cache ?? "-"] = (caches[r.cache ?? "-"] ?? 0) + 1;
  const cachedP50 = percentile(cachedTimes, 50);
  const growth = rssAfter - rssBefore;
  const row = (name, value, goal = "") =>
    console.log(`${name.padEnd(44)} ${value.padEnd(14)} ${goal}`);
  console.log(
    `\n${total} requests with a unique ?utm_content over ${connections} connections, pages ${PATHS.join(" ")}`,
  );
  row("figure", "measured", "goal");
  row("pages/s", (total / seconds).toFixed(1));
  row(
    "unique-query p50 / p99 (ms)",
    `${percentile(times, 50).toFixed(0)} / ${percentile(times, 99).toFixed(0)}`,
  );
  row(
    `cached page p50 during the burst (ms, n=${cachedTimes.length})`,
    cachedP50.toFixed(1),
    `< ${GOALS.cachedP50Ms} ${cachedP50 < GOALS.cachedP50Ms ? "ok" : "MISSED"}`,
  );
  row(
    "RSS growth (MB)",
    `${growth.toFixed(0)} (${rssBefore.toFixed(0)} -> ${rssAfter.toFixed(0)})`,
    `< ${GOALS.rssGrowthMb} ${growth < GOALS.rssGrowthMb ? "ok" : "MISSED"}`,
  );
  row("statuses", JSON.stringify(statuses));
  row("X-Cache", JSON.stringify(caches));
  if (process.env.BENCH_SLOWEST)
    for (const r of [...results].sort((a, b) => b.ms - a.ms).slice(0, 8))
      row(`  slow: ${r.path}`, `${r.ms.toFixed(0)} ms`, `${r.status} ${r.cache ?? "-"}`);
  row(
    "load average (1, 5, 15 min)",
    loadavg()
      .map((v) => v.toFixed(2))
      .join(" "),
  );
  stop();
  process.exit(cachedP50 < GOALS.cachedP50Ms && growth < GOALS.rssGrowthMb ? 0 : 1);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  stop();
  process.exit(1);
}
