#!/usr/bin/env node
// Versions, builds and publishes the @portal/* packages with changesets, to one registry.
//
// The registry is ONE setting: PORTAL_REGISTRY when it is set, otherwise the `@portal:registry`
// line of .npmrc. No manifest names a registry (a publishConfig.registry would win over it), and
// every npm call gets it as --registry and --@portal:registry, so nothing else can redirect it.
//
//   pnpm release --dry-run   what a release would publish, and whether it could: first what a
//                            publish needs from the registry (its host resolves, it answers
//                            within 5 s, `npm whoami` there); then applies the pending changesets
//                            (`changeset version`) to a snapshot, builds, runs test:exports
//                            (publint + attw), packs every package, checks each packed manifest,
//                            asks the registry which versions it already has, runs
//                            `npm publish --dry-run`, prints a table and restores the files it
//                            touched. It fails naming the cause: DNS, unreachable, not logged in,
//                            version exists.
//   pnpm release             the same registry checks, then
//                            1. `changeset version` (versions, CHANGELOG.md, consumes changesets)
//                            2. commits "Release: ..." when anything changed
//                            3. builds every package and checks its exports (publint + attw)
//                            4. packs and publishes each version not yet on the registry, and
//                               tags it (`@portal/ui@0.3.0`)
//   pnpm release --push      the same, then `git push --follow-tags`
//
// Credentials: NPM_TOKEN (written for this run only to a temporary user npmrc, mode 600, removed
// on every way out: success, failure, SIGINT, SIGTERM), or a login in ~/.npmrc
// (`npm login --registry <url>`). scripts/release.test.mjs checks the failures and the token's
// removal; scripts/release-registry.mjs publishes to a private Verdaccio in CI.
import { spawn } from "node:child_process";
import { lookup } from "node:dns/promises";
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { get as httpGet } from "node:http";
import { get as httpsGet } from "node:https";
import { isIP } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const args = new Set(process.argv.slice(2));
const dryRun = args.has("--dry-run");
const push = args.has("--push");
const root = new URL("..", import.meta.url).pathname;
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: "1" };
/** How long the registry has to answer the first request of the checks. */
const REACH_TIMEOUT_MS = Number(process.env.PORTAL_REGISTRY_TIMEOUT_MS) || 5000;

/** The licence every published manifest carries; the text is LICENSE beside it. */
const LICENCE = "SEE LICENSE IN LICENSE";

/** A failure whose message says it all (printed without a stack). */
class ReleaseError extends Error {}

/** Things to undo on any way out; run once, in reverse order. */
const cleanups = [];
function cleanUp() {
  while (cleanups.length > 0) {
    try {
      cleanups.pop()();
    } catch (error) {
      console.error(`clean-up failed: ${error.message}`);
    }
  }
}
/** Child processes running now (ended on SIGINT and SIGTERM). */
const children = new Set();
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.once(signal, () => {
    for (const child of children) child.kill("SIGTERM");
    cleanUp();
    console.error(`release stopped by ${signal}; files restored, credentials removed`);
    process.kill(process.pid, signal);
  });
}

/**
 * The environment less the lowercase npm_config_* that `pnpm release` hands its script (pnpm's
 * own settings, such as link-workspace-packages, which npm warns about). NPM_CONFIG_* stay.
 */
const withoutPnpmConfig = (vars) =>
  Object.fromEntries(Object.entries(vars).filter(([key]) => !key.startsWith("npm_config_")));

/** Runs a command; answers its output (printed as it comes unless quiet). Rejects on failure. */
function exec(cmd, argv, { cwd = root, quiet = false, extraEnv = {} } = {}) {
  if (!quiet) console.log(`$ ${cmd} ${argv.join(" ")}`);
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, {
      cwd,
      env: cmd === "npm" ? withoutPnpmConfig({ ...env, ...extraEnv }) : { ...env, ...extraEnv },
      stdio: ["ignore", quiet ? "pipe" : "inherit", quiet ? "pipe" : "inherit"],
    });
    children.add(child);
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (d) => (stdout += d));
    child.stderr?.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code, signal) => {
      children.delete(child);
      if (code === 0) resolve(stdout);
      else {
        const error = new Error(`${cmd} ${argv.join(" ")} failed (${code ?? signal})`);
        Object.assign(error, { stdout, stderr, code });
        reject(error);
      }
    });
  });
}
const readJson = (path) => JSON.parse(readFileSync(path, "utf8"));

