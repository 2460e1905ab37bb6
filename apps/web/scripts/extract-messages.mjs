// Extracts the shell's messages (src/shared, src/routes and the content features) into
// src/lang/en.json. Journeys keep their own catalogs (src/lang/<area>.<lang>.json): ids found there
// are left out, so the shell's catalog never duplicates them. bm.json is then translated by hand.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(join(root, "package.json"));
const formatjs = join(dirname(require.resolve("@formatjs/cli/package.json")), "bin", "formatjs");
const features = [
  "banners",
  "bundles",
  "campaigns",
  "channels",
  "combos",
  "distributors",
  "home",
  "legal",
  "movies",
  "packages",
  "search",
  "store",
];
const globs = [
  "src/shared/**/*.{ts,tsx}",
  "src/routes/**/*.{ts,tsx}",
  ...features.map((f) => `src/features/${f}/**/*.{ts,tsx}`),
];
const tmp = mkdtempSync(join(tmpdir(), "portal-extract-"));
try {
  const out = join(tmp, "en.json");
  execFileSync(
    process.execPath,
    [formatjs, "extract", ...globs, "--ignore", "**/*.test.*", "--out-file", out],
    {
      cwd: root,
      stdio: "inherit",
    },
  );
  const extracted = JSON.parse(readFileSync(out, "utf8"));
  const langDir = join(root, "src", "lang");
  const elsewhere = new Set(
    readdirSync(langDir)
      .filter((name) => name.endsWith(".en.json"))
      .flatMap((name) => Object.keys(JSON.parse(readFileSync(join(langDir, name), "utf8")))),
  );
  const shell = Object.fromEntries(
    Object.entries(extracted)
      .filter(([id]) => !elsewhere.has(id))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  writeFileSync(join(langDir, "en.json"), `${JSON.stringify(shell, null, 2)}\n`);
  console.log(`${Object.keys(shell).length} shell messages in src/lang/en.json`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
