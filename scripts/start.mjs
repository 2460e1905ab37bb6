#!/usr/bin/env node
// `npm start`: installs what is missing, builds, and runs the whole portal on this machine:
// the services (embedded PGlite, seeded content) on :4000 and the web app on :3000.
// PORT and WEB_PORT override the ports; every other service setting is in apps/services/README.md.
import { execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: "1" };
const servicesPort = env.PORT ?? "4000";
const webPort = env.WEB_PORT ?? "3000";
// With other ports, the web build points at the services' port and the services allow the web's.
env.VITE_API_BASE_URL ??= `http://localhost:${servicesPort}`;
env.CORS_ORIGIN ??= `http://localhost:${webPort},http://127.0.0.1:${webPort}`;

execFileSync("bash", [join(root, "scripts/setup.sh")], { stdio: "inherit", env });

const apps = [
  {
    name: "services",
    dir: "apps/services",
    script: "start",
    url: `http://localhost:${servicesPort}`,
    env: { PORT: servicesPort },
  },
  {
    name: "web",
    dir: "apps/web",
    script: "serve",
    url: `http://localhost:${webPort}`,
    env: { PORT: webPort },
  },
].filter((app) => existsSync(join(root, app.dir, "package.json")));

const filters = apps.map((app) => `--filter=./${app.dir}...`);
execFileSync("pnpm", ["exec", "turbo", "run", "build", ...filters], {
  cwd: root,
  stdio: "inherit",
  env,
});

const children = apps.map((app) => {
  const child = spawn("pnpm", ["--dir", app.dir, "run", app.script], {
    cwd: root,
    stdio: "inherit",
    env: { ...env, ...app.env },
  });
  child.on("exit", (code) => {
    console.error(`${app.name} stopped (exit ${code ?? "signal"}); stopping the portal`);
    shutdown(code ?? 1);
  });
  return child;
});

console.log("\nPortal is starting:");
for (const app of apps) console.log(`  ${app.name.padEnd(9)} ${app.url}`);
if (apps.some((app) => app.name === "services")) {
  console.log(`  api docs  http://localhost:${servicesPort}/docs`);
}
console.log("Press Ctrl+C to stop.\n");

let stopping = false;
function shutdown(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 500).unref();
}
process.on("SIGINT", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));
