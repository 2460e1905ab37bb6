// Benchmark (issue 22, "cheap renders"): what an uncached render of a content page costs the web
// server, at the seed's size, 10x and 100x the content, against a static server sending the same
// bytes. For each scale it seeds a services instance of its own (`seed --scale N`, a temporary
// data folder), starts the built web server in production mode with its page cache off (every
// request is a render) and, per page:
//   - the bytes sent, plain and brotli, and the hydration data (the router's inline script);
//   - the web server's CPU per render (utime + stime of the process from /proc, over sequential
//     requests after a warm-up), plain and with brotli: goal at most 10 ms;
//   - uncached renders/s over BENCH_CONNECTIONS connections, and a static server (node:http, the
//     same bytes and headers, in a process of its own) on the same connections: goal at least 5%.
// Local only (127.0.0.1), bounded. Run twice on a shared machine; it prints the load average.
//
//   pnpm --filter @portal/web bench:renders       (builds nothing: build web and services first)
//
// Settings: BENCH_SCALES (1,10,100), BENCH_PORT (3690), BENCH_SERVICES_PORT (4690),
// BENCH_RENDERS (100 per page and encoding: /proc counts CPU in 10 ms ticks), BENCH_SECONDS (2 per throughput run),
// BENCH_CONNECTIONS (4, the web server's RENDER_CONCURRENCY), BENCH_PAGES (comma-separated paths),
// BENCH_WARMUP (100 renders of every page after the server starts, before the table; the first
// 50 renders, cold, are printed on their own).
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const web = join(dirname(fileURLToPath(import.meta.url)), "..");
const services = join(web, "..", "services");
const scales = (process.env.BENCH_SCALES ?? "1,10,100").split(",").map(Number);
const webPort = Number(process.env.BENCH_PORT ?? 3690);
const servicesPort = Number(process.env.BENCH_SERVICES_PORT ?? 4690);
const staticPort = webPort + 1;
const renders = Number(process.env.BENCH_RENDERS ?? 100);
const seconds = Number(process.env.BENCH_SECONDS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 4);
const warmup = Number(process.env.BENCH_WARMUP ?? 100);
const GOALS = { cpuMs: 10, throughput: 0.05 };
const PAGES = (
  process.env.BENCH_PAGES ??
  "/,/channels,/channels/suria-sports-1,/store/router-placement-tips,/support,/support/subscription/how-to-subscribe,/legal/terms-of-use"
).split(",");

for (const file of [join(web, "dist/server/main.js"), join(services, "dist/server.js")])
  if (!existsSync(file)) {
    console.error(`${file} is missing: build @portal/web and @portal/services first`);
    process.exit(1);
  }

const children = new Set();
const temp = [];
function start(args, cwd, env) {
  const child = spawn(process.execPath, args, {
    cwd,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, ...env },
  });
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}
function stopAll() {
  for (const child of children) child.kill("SIGTERM");
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
}
process.on("exit", stopAll);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));

const stop = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", resolve);
    child.kill("SIGTERM");
  });

async function waitFor(url, seconds = 180) {
  for (let i = 0; i < seconds * 4; i++) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

/** CPU (ms) the process has used: utime + stime from /proc (clock ticks of 10 ms). */
const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

const agent = new Agent({ keepAlive: true, maxSockets: connections + 2 });
let unique = 0;
/**
 * `path` with a banner parameter of its own (part of every page's cache key, README "Cache keys"):
 * every request is a render of a key nobody else asked for, so concurrent requests never share
 * one render (the render gate coalesces requests for one key). The static server ignores it.
 */
const uniquely = (path) =>
  `${path}${path.includes("?") ? "&" : "?"}hideAnnouncement=bench-${(unique++).toString(36)}`;
function get(base, path, encoding) {
  return new Promise((resolve) => {
    const req = request(
      `${base}${path}`,
      { agent, headers: { "accept-encoding": encoding } },
      (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on("error", () => resolve({ status: 0, headers: {}, body: Buffer.alloc(0) }));
    req.end();
  });
}

/** Requests per second over `connections` for `seconds` (`each` rewrites each request's path). */
async function throughput(base, path, encoding, each) {
  let done = 0;
  let bad = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const answer = await get(base, each ? each(path) : path, encoding);
        if (answer.status === 200) done++;
        else bad++;
      }
    }),
  );
  return { perSecond: done / ((performance.now() - started) / 1000), bad };
}

/** Bytes of the router's hydration data: the inline scripts that fill `$_TSR`. */
function hydrationBytes(html) {
  let bytes = 0;
  for (const m of html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g))
    if (m[1].includes("$_TSR")) bytes += Buffer.byteLength(m[1]);
  return bytes;
}

const STATIC_SERVER = `
const { createServer } = require("node:http");
const pages = new Map();
process.on("message", (m) => { pages.set(m.key, { body: Buffer.from(m.body, "base64"), headers: m.headers }); process.send("ok"); });
createServer((req, res) => {
  const page = pages.get(req.url.split("?")[0] + " " + (req.headers["accept-encoding"] ?? ""));
  if (!page) { res.statusCode = 404; return res.end(); }
  res.writeHead(200, { ...page.headers, "content-length": page.body.length });
  res.end(page.body);
}).listen(${staticPort}, "127.0.0.1", () => process.send("listening"));
`;

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const verdict = (ok) => (ok ? "MET" : "MISSED");
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

