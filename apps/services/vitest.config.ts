import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { conditions: ["@portal/source"] },
  test: {
    include: ["src/**/*.test.ts"],
    // One PGlite per test file; forks keep WASM heaps apart, few workers on a shared machine.
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
