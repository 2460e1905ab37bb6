import { defineConfig } from "vitest/config";
import base from "./vitest.config.js";

// Tests that start their own PostgreSQL cluster and services processes (`pnpm test:cluster`).
export default defineConfig({
  ...base,
  test: { ...base.test, include: ["src/**/*.cluster.test.ts"], exclude: [], maxWorkers: 1 },
});
