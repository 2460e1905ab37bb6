import { defineConfig } from "vitest/config";
import base from "./vitest.config.js";

// Contract fuzzing (`pnpm test:fuzz`): src/contract.fuzz.test.ts only.
export default defineConfig({
  ...base,
  test: { ...base.test, include: ["src/**/*.fuzz.test.ts"], exclude: [], maxWorkers: 1 },
});