/** The registry and where it came from: PORTAL_REGISTRY, else .npmrc's `@portal:registry`. */
function chooseRegistry() {
  let value = process.env.PORTAL_REGISTRY?.trim();
  let source = "PORTAL_REGISTRY";
  if (!value) {
    const line = readFileSync(join(root, ".npmrc"), "utf8")
      .split("\n")
      .find((l) => l.startsWith("@portal:registry="));
    if (!line)
      throw new ReleaseError("no registry: set PORTAL_REGISTRY or .npmrc's @portal:registry");
    value = line.slice("@portal:registry=".length).trim();
    source = ".npmrc @portal:registry";
  }
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new ReleaseError(`${source} is not a URL: ${value}`);
  }
  if (!/^https?:$/.test(url.protocol)) throw new ReleaseError(`${source} is not http(s): ${value}`);
  return { registry: url.href.endsWith("/") ? url.href : `${url.href}/`, source };
}

/** Every workspace manifest, and which of them are published. */
function workspaces() {
  const all = [];
  for (const group of ["packages", "apps"]) {
    for (const dir of readdirSync(join(root, group))) {
      const path = join(root, group, dir, "package.json");
      if (existsSync(path)) all.push({ dir: join(root, group, dir), rel: `${group}/${dir}`, path });
    }
  }
  all.push({
    dir: join(root, "openapi"),
    rel: "openapi",
    path: join(root, "openapi/package.json"),
  });
  return all.map((w) => ({ ...w, manifest: readJson(w.path) }));
}

/** Problems of one packed manifest (empty when it is fit to publish). */
function checkPacked(pkg, { rel, expectedVersion, privateNames, files }) {
  const problems = [];
  const say = (text) => problems.push(`${pkg.name}: ${text}`);
  if (pkg.version !== expectedVersion)
    say(`version ${pkg.version}, changesets say ${expectedVersion}`);
  if (pkg.license !== LICENCE) say(`license "${pkg.license}" (expected "${LICENCE}")`);
  if (!files.includes("package/LICENSE")) say("no LICENSE file in the tarball");
  if (!files.includes("package/CHANGELOG.md")) say("no CHANGELOG.md in the tarball");
  if (pkg.publishConfig?.registry)
    say(
      `publishConfig.registry (${pkg.publishConfig.registry}) would override the release's registry: remove it`,
    );
  if (pkg.publishConfig?.access !== "restricted") say("publishConfig.access is not restricted");
  if (pkg.repository?.directory !== rel) say(`repository.directory is not ${rel}`);
  for (const field of ["homepage", "bugs", "repository", "engines"])
    if (!pkg[field]) say(`no ${field}`);
  if (!Array.isArray(pkg.keywords) || pkg.keywords.length === 0) say("no keywords");
  if (pkg.devDependencies) say("devDependencies are published");
  for (const field of ["dependencies", "peerDependencies", "optionalDependencies"]) {
    for (const [name, range] of Object.entries(pkg[field] ?? {})) {
      if (privateNames.has(name)) say(`${field} names the private workspace ${name}`);
      if (range.startsWith("workspace:")) say(`${field}.${name} is ${range}`);
      if (name.startsWith("@portal/") && !range.startsWith("^"))
        say(`${field}.${name} is pinned (${range})`);
    }
  }
  return problems;
}

/** Saves files now; answers a function that puts them back (and removes files that were not there). */
function snapshot(paths) {
  const saved = paths.map((path) => [path, existsSync(path) ? readFileSync(path) : undefined]);
  return () => {
    for (const [path, content] of saved) {
      if (content === undefined) {
        if (existsSync(path)) unlinkSync(path);
      } else writeFileSync(path, content);
    }
  };
}

/**
 * With NPM_TOKEN: a temporary user npmrc holding the token for the registry, for this run only
 * (removed by cleanUp on every way out). Answers the environment npm needs.
 */
