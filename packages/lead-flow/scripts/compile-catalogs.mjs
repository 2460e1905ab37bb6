// Compiles the sign-up catalogs (src/sign-up/lang/{bm,en}.json) into dist/lang, as @portal/ui
// compiles its own: <lang>.json, <lang>.ast.json and <lang>.js/.d.ts for IntlProvider.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { compileCatalogs } from "../../ui/scripts/compile-catalogs.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
compileCatalogs({
  sourceDir: join(root, "src", "sign-up", "lang"),
  // Tests pass another folder as the first argument.
  outDir: process.argv[2] ?? join(root, "dist", "lang"),
  label: "@portal/lead-flow's sign-up messages",
});
