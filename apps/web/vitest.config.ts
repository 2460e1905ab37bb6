import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// Vite applies `resolve.conditions` to the client only; vitest runs in the SSR environment, whose
// conditions are `ssr.resolve.conditions`. Both list the private source condition first, so the
// workspace packages run from source with no build step.
const conditions = ["@portal/source", "module", "browser", "development|production"];

export default defineConfig({
  plugins: [react()],
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ["@portal/source"] } },
  test: { include: ["src/**/*.test.ts", "src/**/*.test.tsx"] },
});
