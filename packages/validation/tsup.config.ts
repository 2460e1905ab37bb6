import { defineConfig } from "tsup";

// One entry per public subpath: `.` (the schemas, no React) and `./react` (useSchemaForm, React
// external); the form state both use is a shared chunk.
export default defineConfig({
  entry: { index: "src/index.ts", "react/index": "src/react/index.ts" },
  format: ["esm"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "es2022",
  external: ["react"],
});
