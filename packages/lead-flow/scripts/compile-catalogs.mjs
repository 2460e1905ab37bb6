// Compiles the sign-up catalogs (src/sign-up/lang/{bm,en}.json, formatjs extraction format with
// descriptions) into what an app hands to react-intl's IntlProvider as it is:
//   dist/lang/<lang>.json      { id: "message" }               (formatjs compile)
//   dist/lang/<lang>.ast.json  { id: [parsed message] }        (formatjs compile --ast: no ICU
//                                                              parser needed at run time)
//   dist/lang/<lang>.js/.d.ts  the strings as an ES module (no JSON import attributes needed)
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(join(root, "package.json"));
const formatjs = join(dirname(require.resolve("@formatjs/cli/package.json")), "bin", "formatjs");
// Tests pass another folder as the first argument.
const outDir = process.argv[2] ?? join(root, "dist", "lang");
mkdirSync(outDir, { recursive: true });

for (const lang of ["bm", "en"]) {
  const source = join(root, "src", "sign-up", "lang", `${lang}.json`);
  const compile = (extra, outFile) =>
    execFileSync(process.execPath, [formatjs, "compile", source, ...extra, "--out-file", outFile], {
      stdio: "inherit",
    });
  compile([], join(outDir, `${lang}.json`));
  compile(["--ast"], join(outDir, `${lang}.ast.json`));
  const strings = readFileSync(join(outDir, `${lang}.json`), "utf8");
  writeFileSync(
    join(outDir, `${lang}.js`),
    `/** @portal/lead-flow's sign-up messages in ${lang}, compiled for IntlProvider. */\nexport default ${strings.trim()};\n`,
  );
  writeFileSync(
    join(outDir, `${lang}.d.ts`),
    `/** @portal/lead-flow's sign-up messages in ${lang}, compiled for IntlProvider. */\ndeclare const messages: Record<string, string>;\nexport default messages;\n`,
  );
}
console.log(`@portal/lead-flow: compiled bm and en catalogs into ${outDir}`);
