// Profiles the server under one scenario: node bench/profile.mjs [bare|get|304] [seconds]
// Writes a .cpuprofile to $PROFILE_DIR (default /tmp/portal-prof) and prints the top self times.
import { fork } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const scenario = process.argv[2] ?? "304";
const seconds = Number(process.argv[3] ?? 8);
const dir = process.env.PROFILE_DIR ?? "/tmp/portal-prof";
const child = fork(fileURLToPath(new URL("./server.mjs", import.meta.url)), {
  execArgv: [
    "--import",
    "tsx",
    "--conditions=@portal/source",
    "--cpu-prof",
    `--cpu-prof-dir=${dir}`,
  ],
});
const info = await new Promise((r) => child.once("message", r));
const url = scenario === "bare" ? info.bare : info.base + info.contentPath;
const headers = scenario === "304" ? { "if-none-match": info.etag } : {};
const result = await autocannon({ url, headers, connections: 100, duration: seconds });
console.log(
  scenario,
  "req/s",
  Math.round(result.requests.average),
  "p99",
  result.latency.p99,
  "statuses",
  JSON.stringify(result.statusCodeStats),
);
child.send("stop");
await new Promise((r) => child.once("exit", r));
// The newest main-thread profile (tsx's loader thread writes a small one beside it).
const { stat } = await import("node:fs/promises");
const files = [];
for (const f of (await readdir(dir)).filter((f) => f.endsWith(".cpuprofile")))
  files.push({ f, s: await stat(join(dir, f)) });
files.sort((a, b) => b.s.mtimeMs - a.s.mtimeMs);
const newest = files.slice(0, 2).sort((a, b) => b.s.size - a.s.size)[0].f;
const profile = JSON.parse(await readFile(join(dir, newest), "utf8"));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = profile.timeDeltas;
// Only the load phase: the last `seconds` of samples (startup, PGlite and Ajv are left out).
const times = [];
let t = profile.startTime;
for (const d of dt) times.push((t += d));
const from = profile.endTime - seconds * 1e6;
profile.samples.forEach((id, i) => {
  if (times[i] < from) return;
  const n = byId.get(id);
  const key = `${n.callFrame.functionName || "(anon)"} ${n.callFrame.url.split("node_modules/").at(-1).replace("file:///work/main/", "")}:${n.callFrame.lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);
self.delete("(idle) :-1");
const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40);
for (const [k, v] of top) console.log(((100 * v) / total).toFixed(1).padStart(5), k);
