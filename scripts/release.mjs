#!/usr/bin/env node
// Versions and publishes the @portal/* packages with changesets.
//   pnpm release            changeset version -> build -> changeset publish (needs npm auth)
//   pnpm release --dry-run  build -> pack every publishable package -> `pnpm publish --dry-run`
// CI runs the dry run: it proves every package builds, packs and would publish, and it leaves
// the working tree untouched (no changeset is consumed).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const dryRun = process.argv.includes("--dry-run");
const root = new URL("..", import.meta.url).pathname;
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: "1" };

function run(cmd, args, cwd = root) {
  console.log(`$ ${cmd} ${args.join(" ")}`);
  execFileSync(cmd, args, { cwd, stdio: "inherit", env });
}

const packages = readdirSync(join(root, "packages"))
  .map((dir) => ({ dir: join(root, "packages", dir) }))
  .map((p) => ({ ...p, manifest: JSON.parse(readFileSync(join(p.dir, "package.json"), "utf8")) }))
  .filter((p) => !p.manifest.private);

if (!dryRun) run("pnpm", ["exec", "changeset", "version"]);
run("pnpm", ["exec", "turbo", "run", "build", "--filter=./packages/*"]);

if (dryRun) {
  const out = mkdtempSync(join(tmpdir(), "portal-pack-"));
  try {
    for (const p of packages) {
      run("pnpm", ["pack", "--pack-destination", out], p.dir);
      run("pnpm", ["publish", "--dry-run", "--no-git-checks"], p.dir);
    }
    const tarballs = readdirSync(out);
    console.log(`\nrelease dry run: ${tarballs.length} packages packed: ${tarballs.join(", ")}`);
    if (tarballs.length !== packages.length) process.exit(1);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
} else {
  run("pnpm", ["install", "--lockfile-only"]);
  run("pnpm", ["exec", "changeset", "publish"]);
}
