#!/usr/bin/env node
// Versions, builds and publishes the @portal/* packages with changesets, to Suria's private
// registry (the `@portal:registry` of .npmrc; every manifest's publishConfig names the same URL).
//
//   pnpm release --dry-run   what a release would publish: applies the pending changesets
//                            (`changeset version`) to a snapshot, builds, packs every package,
//                            checks each packed manifest, runs `pnpm publish --dry-run`, prints
//                            name, version, registry, access and licence, then restores the
//                            files it touched. CI runs it on every change.
//   pnpm release             1. `changeset version` (versions, CHANGELOG.md, consumes changesets)
//                            2. commits "Release: ..." when anything changed
//                            3. builds every package and checks its exports (publint + attw)
//                            4. `changeset publish` (each version not yet on the registry) and
//                               one git tag per published package (`@portal/ui@0.3.0`)
//   pnpm release --push      the same, then `git push --follow-tags`
//
// A real release needs a clean working tree and registry credentials: NPM_TOKEN in the
// environment (written to a temporary npmrc for the registry), or a login in ~/.npmrc.
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const args = new Set(process.argv.slice(2));
const dryRun = args.has("--dry-run");
const push = args.has("--push");
const root = new URL("..", import.meta.url).pathname;
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: "1" };

/** The licence every published manifest carries; the text is LICENSE beside it. */
const LICENCE = "SEE LICENSE IN LICENSE";

function run(cmd, argv, options = {}) {
  console.log(`$ ${cmd} ${argv.join(" ")}`);
  return execFileSync(cmd, argv, { cwd: root, stdio: "inherit", env, ...options });
}
const output = (cmd, argv, cwd = root) =>
  execFileSync(cmd, argv, { cwd, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
const readJson = (path) => JSON.parse(readFileSync(path, "utf8"));

/** The scope registry of .npmrc (`@portal:registry=...`). */
function scopeRegistry() {
  const line = readFileSync(join(root, ".npmrc"), "utf8")
    .split("\n")
    .find((l) => l.startsWith("@portal:registry="));
  if (!line) throw new Error(".npmrc has no @portal:registry line");
  return line.slice("@portal:registry=".length).trim();
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
function checkPacked(pkg, { rel, expectedVersion, registry, privateNames, files }) {
  const problems = [];
  const say = (text) => problems.push(`${pkg.name}: ${text}`);
  if (pkg.version !== expectedVersion)
    say(`version ${pkg.version}, changesets say ${expectedVersion}`);
  if (pkg.license !== LICENCE) say(`license "${pkg.license}" (expected "${LICENCE}")`);
  if (!files.includes("package/LICENSE")) say("no LICENSE file in the tarball");
  if (pkg.publishConfig?.registry !== registry)
    say(`publishConfig.registry ${pkg.publishConfig?.registry} is not .npmrc's ${registry}`);
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

/** Restores files to the contents they had (and removes files that did not exist). */
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

const registry = scopeRegistry();
const all = workspaces();
const privateNames = new Set(all.filter((w) => w.manifest.private).map((w) => w.manifest.name));
const publishable = all.filter((w) => w.rel.startsWith("packages/") && !w.manifest.private);
const gitStatus = () => output("git", ["status", "--porcelain"]);

if (dryRun) {
  const before = gitStatus();
  const changesetDir = join(root, ".changeset");
  const touched = [
    ...all.flatMap((w) => [w.path, join(w.dir, "CHANGELOG.md")]),
    ...readdirSync(changesetDir).map((f) => join(changesetDir, f)),
  ];
  const restore = snapshot(touched);
  const onSignal = (signal) => {
    restore();
    process.kill(process.pid, signal);
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  const out = mkdtempSync(join(tmpdir(), "portal-release-"));
  const rows = [];
  const problems = [];
  try {
    const current = new Map(publishable.map((w) => [w.manifest.name, w.manifest.version]));
    run("pnpm", ["exec", "changeset", "version"]);
    run("pnpm", ["exec", "turbo", "run", "build", "--filter=./packages/*"]);
    for (const w of publishable) {
      const next = readJson(w.path);
      const tarball = output("pnpm", ["pack", "--pack-destination", out, "--json"], w.dir);
      const file = JSON.parse(tarball).filename;
      const files = output("tar", ["-tzf", file]).trim().split("\n");
      const packed = JSON.parse(output("tar", ["-xzOf", file, "package/package.json"]));
      problems.push(
        ...checkPacked(packed, {
          rel: w.rel,
          expectedVersion: next.version,
          registry,
          privateNames,
          files,
        }),
      );
      if (!files.includes("package/CHANGELOG.md"))
        problems.push(`${packed.name}: no CHANGELOG.md in the tarball`);
      // The dry run still asks the registry who is logged in; with npm's default retries an
      // unreachable registry (CI has none) costs 70 s per package, so it is asked once.
      run("pnpm", ["publish", "--dry-run", "--no-git-checks"], {
        cwd: w.dir,
        env: { ...env, npm_config_fetch_retries: "0" },
      });
      rows.push({
        package: packed.name,
        version: `${current.get(packed.name)} -> ${packed.version}`,
        registry: packed.publishConfig?.registry,
        access: packed.publishConfig?.access,
        licence: packed.license,
        tarball: file.split("/").at(-1),
      });
    }
  } finally {
    restore();
    rmSync(out, { recursive: true, force: true });
  }
  console.log("\nrelease dry run: what `pnpm release` would publish");
  console.table(rows);
  const after = gitStatus();
  if (after !== before) problems.push(`the dry run left the tree changed:\n${after}`);
  if (rows.length !== publishable.length) problems.push("not every package was packed");
  if (problems.length > 0) {
    console.error(`\nrelease dry run failed:\n- ${problems.join("\n- ")}`);
    process.exit(1);
  }
  console.log(`${rows.length} packages would be published to ${registry} (licence: ${LICENCE}).`);
} else {
  if (gitStatus() !== "") {
    console.error("pnpm release needs a clean working tree (commit or stash first).");
    process.exit(1);
  }
  let tempNpmrc;
  if (process.env.NPM_TOKEN) {
    // The token never lands in a committed file: a temporary user npmrc for this run only.
    tempNpmrc = join(mkdtempSync(join(tmpdir(), "portal-npmrc-")), ".npmrc");
    const host = registry.replace(/^https?:/, "");
    writeFileSync(tempNpmrc, `${host}:_authToken=${process.env.NPM_TOKEN}\n`, { mode: 0o600 });
    env.NPM_CONFIG_USERCONFIG = tempNpmrc;
  }
  try {
    try {
      output("npm", ["whoami", "--registry", registry]);
    } catch {
      console.error(
        `Not logged in to ${registry}: set NPM_TOKEN, or run npm login --registry ${registry}.`,
      );
      process.exit(1);
    }
    run("pnpm", ["exec", "changeset", "version"]);
    if (gitStatus() !== "") {
      const versions = workspaces()
        .filter((w) => publishable.some((p) => p.path === w.path))
        .map((w) => `${w.manifest.name}@${w.manifest.version}`);
      run("git", ["add", "-A", "packages", ".changeset"]);
      run("git", ["commit", "-m", `Release: ${versions.join(", ")}`]);
    }
    run("pnpm", ["exec", "turbo", "run", "build", "test:exports", "--filter=./packages/*"]);
    run("pnpm", ["exec", "changeset", "publish"]);
    if (push) run("git", ["push", "--follow-tags"]);
  } finally {
    if (tempNpmrc) rmSync(tempNpmrc, { force: true });
  }
}
