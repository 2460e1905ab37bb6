// Compiles the bm and en catalogs (the app's src/lang/*.json merged with @portal/ui's and the
// sign-up's of @portal/lead-flow) to ASTs in src/lang/compiled/, so the app runs react-intl
// without the ICU parser. Run by `generate`.
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
const leadFlowDir = dirname(require.resolve("@portal/lead-flow/package.json"));
// The sign-up's steps (@portal/lead-flow/sign-up) bring their own catalog; it joins the fibre
// area, which the journey's pages load (src/shared/i18n.tsx).
const SIGN_UP_AREA = "fibre";
const outDir = join(root, "src", "lang", "compiled");
const tmp = mkdtempSync(join(tmpdir(), "portal-messages-"));
mkdirSync(outDir, { recursive: true });

const langDir = join(root, "src", "lang");
const compile = (catalog, outFile) => {
  const input = join(tmp, "input.json");
  writeFileSync(input, JSON.stringify(catalog));
  execFileSync(process.execPath, [formatjs, "compile", input, "--ast", "--out-file", outFile], {
    stdio: "inherit",
  });
};
mkdirSync(join(outDir, "areas"), { recursive: true });

// Ids that the shell code itself uses (header, footer, providers): they must be in the shell
// catalog even when a journey's catalog declares them, since the shell renders on every page.
const shellSources = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? shellSources(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name) && !/\.test\./.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );
const shellIds = new Set(
  [...shellSources(join(root, "src", "shared")), join(root, "src", "routes", "__root.tsx")].flatMap(
    (file) => [...readFileSync(file, "utf8").matchAll(/\bid:\s*"([^"]+)"/g)].map((m) => m[1]),
  ),
);
const inShell = (id) => id.startsWith("shell.") || shellIds.has(id);

try {
  for (const lang of ["bm", "en"]) {
    const ui = JSON.parse(readFileSync(join(uiDir, "src", "lang", `${lang}.json`), "utf8"));
    const shell = { ...ui, ...JSON.parse(readFileSync(join(langDir, `${lang}.json`), "utf8")) };
    // Journeys keep their own catalogs, `src/lang/<area>.<lang>.json`, so features can add
    // messages without editing one shared file. Each compiles to `compiled/areas/<area>.<lang>.json`,
    // loaded only with the routes that need it (src/shared/i18n.tsx); their `shell.*` ids and the
    // ids the shell code uses (links in the header and footer) join the shell catalog, which
    // every page loads.
    for (const name of readdirSync(langDir)
      .filter((n) => n.endsWith(`.${lang}.json`))
      .sort()) {
      const area = name.slice(0, -`.${lang}.json`.length);
      const entries = Object.entries(JSON.parse(readFileSync(join(langDir, name), "utf8")));
      if (area === SIGN_UP_AREA) {
        const signUp = join(leadFlowDir, "src", "sign-up", "lang", `${lang}.json`);
        entries.push(...Object.entries(JSON.parse(readFileSync(signUp, "utf8"))));
      }
      Object.assign(shell, Object.fromEntries(entries.filter(([id]) => inShell(id))));
      const own = Object.fromEntries(entries.filter(([id]) => !inShell(id)));
      compile(own, join(outDir, "areas", `${area}.${lang}.json`));
    }
    compile(shell, join(outDir, `${lang}.json`));
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
console.log(`compiled bm and en catalogs to ${outDir}`);
