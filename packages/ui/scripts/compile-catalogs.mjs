// Compiles the translator catalogs (src/lang/{bm,en}.json, formatjs extraction format with
// descriptions) into what an app hands to react-intl's IntlProvider as it is:
//   dist/lang/<lang>.json      { id: "message" }               (formatjs compile)
//   dist/lang/<lang>.ast.json  { id: [parsed message] }        (formatjs compile --ast: no ICU
//                                                              parser needed at run time)
//   dist/lang/<lang>.js/.d.ts  the strings as an ES module (no JSON import attributes needed)
// @portal/lead-flow compiles its sign-up catalogs with compileCatalogs too.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, "..", "package.json"));
const formatjs = join(dirname(require.resolve("@formatjs/cli/package.json")), "bin", "formatjs");

/**
 * Compiles `<sourceDir>/{bm,en}.json` into `outDir`; `label` names the messages in the generated
 * modules' comments ("@portal/ui's built-in messages").
 */
export function compileCatalogs({ sourceDir, outDir, label }) {
  mkdirSync(outDir, { recursive: true });
  const comment = (lang) => `/** ${label} in ${lang}, compiled for IntlProvider. */`;
  for (const lang of ["bm", "en"]) {
    const source = join(sourceDir, `${lang}.json`);
    const compile = (extra, outFile) =>
      execFileSync(
        process.execPath,
        [formatjs, "compile", source, ...extra, "--out-file", outFile],
        { stdio: "inherit" },
      );
    compile([], join(outDir, `${lang}.json`));
    compile(["--ast"], join(outDir, `${lang}.ast.json`));
    const strings = readFileSync(join(outDir, `${lang}.json`), "utf8");
    writeFileSync(
      join(outDir, `${lang}.js`),
      `${comment(lang)}\nexport default ${strings.trim()};\n`,
    );
    writeFileSync(
      join(outDir, `${lang}.d.ts`),
      `${comment(lang)}\ndeclare const messages: Record<string, string>;\nexport default messages;\n`,
    );
  }
  console.log(`${label}: compiled bm and en catalogs into ${outDir}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(here, "..");
  compileCatalogs({
    sourceDir: join(root, "src", "lang"),
    // Tests pass another folder as the first argument.
    outDir: process.argv[2] ?? join(root, "dist", "lang"),
    label: "@portal/ui's built-in messages",
  });
}
