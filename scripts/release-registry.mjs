#!/usr/bin/env node
// The release, for real, against a private registry on this machine (npm test's release step):
//   1. starts Verdaccio (scripts/registry.mjs; REGISTRY_PORT, default 4873) where the @portal
//      scope needs a token to publish and to install, and adds a user (its token: NPM_TOKEN);
//   2. clones this repository's HEAD into a temporary folder (tags and the Release commit stay
//      there) and installs it offline from the pnpm store;
//   3. there: `pnpm release --dry-run`, then `pnpm release`, the real command, with
//      PORTAL_REGISTRY=<Verdaccio> and NPM_TOKEN; checks the Release commit, one tag per package
//      and every version on the registry;
//   4. the dry run again on the commit before the release: it must fail with "version exists";
//   5. a consumer project installs @portal/lead-flow (and its @portal dependencies) from the
//      registry with a token in its .npmrc and imports it; the same install without the token is
//      refused (E401).
// Prints each task's seconds. Exits non-zero on any failure; leaves nothing behind.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import assert from "node:assert/strict";
import { startRegistry } from "./registry.mjs";

const root = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
const port = Number(process.env.REGISTRY_PORT) || 4873;
const work = mkdtempSync(join(tmpdir(), "portal-release-registry-"));
const clone = join(work, "clone");
const times = [];
let lapStarted = Date.now();
const lap = (task) => {
  times.push({ task, seconds: (Date.now() - lapStarted) / 1000 });
  lapStarted = Date.now();
};
const env = {
  ...process.env,
  TURBO_TELEMETRY_DISABLED: "1",
  GIT_AUTHOR_NAME: "Release test",
  GIT_AUTHOR_EMAIL: "release-test@suria.example",
  GIT_COMMITTER_NAME: "Release test",
  GIT_COMMITTER_EMAIL: "release-test@suria.example",
};
const step = (text) => console.log(`\n[release-registry] ${text}`);
function run(cmd, argv, options = {}) {
  console.log(`$ ${cmd} ${argv.join(" ")}`);
  return execFileSync(cmd, argv, { stdio: "inherit", env, ...options });
}
/** Runs a command expected to fail; answers its output. */
function fails(cmd, argv, options = {}) {
  console.log(`$ ${cmd} ${argv.join(" ")}   (must fail)`);
  const r = spawnSync(cmd, argv, { encoding: "utf8", env, ...options });
  const output = `${r.stdout}${r.stderr}`;
  assert.notEqual(r.status, 0, `${cmd} ${argv.join(" ")} succeeded:\n${output}`);
  return output;
}

/** fetch, asked up to three times (a kept-alive socket the registry closed fails with EPIPE). */
async function fetchAgain(url, init) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, init);
    } catch (error) {
      if (attempt === 3) throw error;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

const registry = await startRegistry({ port });
try {
  lap("start Verdaccio, add a user");
  const releaseEnv = { ...env, PORTAL_REGISTRY: registry.url, NPM_TOKEN: registry.token };
  const host = registry.url.replace(/^https?:/, "");

  step(`a clone of HEAD in ${clone}, installed offline`);
  run("git", ["clone", "--quiet", "--no-hardlinks", root, clone]);
  const install = ["install", "--frozen-lockfile", "--reporter=append-only"];
  try {
    run("pnpm", [...install, "--offline"], { cwd: clone, stdio: "ignore" });
  } catch {
    run("pnpm", [...install, "--prefer-offline"], { cwd: clone });
  }
  lap("clone and install");

  step("pnpm release --dry-run against Verdaccio");
  run("pnpm", ["release", "--dry-run"], { cwd: clone, env: releaseEnv });
  lap("release dry run");

  step("pnpm release against Verdaccio (the real command)");
  const before = execFileSync("git", ["rev-parse", "HEAD"], {
    cwd: clone,
    encoding: "utf8",
  }).trim();
  run("pnpm", ["release"], { cwd: clone, env: releaseEnv });
  lap("release");
  const subject = execFileSync("git", ["log", "-1", "--format=%s"], {
    cwd: clone,
    encoding: "utf8",
  });
  assert.match(subject, /^Release: @portal\//, "a Release commit");
  const tags = execFileSync("git", ["tag", "--points-at", "HEAD"], { cwd: clone, encoding: "utf8" })
    .trim()
    .split("\n");
  const versions = {};
  for (const dir of readdirSync(join(clone, "packages"))) {
    const m = JSON.parse(readFileSync(join(clone, "packages", dir, "package.json"), "utf8"));
    if (m.private) continue;
    versions[m.name] = m.version;
    assert.ok(tags.includes(`${m.name}@${m.version}`), `tag ${m.name}@${m.version}`);
    const response = await fetchAgain(`${registry.url}${m.name.replace("/", "%2f")}`, {
      headers: { authorization: `Bearer ${registry.token}` },
    });
    assert.equal(response.status, 200, `${m.name} on the registry`);
    assert.ok(
      (await response.json()).versions[m.version],
      `${m.name}@${m.version} on the registry`,
    );
  }
  console.log(`on the registry, tagged: ${tags.join(", ")}`);

  step("the dry run on the commit before the release: those versions exist now");
  run("git", ["checkout", "--quiet", before], { cwd: clone });
  const exists = fails("pnpm", ["release", "--dry-run"], { cwd: clone, env: releaseEnv });
  assert.match(exists, /version exists: @portal\/[\w-]+@\d+\.\d+\.\d+ is already on/);
  lap("dry run again: version exists");

  step("a consumer installs @portal/lead-flow from the registry with a token");
  const consumer = join(work, "consumer");
  const project = (dir, token) => {
    execFileSync("mkdir", ["-p", dir]);
    const lines = [`@portal:registry=${registry.url}`, "fund=false", "audit=false"];
    if (token) lines.push(`${host}:_authToken=${token}`);
    writeFileSync(join(dir, ".npmrc"), `${lines.join("\n")}\n`);
    writeFileSync(
      join(dir, "package.json"),
      JSON.stringify({
        name: "release-consumer",
        private: true,
        type: "module",
        dependencies: { "@portal/lead-flow": `^${versions["@portal/lead-flow"]}` },
      }),
    );
  };
  project(consumer, registry.token);
  run(
    "npm",
    ["install", "--loglevel=error", "--fetch-retries=0", "--cache", join(work, "npm-cache")],
    {
      cwd: consumer,
    },
  );
  run(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      "const m = await import('@portal/lead-flow'); if (typeof m.createLeadFlow !== 'function') process.exit(1); console.log('@portal/lead-flow imports: createLeadFlow');",
    ],
    { cwd: consumer },
  );
  lap("consumer install with a token");

  step("the same install without a token is refused");
  const anonymous = join(work, "anonymous");
  project(anonymous);
  // Its own empty npm cache: npm would otherwise take the packages the first install cached.
  const refused = fails(
    "npm",
    ["install", "--fetch-retries=0", "--cache", join(work, "npm-cache-anonymous")],
    {
      cwd: anonymous,
    },
  );
  assert.match(refused, /E401|authorization required/);
  console.log(refused.split("\n").find((l) => /E401|authoriz/.test(l)));
  lap("consumer install without a token: refused");
} finally {
  await registry.stop();
  rmSync(work, { recursive: true, force: true });
}
console.table(times);
console.log(
  `release to a private registry: ${times.reduce((s, t) => s + t.seconds, 0).toFixed(0)} s in all`,
);
