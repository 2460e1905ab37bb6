// `npm start` cleans up after itself (node --test scripts/start.test.mjs; npm test runs it).
// On free ports and a temporary data folder, with the portal built (turbo's cache):
//   1. starts it and waits for the first page;
//   2. a second start on the same ports fails at once, naming the port and the process;
//   3. a precompressed asset removed under the running web server: that request ends, the
//      server stays up;
//   4. kills the web server (SIGKILL): start.mjs stops the services and exits 1, and no process
//      it started is left, both ports free;
//   5. starts again at once (prints the seconds), stops it with SIGTERM: exit 0, nothing left.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, unlinkSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { alive, descendants, listener, portFree } from "./processes.mjs";

const root = new URL("..", import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), "portal-start-test-"));
const servicesPort = Number(process.env.START_TEST_PORT) || 4310;
const webPort = Number(process.env.START_TEST_WEB_PORT) || 3310;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Starts `npm start`'s script in its own process group; collects its output. */
function start() {
  const child = spawn(process.execPath, [join(root, "scripts/start.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(servicesPort),
      WEB_PORT: String(webPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.output = "";
  child.stdout.on("data", (d) => (child.output += d));
  child.stderr.on("data", (d) => (child.output += d));
  child.done = new Promise((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  return child;
}

/** GET on 127.0.0.1 (headers optional); answers the status, or the error's code. */
function get(port, path = "/", headers = {}) {
  return new Promise((resolve) => {
    const req = request({ host: "localhost", port, path, headers, timeout: 10_000 }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode));
      res.on("error", (e) => resolve(e.code ?? "aborted"));
    });
    req.on("error", (e) => resolve(e.code ?? e.message));
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.end();
  });
}

/** Waits for the first page (200) while the child runs. */
async function firstPage(child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`npm start exited ${child.exitCode}:\n${child.output}`);
    if ((await get(webPort)) === 200 && (await get(servicesPort, "/health/ready")) === 200) return;
    await sleep(500);
  }
  throw new Error(`no first page within ${timeoutMs / 1000} s:\n${child.output}`);
}

/** Waits until none of the pids runs and both ports are free; answers what is left. */
async function nothingLeft(pids, ms = 15_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const left = pids.filter(alive);
    const ports = [];
    for (const port of [servicesPort, webPort]) if (!(await portFree(port))) ports.push(port);
    if ((left.length === 0 && ports.length === 0) || Date.now() > deadline) return { left, ports };
    await sleep(200);
  }
}

const running = new Set();
test.after(() => {
  for (const child of running) {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // gone
    }
    for (const pid of descendants(child.pid)) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // gone
      }
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});

test(
  "npm start stops everything it started, and starts again at once",
  { timeout: 900_000 },
  async () => {
    for (const port of [servicesPort, webPort])
      assert.ok(
        await portFree(port),
        `port ${port} is free before the test (START_TEST_PORT, START_TEST_WEB_PORT)`,
      );

    const first = start();
    running.add(first);
    let t = Date.now();
    await firstPage(first, 600_000);
    console.log(
      `first page after ${((Date.now() - t) / 1000).toFixed(1)} s (built by turbo if needed)`,
    );
    const tree = [first.pid, ...descendants(first.pid)];
    const web = listener(webPort);
    const services = listener(servicesPort);
    assert.ok(
      web?.pid && tree.includes(web.pid),
      `the web server (${web?.pid}) is under npm start`,
    );
    assert.ok(services?.pid && tree.includes(services.pid), "the services are under npm start");

    // A second start on the same ports: refused before building, naming the port and its process.
    const second = start();
    running.add(second);
    const refused = await second.done;
    assert.equal(refused.code, 1);
    assert.match(
      second.output,
      new RegExp(`port ${servicesPort} \\(services, PORT\\) is taken by pid ${services.pid}: `),
    );
    assert.match(
      second.output,
      new RegExp(`port ${webPort} \\(web, WEB_PORT\\) is taken by pid ${web.pid}: `),
    );

    // A precompressed asset gone from under the running web server.
    const assets = join(root, "apps/web/.serve/client/assets");
    const br = readdirSync(assets).find((f) => f.endsWith(".js.br"));
    assert.ok(br, "a .js.br asset is served");
    unlinkSync(join(assets, br));
    const missing = await get(webPort, `/assets/${br.slice(0, -3)}`, { "accept-encoding": "br" });
    assert.notEqual(missing, 200, "the removed file is not served as if present");
    assert.ok(alive(web.pid), "the web server survived the missing file");
    assert.equal(await get(webPort), 200, "and still renders pages");

    // The web server dies: npm start stops the services and exits non-zero.
    process.kill(web.pid, "SIGKILL");
    const died = await first.done;
    assert.equal(died.code, 1, first.output);
    assert.match(first.output, /web stopped \(SIGKILL\); stopping the portal/);
    const after = await nothingLeft(tree);
    assert.deepEqual(after, { left: [], ports: [] }, "no process of the portal left, ports free");

    // Again: no data-folder lock, no build: up at once; SIGTERM stops it cleanly.
    const again = start();
    running.add(again);
    t = Date.now();
    await firstPage(again, 600_000); // at once unless an input changed since (then turbo builds)
    console.log(`started again: first page after ${((Date.now() - t) / 1000).toFixed(1)} s`);
    const tree2 = [again.pid, ...descendants(again.pid)];
    process.kill(again.pid, "SIGTERM");
    const stopped = await again.done;
    assert.equal(stopped.code, 0, again.output);
    assert.deepEqual(await nothingLeft(tree2), { left: [], ports: [] });
  },
);
