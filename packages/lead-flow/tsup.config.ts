import { defineConfig } from "tsup";

// One output file per source module (no bundling), as @portal/ui does, so each keeps its own
// "use client" directive: the React hooks (./react) and the sign-up components (./sign-up) are
// client modules, the flow (.) stays callable anywhere. Declarations come from tsc
// (tsconfig.build.json) and the compiled catalogs from scripts/compile-catalogs.mjs.
// sign-up/catalogs.ts is bundled: it inlines the JSON catalogs (the package's and @portal/ui's),
// so Node and bundlers load it without JSON import attributes. The stylesheet is copied as it is.
export default defineConfig([
  {
    entry: [
      "src/**/*.ts",
      "src/**/*.tsx",
      "!src/**/*.test.ts",
      "!src/**/*.test.tsx",
      "!src/**/__tests__/**",
      "!src/sign-up/catalogs.ts",
    ],
    bundle: false,
    format: ["esm"],
    sourcemap: true,
    clean: true,
    target: "es2022",
  },
  {
    entry: { "sign-up/catalogs": "src/sign-up/catalogs.ts" },
    format: ["esm"],
    sourcemap: true,
    target: "es2022",
    noExternal: [/^@portal\/ui\/lang\//],
  },
  { entry: { "sign-up": "src/sign-up/sign-up.css" }, sourcemap: false },
]);
