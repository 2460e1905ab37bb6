// Fast checks of scripts/release.mjs (node --test scripts/release.test.mjs; npm test runs it):
// each way a release cannot publish fails in seconds naming its cause, and the NPM_TOKEN it
// writes to a temporary npmrc is gone afterwards on every way out, a signal included. No
// registry is needed: the failures are made with local sockets. scripts/release-registry.mjs
// publishes for real to a private Verdaccio.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";

const root = new URL("..", import.meta.url).pathname;
const TOKEN = "npm_release-test-secret-0123456789";

/** Every file under dir (recursively). */
const filesUnder = (dir) =>
  readdirSync(dir, { recursive: true })
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile());

/**
 * Runs release.mjs with the registry and NPM_TOKEN, its TMPDIR a fresh folder; answers its exit,
 * output and what it left in that folder (onSpawn sees the child and the folder while it runs).
 */
async function release(registry, { argv = ["--dry-run"], extraEnv = {}, onSpawn } = {}) {
  const tmp = mkdtempSync(join(tmpdir(), "portal-release-test-"));
  const child = spawn(process.execPath, [join(root, "scripts/release.mjs"), ...argv], {
    cwd: root,
    env: { ...process.env, PORTAL_REGISTRY: registry, NPM_TOKEN: TOKEN, TMPDIR: tmp, ...extraEnv },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  onSpawn?.(child, tmp);
  const [code, signal] = await new Promise((resolve) =>
    child.on("close", (c, s) => resolve([c, s])),
  );
  const left = filesUnder(tmp);
  const withToken = left.filter((f) => readFileSync(f, "utf8").includes(TOKEN));
  rmSync(tmp, { recursive: true, force: true });
  return { code, signal, output, left, withToken };
}

/** A TCP port with nothing listening on it. */
async function closedPort() {
  const server = createServer().listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const { port } = server.address();
  await new Promise((r) => server.close(r));
  return port;
}

test("no manifest names a registry: the release's one setting decides", () => {
  for (const dir of readdirSync(join(root, "packages"))) {
    const manifest = JSON.parse(readFileSync(join(root, "packages", dir, "package.json"), "utf8"));
    assert.equal(manifest.publishConfig?.registry, undefined, `${manifest.name} publishConfig`);
  }
});

test("pnpm changeset offers the publishable packages only (not @portal/openapi, the apps)", async () => {
  const cli = createRequire(createRequire(join(root, "package.json")).resolve("@changesets/cli"));
  const { getPackages } = cli("@manypkg/get-packages");
  const { read } = cli("@changesets/config");
  const { shouldSkipPackage } = cli("@changesets/should-skip-package");
  const packages = await getPackages(root);
  const config = await read(root, packages);
  const offered = packages.packages
    .filter(
      (pkg) =>
        !shouldSkipPackage(pkg, {
          ignore: config.ignore,
          allowPrivatePackages: config.privatePackages.version,
        }),
    )
    .map((pkg) => pkg.packageJson.name)
    .sort();
  const publishable = readdirSync(join(root, "packages"))
    .map((d) => JSON.parse(readFileSync(join(root, "packages", d, "package.json"), "utf8")))
    .filter((m) => !m.private)
    .map((m) => m.name)
    .sort();
  assert.deepEqual(offered, publishable);
});

test("a host that does not resolve: DNS named, at once, no token left", async () => {
  const started = Date.now();
  const r = await release("https://npm.suria.invalid/");
  assert.equal(r.code, 1);
  assert.match(r.output, /DNS: the registry's host npm\.suria\.invalid does not resolve/);
  assert.match(r.output, /from PORTAL_REGISTRY/);
  assert.ok(Date.now() - started < 10_000, "fails within 10 s");
  assert.deepEqual(r.withToken, []);
  assert.deepEqual(r.left, []);
});

test("nothing listening: unreachable (ECONNREFUSED), no token left", async () => {
  const r = await release(`http://127.0.0.1:${await closedPort()}/`);
  assert.equal(r.code, 1);
  assert.match(r.output, /unreachable: .* ECONNREFUSED/);
  assert.deepEqual(r.left, []);
});

test("a registry that never answers: unreachable after the timeout, no token left", async () => {
  const server = createServer(() => {}).listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  try {
    const r = await release(`http://127.0.0.1:${server.address().port}/`, {
      extraEnv: { PORTAL_REGISTRY_TIMEOUT_MS: "1000" },
    });
    assert.equal(r.code, 1);
    assert.match(r.output, /unreachable: .*no answer within 1 s/);
    assert.deepEqual(r.left, []);
  } finally {
    server.close();
  }
});

test("a registry that refuses the token: not logged in (E401), no token left", async () => {
  const server = createHttpServer((request, response) => {
    response.writeHead(request.url === "/-/ping" ? 200 : 401, {
      "content-type": "application/json",
    });
    response.end(JSON.stringify({ error: "unauthorized" }));
  }).listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  try {
    for (const argv of [["--dry-run"], []]) {
      const r = await release(`http://127.0.0.1:${server.address().port}/`, { argv });
      assert.equal(r.code, 1, r.output);
      assert.match(
        r.output,
        /not logged in to http:\/\/127\.0\.0\.1:\d+\/ \(from PORTAL_REGISTRY\): E401/,
      );
      assert.deepEqual(r.left, []);
    }
  } finally {
    server.close();
  }
});

test("SIGTERM while the registry is being asked: the token's npmrc is removed", async () => {
  const server = createServer(() => {}).listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  try {
    let sawToken = false;
    const r = await release(`http://127.0.0.1:${server.address().port}/`, {
      extraEnv: { PORTAL_REGISTRY_TIMEOUT_MS: "30000" },
      onSpawn: (child, tmp) => {
        const poll = setInterval(() => {
          if (filesUnder(tmp).some((f) => readFileSync(f, "utf8").includes(TOKEN))) {
            sawToken = true;
            clearInterval(poll);
            setTimeout(() => child.kill("SIGTERM"), 200);
          }
        }, 50);
        child.on("close", () => clearInterval(poll));
      },
    });
    assert.ok(sawToken, "the token's npmrc was written while it ran");
    assert.equal(r.signal, "SIGTERM");
    assert.match(r.output, /release stopped by SIGTERM; files restored, credentials removed/);
    assert.deepEqual(r.withToken, []);
    assert.deepEqual(r.left, []);
  } finally {
    server.close();
  }
});
