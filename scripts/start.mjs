#!/usr/bin/env node
// `npm start`: installs what is missing, builds, and runs the whole portal on this machine:
// the services (embedded PGlite, seeded content) on :4000 and the web app on :3000.
//
//   PORT      the services' port (default 4000)
//   WEB_PORT  the web server's port (default 3000)
//   every other setting goes through to the servers: apps/services/README.md and
//   apps/web/README.md (e.g. DATA_DIR, DATABASE_URL, HOST).
//
// Before building, it checks that both ports are free and names the process holding one. It
// runs each server from a copy of its build (apps/<app>/.serve/, at the same depth as dist/),
// so a build that a test starts meanwhile (turbo rewrites dist/) never replaces files a running
// portal serves. Each server runs in its own process group; on Ctrl+C or SIGTERM both groups are
// stopped (SIGTERM, then SIGKILL after 5 s) and it exits 0; when one server exits by itself the
// other is stopped and it exits 1. scripts/start.test.mjs checks all of this.
import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { listener, portFree } from "./processes.mjs";

const root = new URL("..", import.meta.url).pathname;
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: "1" };
const servicesPort = Number(env.PORT ?? 4000);
const webPort = Number(env.WEB_PORT ?? 3000);
const STOP_GRACE_MS = 5000;

// With other ports, the web server (at run time, no rebuild) points at the services' port and
// the services allow the web's origin.
env.API_BASE_URL ??= `http://localhost:${servicesPort}`;
env.CORS_ORIGIN ??= `http://localhost:${webPort},http://127.0.0.1:${webPort}`;

const apps = [
  {
    name: "services",
    dir: "apps/services",
    main: "server.js",
    url: `http://localhost:${servicesPort}`,
    port: servicesPort,
    portSetting: "PORT",
    env: { PORT: String(servicesPort) },
  },
  {
    name: "web",
    dir: "apps/web",
    main: "server/main.js",
    url: `http://localhost:${webPort}`,
    port: webPort,
    portSetting: "WEB_PORT",
    env: { PORT: String(webPort), WEB_PORT: String(webPort) },
  },
].filter((app) => existsSync(join(root, app.dir, "package.json")));

// 1. Both ports free, before anything is built.
const taken = [];
for (const app of apps) {
  if (await portFree(app.port)) continue;
  const who = listener(app.port);
  const by = who?.pid ? `pid ${who.pid}: ${who.command}` : (who?.command ?? "another process");
  taken.push(`port ${app.port} (${app.name}, ${app.portSetting}) is taken by ${by}`);
}
if (taken.length > 0) {
  console.error(
    `npm start: ${taken.join("; ")}.\nStop it, or choose other ports: PORT=4100 WEB_PORT=3100 npm start`,
  );
  process.exit(1);
}

// 2. Install and build.
execFileSync("bash", [join(root, "scripts/setup.sh")], { stdio: "inherit", env });
const filters = apps.map((app) => `--filter=./${app.dir}...`);
execFileSync("pnpm", ["exec", "turbo", "run", "build", ...filters, "--output-logs=errors-only"], {
  cwd: root,
  stdio: "inherit",
  env,
});

// 3. Run each server from its own copy of the build.
for (const app of apps) {
  const serve = join(root, app.dir, ".serve");
  rmSync(serve, { recursive: true, force: true });
  cpSync(join(root, app.dir, "dist"), serve, { recursive: true });
}

let stopping = false;
const children = apps.map((app) => {
  const child = spawn(process.execPath, [join(".serve", app.main)], {
    cwd: join(root, app.dir),
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...env, ...app.env },
    detached: true, // its own process group: stopped as one, with anything it starts
  });
  child.on("exit", (code, signal) => {
    child.exited = true;
    if (stopping) return;
    console.error(
      `\nnpm start: ${app.name} stopped (${signal ?? `exit ${code}`}); stopping the portal`,
    );
    shutdown(1);
  });
  return child;
});

console.log("\nPortal is starting:");
for (const app of apps) console.log(`  ${app.name.padEnd(9)} ${app.url}`);
if (apps.some((app) => app.name === "services")) {
  console.log(`  api docs  http://localhost:${servicesPort}/docs`);
}
console.log("Press Ctrl+C to stop.\n");

/** Signals every process group still running. */
function signalAll(signal) {
  for (const child of children) {
    if (child.exited) continue;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  }
}

/** Stops both servers (SIGTERM, SIGKILL after STOP_GRACE_MS), then exits with code. */
function shutdown(code) {
  if (stopping) return;
  stopping = true;
  signalAll("SIGTERM");
  const killer = setTimeout(() => signalAll("SIGKILL"), STOP_GRACE_MS);
  Promise.all(
    children.map((child) =>
      child.exited ? undefined : new Promise((resolve) => child.once("exit", resolve)),
    ),
  ).then(() => {
    clearTimeout(killer);
    process.exit(code);
  });
}
process.on("SIGINT", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));
process.on("SIGHUP", () => shutdown(0));
// Last resort (an exception in this script): no server outlives it.
process.on("exit", () => signalAll("SIGKILL"));
