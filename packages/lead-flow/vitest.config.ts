import { defineConfig } from "vitest/config";

// Vite applies `resolve.conditions` to the client only; vitest runs in the SSR environment, whose
// conditions are `ssr.resolve.conditions`. Both list the private source condition first.
const conditions = ["@portal/source", "module", "node", "development|production"];
// No "module" on the server side (as in apps/services): the HTTP test loads the services, whose
// dependencies (@opentelemetry/api through prom-client, @aws-sdk/*) would resolve to ESM builds
// with extensionless imports that Node cannot load.
const serverConditions = ["@portal/source", "node", "development|production"];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions: serverConditions, externalConditions: ["@portal/source"] } },
  test: { include: ["src/**/*.test.ts", "src/**/*.test.tsx"], testTimeout: 20_000 },
});
