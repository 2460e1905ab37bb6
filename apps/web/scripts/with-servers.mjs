// Runs a command (the E2E suite, the budgets) against the portal and the services. Whatever is
// already answering is reused (e.g. after `pnpm start`); otherwise this builds and starts it:
//   services: apps/services built with tsup, `node dist/server.js` on :4000, data in a temp folder;
//   portal:   `vite build`, then `vite preview` on :3000.
// Usage: node scripts/with-servers.mjs <command> [args...]   (exit code = the command's)
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const web = join(dirname(fileURLToPath(import.meta.url)), "..");
const services = join(web, "..", "services");
const servicesPort = process.env.SERVICES_PORT ?? "4000";
const webPort = process.env.WEB_PORT ?? "3000";
const servicesUrl = `http://localhost:${servicesPort}`;
const webUrl = `http://localhost:${webPort}`;
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
function stop() {
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
}
process.on("SIGINT", () => {
  stop();
  process.exit(130);
});

const pnpm = process.platform === "win32" ? "pnpm.cmd" : "pnpm";
try {
  if (!(await answers(`${servicesUrl}/config/`))) {
    console.log(`starting the services on ${servicesUrl}`);
    execFileSync(pnpm, ["--filter", "@portal/services...", "build"], {
      cwd: web,
      stdio: "inherit",
    });
    const dataDir = mkdtempSync(join(tmpdir(), "portal-e2e-data-"));
    tempDirs.push(dataDir);
    start("services", process.execPath, ["dist/server.js"], {
      cwd: services,
      env: {
        ...process.env,
        PORT: servicesPort,
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        CORS_ORIGIN: `${webUrl},http://127.0.0.1:${webPort}`,
        LOG_LEVEL: "warn",
      },
    });
    await waitFor(`${servicesUrl}/config/`, "services");
  }
  if (!(await answers(webUrl))) {
    console.log(`building and serving the portal on ${webUrl}`);
    const env = { ...process.env, VITE_API_BASE_URL: process.env.VITE_API_BASE_URL ?? servicesUrl };
    execFileSync(pnpm, ["exec", "vite", "build"], { cwd: web, stdio: "inherit", env });
    start("portal", pnpm, ["exec", "vite", "preview", "--port", webPort, "--strictPort"], {
      cwd: web,
      env,
    });
    await waitFor(webUrl, "portal");
  }
  const [command, ...args] = process.argv.slice(2);
  const child = spawn(command, args, {
    cwd: web,
    stdio: "inherit",
    env: { ...process.env, E2E_BASE_URL: webUrl, BUDGET_URL: webUrl },
  });
  const code = await new Promise((resolve) => child.on("exit", (c) => resolve(c ?? 1)));
  stop();
  process.exit(code);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  stop();
  process.exit(1);
}