function credentials(registry) {
  if (!process.env.NPM_TOKEN) return {};
  const dir = mkdtempSync(join(tmpdir(), "portal-npmrc-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, ".npmrc");
  const host = registry.replace(/^https?:/, "");
  writeFileSync(file, `${host}:_authToken=${process.env.NPM_TOKEN}\n`, { mode: 0o600 });
  return { NPM_CONFIG_USERCONFIG: file };
}

/** npm's arguments that pin every request to the registry (the scope line would win otherwise). */
const registryArgs = (registry) => [
  "--registry",
  registry,
  `--@portal:registry=${registry}`,
  "--fetch-retries=0",
  "--fetch-timeout=20000",
];

/** The first line of npm's error that names its code ("npm error code E401" ...). */
function npmReason(error) {
  const lines = `${error.stderr ?? ""}`.split("\n").filter((l) => l.startsWith("npm error"));
  const code = lines.find((l) => l.startsWith("npm error code "))?.slice(15);
  const text = lines.find((l) => !l.startsWith("npm error code ") && l.trim() !== "npm error");
  return [code, text?.replace(/^npm error /, "")].filter(Boolean).join(": ") || error.message;
}

/**
 * What a publish needs from the registry, in the order it can fail: its host resolves, it answers
 * within REACH_TIMEOUT_MS, and npm is logged in there. Throws naming the cause.
 */
async function checkRegistry(registry, source, npmEnv) {
  const url = new URL(registry);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!isIP(host) && host !== "localhost") {
    try {
      await lookup(host);
    } catch (error) {
      throw new ReleaseError(
        `DNS: the registry's host ${host} does not resolve (${error.code}); the registry is ${registry} (from ${source}). ` +
          "Set PORTAL_REGISTRY to a registry this machine reaches.",
      );
    }
  }
  const cause = await ping(new URL("-/ping", registry));
  if (cause) throw new ReleaseError(`unreachable: ${registry} (from ${source}): ${cause}`);
  try {
    const user = await exec("npm", ["whoami", ...registryArgs(registry)], {
      quiet: true,
      extraEnv: npmEnv,
    });
    console.log(`registry ${registry} (from ${source}): logged in as ${user.trim()}`);
  } catch (error) {
    throw new ReleaseError(
      `not logged in to ${registry} (from ${source}): ${npmReason(error)}. ` +
        `Set NPM_TOKEN, or run npm login --registry ${registry}.`,
    );
  }
}

/** GETs a URL: answers undefined when anything answers (any status), else why nothing did. */
function ping(url) {
  const get = url.protocol === "https:" ? httpsGet : httpGet;
  return new Promise((resolve) => {
    const request = get(url, { timeout: REACH_TIMEOUT_MS }, (response) => {
      response.resume();
      resolve(undefined);
    });
    request.on("timeout", () => {
      request.destroy();
      resolve(`no answer within ${REACH_TIMEOUT_MS / 1000} s`);
    });
    request.on("error", (error) => resolve(error.code ?? error.message));
  });
}

/** Whether the registry already has name@version (throws on anything but yes or 404). */
async function published(name, version, registry, npmEnv) {
  try {
    const out = await exec(
      "npm",
      ["view", `${name}@${version}`, "version", "--json", ...registryArgs(registry)],
      {
        quiet: true,
        extraEnv: npmEnv,
      },
    );
    return out.trim() !== "";
  } catch (error) {
    if (/E404/.test(error.stderr ?? "")) return false;
    throw new ReleaseError(
      `could not ask ${registry} about ${name}@${version}: ${npmReason(error)}`,
    );
  }
}

/** Packs a package into dir; answers the tarball's path, its file list and its manifest. */
async function pack(w, dir) {
  const out = await exec("pnpm", ["pack", "--pack-destination", dir, "--json"], {
    cwd: w.dir,
    quiet: true,
  });
  const file = JSON.parse(out).filename;
  const files = (await exec("tar", ["-tzf", file], { quiet: true })).trim().split("\n");
  const manifest = JSON.parse(
    await exec("tar", ["-xzOf", file, "package/package.json"], { quiet: true }),
  );
  return { file, files, manifest };
}

const gitStatus = () => exec("git", ["status", "--porcelain"], { quiet: true });

async function dryRunRelease({ registry, source, npmEnv, all, publishable, privateNames }) {
  const before = await gitStatus();
  const changesetDir = join(root, ".changeset");
  const touched = [
    ...all.flatMap((w) => [w.path, join(w.dir, "CHANGELOG.md")]),
    ...readdirSync(changesetDir).map((f) => join(changesetDir, f)),
  ];
  cleanups.push(snapshot(touched));
  const out = mkdtempSync(join(tmpdir(), "portal-release-"));
  cleanups.push(() => rmSync(out, { recursive: true, force: true }));
  const current = new Map(publishable.map((w) => [w.manifest.name, w.manifest.version]));
  const rows = [];
  const problems = [];
  await exec("pnpm", ["exec", "changeset", "version"]);
  await exec("pnpm", [
    "exec",
    "turbo",
    "run",
    "build",
    "test:exports",
    "--filter=./packages/*",
    "--output-logs=errors-only",
  ]);
  for (const w of publishable) {
    const next = readJson(w.path);
    const { file, files, manifest } = await pack(w, out);
    problems.push(
      ...checkPacked(manifest, { rel: w.rel, expectedVersion: next.version, privateNames, files }),
    );
    const was = current.get(manifest.name);
    const onRegistry = await published(manifest.name, manifest.version, registry, npmEnv);
    let action = "publish";
    if (onRegistry && was === manifest.version) action = "skip (already published)";
    else if (onRegistry) {
      action = "FAIL";
      problems.push(
        `version exists: ${manifest.name}@${manifest.version} is already on ${registry} (changesets would publish it anew)`,
      );
    }
    if (action === "publish") {
      await exec(
        "npm",
        ["publish", file, "--dry-run", "--access", "restricted", ...registryArgs(registry)],
        {
          quiet: true,
          extraEnv: npmEnv,
        },
      ).catch((error) =>
        problems.push(`${manifest.name}: npm publish --dry-run: ${npmReason(error)}`),
      );
    }
    rows.push({
      package: manifest.name,
      version: `${was} -> ${manifest.version}`,
      action,
      access: manifest.publishConfig?.access,
      licence: manifest.license,
      tarball: file.split("/").at(-1),
    });
  }
  cleanUp(); // restores the snapshot now, so the tree can be compared
  console.log(
    `\nrelease dry run: what \`pnpm release\` would publish to ${registry} (from ${source})`,
  );
  console.table(rows);
  const after = await gitStatus();
  if (after !== before) problems.push(`the dry run left the tree changed:\n${after}`);
  if (rows.length !== publishable.length) problems.push("not every package was packed");
  if (problems.length > 0)
    throw new ReleaseError(`release dry run failed:\n- ${problems.join("\n- ")}`);
  const count = rows.filter((r) => r.action === "publish").length;
  console.log(
    `${count} of ${rows.length} packages would be published to ${registry} (licence: ${LICENCE}).`,
  );
}

async function release({ registry, npmEnv, publishable, privateNames }) {
  await exec("pnpm", ["exec", "changeset", "version"]);
  if ((await gitStatus()) !== "") {
    const versions = publishable.map((w) => `${w.manifest.name}@${readJson(w.path).version}`);
    await exec("git", ["add", "-A", "packages", ".changeset"]);
    await exec("git", ["commit", "-m", `Release: ${versions.join(", ")}`]);
  }
  await exec("pnpm", [
    "exec",
    "turbo",
    "run",
    "build",
    "test:exports",
    "--filter=./packages/*",
    "--output-logs=errors-only",
  ]);
  const out = mkdtempSync(join(tmpdir(), "portal-release-"));
  cleanups.push(() => rmSync(out, { recursive: true, force: true }));
  const packed = [];
  for (const w of publishable) {
    const p = await pack(w, out);
    const problems = checkPacked(p.manifest, {
      rel: w.rel,
      expectedVersion: readJson(w.path).version,
      privateNames,
      files: p.files,
    });
    if (problems.length > 0) throw new ReleaseError(`not published:\n- ${problems.join("\n- ")}`);
    packed.push(p);
  }
  const done = [];
  for (const { file, manifest } of packed) {
    const id = `${manifest.name}@${manifest.version}`;
    if (await published(manifest.name, manifest.version, registry, npmEnv)) {
      console.log(`${id} is already on ${registry}: skipped`);
      continue;
    }
    await exec(
      "npm",
      ["publish", file, "--access", "restricted", "--loglevel=warn", ...registryArgs(registry)],
      {
        extraEnv: npmEnv,
      },
    ).catch((error) => {
      throw new ReleaseError(
        `${id}: npm publish failed (published before it: ${done.join(", ") || "none"})`,
      );
    });
    await exec("git", ["tag", id]);
    done.push(id);
  }
  console.log(`published to ${registry}: ${done.join(", ") || "nothing new"}`);
  if (push) await exec("git", ["push", "--follow-tags"]);
}

async function main() {
  const { registry, source } = chooseRegistry();
  const all = workspaces();
  const privateNames = new Set(all.filter((w) => w.manifest.private).map((w) => w.manifest.name));
  const publishable = all.filter((w) => w.rel.startsWith("packages/") && !w.manifest.private);
  const npmEnv = credentials(registry);
  await checkRegistry(registry, source, npmEnv);
  if (!dryRun && (await gitStatus()) !== "")
    throw new ReleaseError("pnpm release needs a clean working tree (commit or stash first).");
  const context = { registry, source, npmEnv, all, publishable, privateNames };
  if (dryRun) await dryRunRelease(context);
  else await release(context);
}

try {
  await main();
} catch (error) {
  console.error(error instanceof ReleaseError ? `\n${error.message}` : error);
  process.exitCode = 1;
} finally {
  cleanUp();
}
