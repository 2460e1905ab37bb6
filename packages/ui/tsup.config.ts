import { defineConfig } from "tsup";

// One JS entry (React and react-intl external as peers) and one plain stylesheet: no CSS-in-JS runtime.
export default defineConfig({
  entry: { index: "src/index.ts", styles: "src/styles.css" },
  format: ["esm"],
  dts: { entry: { index: "src/index.ts" } },
  sourcemap: true,
  clean: true,
  target: "es2022",
  external: ["react", "react-intl", "react/jsx-runtime"],
});
