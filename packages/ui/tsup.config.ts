import { defineConfig } from "tsup";

// One output file per source module (no bundling), so each keeps its own "use client" directive:
// the components that call hooks are client modules, the helpers (colour, buttonClassName,
// uiMessages) stay callable from server components. Declarations come from tsc
// (tsconfig.build.json) and the compiled catalogs from scripts/compile-catalogs.mjs. The plain
// stylesheet is copied as it is: no CSS-in-JS runtime.
export default defineConfig([
  {
    entry: ["src/*.ts", "src/*.tsx", "!src/*.test.ts", "!src/*.test.tsx"],
    bundle: false,
    format: ["esm"],
    sourcemap: true,
    clean: true,
    target: "es2022",
  },
  { entry: { styles: "src/styles.css" }, sourcemap: false },
]);
