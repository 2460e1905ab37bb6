#!/usr/bin/env node
// Clone-to-first-page time: clones this repository's HEAD into a temporary folder, runs
// `npm start` there (PORT 4320, WEB_PORT 3320 unless set; an empty data folder), and prints how
// long it took until the portal's first page answered 200, split into clone, install + build, and
// servers up. Then stops it and removes the clone. The pnpm store and npm's cache are whatever
// this machine has (a developer's machine: warm); turbo's cache is the clone's own (empty), so
// everything is built. The goal is under 2 minutes on two cores.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const servicesPort = process.env.PORT ?? "4320";
const webPort = process.env.WEB_PORT ?? "3320";
const work = mkdtempSync(join(tmpdir(), "portal-first-page-"));
const clone = join(work, "portal");
const started = Date.now();
const seconds = (from) => ((Date.now() - from) / 1000).toFixed(1);

const status = (port) =>
  new Promise((resolve) => {
    const req = request({ host: "localhost", port, path: "/", timeout: 5000 }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on("error", () => resolve(0));
    req.on("timeout", () => req.destroy());
    req.end();
  });

execFileSync("git", ["clone", "--quiet", root, clone], { stdio: "inherit" });
const cloned = Date.now();
const child = spawn("npm", ["start"], {
  cwd: clone,
  env: { ...process.env, PORT: servicesPort, WEB_PORT: webPort, DATA_DIR: join(work, "data") },
  stdio: ["ignore", "pipe", "inherit"],
  detached: true,
});
let output = "";
let built;
child.stdout.on("data", (d) => {
  output += d;
  if (!built && output.includes("Portal is starting")) built = Date.now();
});
let code = 1;
try {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited ${child.exitCode}:\n${output}`);
    if ((await status(Number(webPort))) === 200) break;
    if (Date.now() - started > 15 * 60_000) throw new Error("no first page in 15 minutes");
    await new Promise((r) => setTimeout(r, 250));
  }
  const total = seconds(started);
  console.table([
    { phase: "git clone", seconds: Number(((cloned - started) / 1000).toFixed(1)) },
    {
      phase: "npm start: install and build",
      seconds: Number(((built - cloned) / 1000).toFixed(1)),
    },
    { phase: "npm start: servers up, first page", seconds: Number(seconds(built)) },
  ]);
  console.log(`clone to first page: ${total} s (goal: under 120 s on two cores)`);
  code = 0;
} finally {
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    // gone
  }
  await new Promise((r) => (child.exitCode !== null ? r() : child.once("exit", r)));
  rmSync(work, { recursive: true, force: true });
}
process.exitCode = code;
