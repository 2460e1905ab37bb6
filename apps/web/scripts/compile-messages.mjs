// Compiles the bm and en catalogs (the app's src/lang/*.json merged with @portal/ui's) to ASTs
// in src/lang/compiled/, so the app runs react-intl without the ICU parser. Run by `generate`.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(join(root, "package.json"));
const formatjs = join(dirname(require.resolve("@formatjs/cli/package.json")), "bin", "formatjs");
const uiDir = dirname(require.resolve("@portal/ui/package.json"));
const outDir = join(root, "src", "lang", "compiled");
const tmp = mkdtempSync(join(tmpdir(), "portal-messages-"));
mkdirSync(outDir, { recursive: true });

try {
  for (const lang of ["bm", "en"]) {
    const ui = JSON.parse(readFileSync(join(uiDir, "src", "lang", `${lang}.json`), "utf8"));
    // The shell's catalog `src/lang/<lang>.json` plus one per journey, `src/lang/<area>.<lang>.json`,
    // so features can add messages without editing one shared file.
    const app = Object.assign(
      {},
      ...readdirSync(join(root, "src", "lang"))
        .filter((name) => name === `${lang}.json` || name.endsWith(`.${lang}.json`))
        .sort()
        .map((name) => JSON.parse(readFileSync(join(root, "src", "lang", name), "utf8"))),
    );
    const merged = join(tmp, `${lang}.json`);
    writeFileSync(merged, JSON.stringify({ ...ui, ...app }));
    execFileSync(
      process.execPath,
      [formatjs, "compile", merged, "--ast", "--out-file", join(outDir, `${lang}.json`)],
      {
        stdio: "inherit",
      },
    );
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
console.log(`compiled bm and en catalogs to ${outDir}`);
