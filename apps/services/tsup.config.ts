import { cp } from "node:fs/promises";
import { defineConfig } from "tsup";

export default defineConfig({
  entry: {
    server: "src/server.ts",
    app: "src/app.ts",
    seed: "src/seed.ts",
    ops: "src/ops.ts",
    worker: "src/worker.ts",
  },
  format: ["esm"],
  platform: "node",
  target: "node20",
  sourcemap: true,
  clean: true,
  dts: false,
  // Workspace packages are bundled from source; npm dependencies stay external.
  noExternal: [/^@portal\//],
  esbuildOptions(options) {
    options.conditions = ["@portal/source"];
  },
  async onSuccess() {
    // Migrations are plain .sql files read at start.
    await cp("src/db/migrations", "dist/migrations", { recursive: true });
  },
});
