import { defineConfig } from "vitest/config";

// Vite applies `resolve.conditions` to the client only; vitest runs in the SSR environment, whose
// conditions are `ssr.resolve.conditions`. Both list the private source condition first.
const conditions = ["@portal/source", "module", "node", "development|production"];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ["@portal/source"] } },
  test: { include: ["src/**/*.test.ts", "src/**/*.test.tsx"], testTimeout: 20_000 },
});
