// Runs a command (the E2E suite, the budgets) against the portal and the services. Whatever is
// already answering is reused (e.g. after `pnpm start`); otherwise this builds and starts it:
//   services: apps/services built with tsup, `node dist/server.js` on :4000, data in a temp folder;
//   portal:   `vite build`, then the render server `node dist/server/main.js` on :3000.
// It always starts a second services instance (same build, its own temp data folder,
// CONTACT_ENABLED=false) on SERVICES_CONTACT_OFF_PORT (default: services port + 1) and a second
// portal in front of it on WEB_CONTACT_OFF_PORT (default: web port + 1), unless
// E2E_CONTACT_OFF_BASE_URL already names one, and passes its URL to the command as
// E2E_CONTACT_OFF_BASE_URL (the contact-us "hidden when off" E2E test).
// Services it starts run with CLOCK_START (default 2026-11-21T10:00:00+08:00) so dated prices are
// tested on a known day.
// Usage: node scripts/with-servers.mjs <command> [args...]   (exit code = the command's)
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const web = join(dirname(fileURLToPath(import.meta.url)), "..");
const services = join(web, "..", "services");
const servicesPort = process.env.SERVICES_PORT ?? "4000";
const webPort = process.env.WEB_PORT ?? "3000";
const servicesUrl = `http://localhost:${servicesPort}`;
const webUrl = `http://localhost:${webPort}`;
const contactOffPort = process.env.SERVICES_CONTACT_OFF_PORT ?? String(Number(servicesPort) + 1);
const webContactOffPort = process.env.WEB_CONTACT_OFF_PORT ?? String(Number(webPort) + 1);
let contactOffWebUrl = process.env.E2E_CONTACT_OFF_BASE_URL;
const children = [];
const tempDirs = [];

async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return response.ok;
  } catch {
    return false;
  }
}

async function waitFor(url, name, seconds = 120) {
  for (let i = 0; i < seconds * 2; i++) {
    if (await answers(url)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${name} did not answer at ${url} within ${seconds} s`);
}

function start(name, command, args, options) {
  const child = spawn(command, args, { stdio: ["ignore", "inherit", "inherit"], ...options });
  child.on("exit", (code) => {
    if (!stopping) console.error(`${name} exited early (${code})`);
  });
  children.push(child);
}

let stopping = false;
/**
 * Stops the servers, then removes their data folders: after they exit (at most 10 s), not under
 * them. The services close their database on SIGTERM, and pg-boss's timer logged "PGlite is
 * closed" when the folder went first.
 */
async function stop() {
  stopping = true;
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  const exited = running.map((child) => new Promise((resolve) => child.once("exit", resolve)));
  for (const child of running) child.kill("SIGTERM");
  await Promise.race([Promise.all(exited), new Promise((resolve) => setTimeout(resolve, 10_000))]);
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
}
// Ctrl-C, and a `kill` or a CI timeout: the servers go with the script.
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
]) {
  process.on(signal, () => void stop().then(() => process.exit(code)));
}

const pnpm = process.platform === "win32" ? "pnpm.cmd" : "pnpm";

function startServices(name, port, extraEnv = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), "portal-e2e-data-"));
  tempDirs.push(dataDir);
  start(name, process.execPath, ["dist/server.js"], {
    cwd: services,
    env: {
      ...process.env,
      PORT: port,
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      CORS_ORIGIN: `${webUrl},http://127.0.0.1:${webPort},http://localhost:${webContactOffPort}`,
      LOG_LEVEL: "warn",
      // Dated content (campaign prices, free installation until 31 December 2026) is tested on a
      // known day: the services' clock starts on 21 November 2026, 10:00 in Malaysia.
      CLOCK_START: process.env.CLOCK_START ?? "2026-11-21T10:00:00+08:00",
      // Every journey of the suite runs from one address within a few minutes, and the default of
      // 30 offer lookups a minute per address was used up by the fifth journey (429 on
      // sbb-offers): the browser tests are not about the limiter, which the services' own tests
      // cover at its real value.
      RATE_LIMIT_MAX: process.env.RATE_LIMIT_MAX ?? "300",
      ...extraEnv,
    },
  });
}

function startWeb(name, port, apiBaseUrl) {
  start(name, process.execPath, ["dist/server/main.js"], {
    cwd: web,
    env: { ...process.env, WEB_PORT: port, API_BASE_URL: apiBaseUrl, LOG_LEVEL: "warn" },
  });
}

function buildServices() {
  execFileSync(pnpm, ["--filter", "@portal/services...", "build"], { cwd: web, stdio: "inherit" });
}

try {
  if (!(await answers(`${servicesUrl}/config/`))) {
    console.log(`starting the services on ${servicesUrl}`);
    buildServices();
    startServices("services", servicesPort);
    await waitFor(`${servicesUrl}/config/`, "services");
  }
  if (!(await answers(`${webUrl}/healthz`))) {
    console.log(`building and serving the portal on ${webUrl}`);
    execFileSync(pnpm, ["exec", "vite", "build"], { cwd: web, stdio: "inherit" });
    startWeb("portal", webPort, servicesUrl);
    await waitFor(`${webUrl}/healthz`, "portal");
  }
  if (!contactOffWebUrl) {
    const contactOffUrl = `http://localhost:${contactOffPort}`;
    contactOffWebUrl = `http://localhost:${webContactOffPort}`;
    for (const url of [`${contactOffUrl}/config/`, `${contactOffWebUrl}/healthz`]) {
      if (await answers(url))
        throw new Error(`${url} is taken; set SERVICES_CONTACT_OFF_PORT / WEB_CONTACT_OFF_PORT`);
    }
    console.log(`starting the services with contact-us off on ${contactOffUrl}`);
    if (!existsSync(join(services, "dist", "server.js"))) buildServices();
    startServices("services (contact off)", contactOffPort, { CONTACT_ENABLED: "false" });
    await waitFor(`${contactOffUrl}/config/`, "services (contact off)");
    startWeb("portal (contact off)", webContactOffPort, contactOffUrl);
    await waitFor(`${contactOffWebUrl}/healthz`, "portal (contact off)");
  }
  const [command, ...args] = process.argv.slice(2);
  const child = spawn(command, args, {
    cwd: web,
    stdio: "inherit",
    env: {
      ...process.env,
      E2E_BASE_URL: webUrl,
      BUDGET_URL: webUrl,
      E2E_CONTACT_OFF_BASE_URL: contactOffWebUrl,
      E2E_SERVICES_URL: servicesUrl,
    },
  });
  // A command that cannot start (not on PATH) emits "error" and never "exit": stop the servers
  // all the same, or they keep the ports taken for the next run.
  const code = await new Promise((resolve) => {
    child.on("exit", (c) => resolve(c ?? 1));
    child.on("error", (error) => {
      console.error(`cannot run ${command}: ${error.message}`);
      resolve(127);
    });
  });
  await stop();
  process.exit(code);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stop();
  process.exit(1);
}