console.log(
  `uncached renders vs a static server, Node ${process.version}; load average ${load()} at the start`,
);
console.log(
  `${renders} sequential renders per page and encoding for CPU; ${connections} connections x ${seconds} s for throughput; page cache off`,
);

for (const scale of scales) {
  const dataDir = mkdtempSync(join(tmpdir(), "portal-bench-renders-"));
  temp.push(dataDir);
  const seedStarted = performance.now();
  execFileSync(process.execPath, ["dist/seed.js", "--scale", String(scale)], {
    cwd: services,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: "ignore",
  });
  const seededMs = performance.now() - seedStarted;
  const svc = start(["dist/server.js"], services, {
    PORT: String(servicesPort),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    CLOCK_START: process.env.CLOCK_START ?? "2026-11-21T10:00:00+08:00",
    RATE_LIMIT_MAX: "100000",
  });
  await waitFor(`http://127.0.0.1:${servicesPort}/readyz`);
  const server = start(["dist/server/main.js"], web, {
    NODE_ENV: "production",
    WEB_PORT: String(webPort),
    HOST: "127.0.0.1",
    API_BASE_URL: `http://127.0.0.1:${servicesPort}`,
    PAGE_CACHE_ENTRIES: "0",
    LOG_LEVEL: "error",
  });
  await waitFor(`http://127.0.0.1:${webPort}/readyz`);
  const statics = spawn(process.execPath, ["-e", STATIC_SERVER], {
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  children.add(statics);
  await new Promise((resolve) => statics.once("message", resolve));
  const base = `http://127.0.0.1:${webPort}`;
  const staticBase = `http://127.0.0.1:${staticPort}`;

  // A render server runs for days; the first few hundred renders after a start are V8 compiling
  // and optimising the render path (home, measured first, took 15 ms a render over its first 100
  // and 9 over the next, about 7 from the 300th). The table is the server as it runs: every page
  // is rendered `warmup` times first, round robin, both encodings. The cold figure is printed too.
  let before = cpuMs(server.pid);
  for (let i = 0; i < 50; i++) await get(base, uniquely(PAGES[0]), "br");
  const coldMs = (cpuMs(server.pid) - before) / 50;
  for (let i = 0; i < warmup * PAGES.length; i++)
    await get(base, uniquely(PAGES[i % PAGES.length]), i % 2 ? "br" : "identity");

  console.log(
    `\n## ${scale}x the seed (seeded in ${(seededMs / 1000).toFixed(1)} s); load average ${load()}\n`,
  );
  console.log(
    `Cold: the first 50 renders of ${PAGES[0]} (br) after the server started, ${coldMs.toFixed(1)} ms of CPU each; then ${warmup} renders of every page before the table.\n`,
  );
  console.log(
    "| page | bytes plain / br | hydration data | CPU ms per render, plain / br (goal <= 10) | renders/s plain / br | static/s plain / br | ratio plain / br (goal >= 5%) |",
  );
  console.log("|---|---:|---:|---|---:|---:|---|");
  for (const path of PAGES) {
    const row = { path, cpu: {}, bytes: {}, rps: {}, sps: {}, status: new Set() };
    for (const encoding of ["identity", "br"]) {
      for (let i = 0; i < 20; i++) await get(base, uniquely(path), encoding);
      before = cpuMs(server.pid);
      let last;
      for (let i = 0; i < renders; i++) {
        last = await get(base, uniquely(path), encoding);
        row.status.add(last.status);
      }
      row.cpu[encoding] = (cpuMs(server.pid) - before) / renders;
      row.bytes[encoding] = last.body.length;
      if (encoding === "identity") row.hydration = hydrationBytes(last.body.toString("utf8"));
      const headers = { "content-type": last.headers["content-type"] ?? "text/html" };
      if (last.headers["content-encoding"])
        headers["content-encoding"] = last.headers["content-encoding"];
      statics.send({ key: `${path} ${encoding}`, body: last.body.toString("base64"), headers });
      await new Promise((resolve) => statics.once("message", resolve));
      row.rps[encoding] = (await throughput(base, path, encoding, uniquely)).perSecond;
      row.sps[encoding] = (await throughput(staticBase, path, encoding)).perSecond;
    }
    const ratio = (e) => row.rps[e] / row.sps[e];
    const cpuOk = row.cpu.identity <= GOALS.cpuMs && row.cpu.br <= GOALS.cpuMs;
    const ratioOk = ratio("identity") >= GOALS.throughput && ratio("br") >= GOALS.throughput;
    const status = [...row.status].join(",");
    console.log(
      `| ${path}${status === "200" ? "" : ` (status ${status})`} | ${kb(row.bytes.identity)} / ${kb(row.bytes.br)} | ${kb(row.hydration)} | ${row.cpu.identity.toFixed(1)} / ${row.cpu.br.toFixed(1)} ${verdict(cpuOk)} | ${row.rps.identity.toFixed(0)} / ${row.rps.br.toFixed(0)} | ${row.sps.identity.toFixed(0)} / ${row.sps.br.toFixed(0)} | ${(ratio("identity") * 100).toFixed(1)}% / ${(ratio("br") * 100).toFixed(1)}% ${verdict(ratioOk)} |`,
    );
  }
  await Promise.all([stop(server), stop(svc), stop(statics)]);
}
console.log(`\nload average ${load()} at the end`);
stopAll();
