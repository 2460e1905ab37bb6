// Contract fuzzing (issues 12 and 21): every operation of every contract gets generated requests,
// valid and invalid (parameters, headers, bodies, credentials), from fast-check arbitraries built
// from the contract's own schemas (loaded with @portal/openapi's one loader), in development
// (the app checks its answers too) and in production mode (no checking in the app). Three checks
// (src/fuzz/contract-fuzzer.ts): positive data acceptance (a request the contract calls valid is
// accepted, or refused for a cause the contract states), response schema conformance (every
// answer documented, with its headers and body, never a 5xx) and negative data rejection (a
// request the contract calls invalid answers 4xx).
// `pnpm test:fuzz` (scripts/test.sh in CI); FUZZ_RUNS cases per operation and mode (default 100),
// FUZZ_SEED to replay a run.
import { listOperations, loadContracts, SERVICES } from "@portal/openapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./db/database.js";
import {
  newCounts,
  OperationFuzzer,
  type Credentials,
  type Failure,
  type FuzzOperation,
} from "./fuzz/contract-fuzzer.js";
import { fuzzCredentials } from "./fuzz/credentials.js";
import {
  buildTestApp,
  closeTestDatabase,
  openTestDatabase,
  type TestContext,
} from "./test/helper.js";

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);
const MODES = ["development", "production"] as const;
type Mode = (typeof MODES)[number];

let db: Database;
const apps = {} as Record<Mode, TestContext>;
const credentials = {} as Record<Mode, Credentials>;
let operations: FuzzOperation[] = [];
const counts = newCounts();
const fuzzers = new Map<FuzzOperation, OperationFuzzer>();
const allFailures: Array<Failure & { mode: Mode }> = [];

beforeAll(async () => {
  db = await openTestDatabase();
  const prodSecrets = {
    tokenSecret: "p".repeat(40),
    uploadSecret: "u".repeat(40),
    otpSecret: "o".repeat(40),
    altchaHmacKey: "a".repeat(40),
    marketingApiKey: "m".repeat(40),
  };
  for (const mode of MODES) {
    const ctx = await buildTestApp(db, {
      validateResponses: mode === "development",
      env: mode === "production" ? { portalEnv: "production", ...prodSecrets } : {},
    });
    apps[mode] = ctx;
    credentials[mode] = await fuzzCredentials(ctx.app);
  }
  const docs = await loadContracts();
  operations = SERVICES.flatMap((service) =>
    listOperations(docs.get(service.name)!).map((op) => ({
      ...op,
      service: service.name,
      basePath: service.basePath,
    })),
  );
  // FUZZ_ONLY=verifyOtp,getChannel: those operations only (while fixing one).
  const only = process.env.FUZZ_ONLY?.split(",");
  if (only) operations = operations.filter((op) => only.includes(op.operationId));
}, 180_000);

afterAll(async () => {
  for (const ctx of Object.values(apps)) await ctx?.close();
  await closeTestDatabase(db);
  const statuses = [...counts.byStatus.entries()].sort(([a], [b]) => a - b);
  const byCheck = (check: string) =>
    allFailures.filter((f) => f.check === check).reduce((n, f) => n + f.count, 0);
  console.log(
    `contract fuzzing: ${operations.length} operations x ${MODES.length} modes x ${RUNS} cases = ${counts.requests} requests (${counts.positive} valid by the contract, ${counts.positiveAccepted} of them accepted; ${counts.negative} invalid), seed ${SEED}; statuses ${statuses.map(([s, n]) => `${s}: ${n}`).join(", ")}; failures: positive_data_acceptance ${byCheck("positive_data_acceptance")}, response_schema_conformance ${byCheck("response_schema_conformance")}, negative_data_rejection ${byCheck("negative_data_rejection")}`,
  );
  for (const f of allFailures)
    console.log(
      `  ${f.mode} ${f.check} ${f.operationId} ${f.status} ${f.code} x${f.count}: ${f.example}`,
    );
});

describe.each(MODES)("contract fuzzing (%s)", (mode) => {
  it(`accepts valid requests, rejects invalid ones, answers every one as documented`, async () => {
    if (!process.env.FUZZ_ONLY) expect(operations.length).toBeGreaterThan(40);
    const failures: Failure[] = [];
    for (const op of operations) {
      const started = performance.now();
      fuzzers.set(op, fuzzers.get(op) ?? new OperationFuzzer(op));
      const found = await fuzzers.get(op)!.run(apps[mode].app, credentials[mode], {
        runs: RUNS,
        seed: SEED,
        counts,
      });
      failures.push(...found);
      if (process.env.FUZZ_VERBOSE)
        console.log(`${mode} ${op.operationId}: ${Math.round(performance.now() - started)} ms`);
      allFailures.push(...found.map((f) => ({ ...f, mode })));
    }
    expect(
      failures.map((f) => `${f.check} ${f.operationId} ${f.status} ${f.code}: ${f.example}`),
    ).toEqual([]);
  }, 900_000);
});
