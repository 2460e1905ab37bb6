import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { conditions: ["@portal/source"] },
  test: { include: ["src/**/*.test.ts", "src/**/*.test.tsx"] },
});
