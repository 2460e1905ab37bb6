import { configDefaults, defineConfig } from "vitest/config";

// Vite applies `resolve.conditions` to the client environment only; vitest runs tests in the SSR
// environment, whose conditions are `ssr.resolve.conditions` (and `externalConditions` for
// packages Node loads itself). Without them @portal/validation resolves to its dist/, absent in a
// clean clone. The private source condition comes first. No "module" condition on the server side:
// it would send externalised packages such as @aws-sdk/* to their extensionless dist-es builds,
// which Node cannot load.
const conditions = ["@portal/source", "node", "development|production"];

export default defineConfig({
  resolve: { conditions: ["@portal/source", "module", "node", "development|production"] },
  ssr: { resolve: { conditions, externalConditions: ["@portal/source"] } },
  test: {
    include: ["src/**/*.test.ts"],
    // Their own runs: `pnpm test:cluster` (a private PostgreSQL cluster) and `pnpm test:fuzz`.
    // `*.pg.test.ts`: PostgreSQL only (several connections at once), collected with DATABASE_URL.
    exclude: [
      ...configDefaults.exclude,
      "src/**/*.cluster.test.ts",
      "src/**/*.fuzz.test.ts",
      ...(process.env.DATABASE_URL ? [] : ["src/**/*.pg.test.ts"]),
    ],
    // One PGlite per test file; forks keep WASM heaps apart, few workers on a shared machine.
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
