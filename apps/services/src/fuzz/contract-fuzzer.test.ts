import { listOperations, loadContract, type JsonSchema } from "@portal/openapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.js";
import {
  buildTestApp,
  closeTestDatabase,
  openTestDatabase,
  type TestContext,
} from "../test/helper.js";
import { OperationFuzzer, type Credentials, type FuzzOperation } from "./contract-fuzzer.js";
import { fuzzCredentials } from "./credentials.js";

// The contract fuzzer's checks can fail (issue 21): fed a deliberately loosened copy of a
// contract (a rule's pattern dropped, a state error left undeclared, a documented status taken
// away), each check reports what the real contract does not.

let db: Database;
let ctx: TestContext;
let creds: Credentials;
let shop: FuzzOperation[];
beforeAll(async () => {
  db = await openTestDatabase();
  ctx = await buildTestApp(db);
  creds = await fuzzCredentials(ctx.app);
  shop = listOperations(await loadContract("shop")).map((op) => ({
    ...op,
    service: "shop",
    basePath: "/shop",
  }));
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await closeTestDatabase(db);
});

const operation = (id: string) => structuredClone(shop.find((op) => op.operationId === id)!);
const bodyOf = (op: FuzzOperation) =>
  op.operation.requestBody!.content!["application/json"]!.schema as JsonSchema & {
    properties: Record<string, JsonSchema>;
  };
const RUNS = 40;

describe("contract fuzzer", () => {
  it("passes generate-otp as the contract states it", async () => {
    const failures = await new OperationFuzzer(operation("generateOtp")).run(ctx.app, creds, {
      runs: RUNS,
      seed: 21,
    });
    expect(failures).toEqual([]);
  });

  it("fails positive data acceptance when a schema is looser than the service", async () => {
    const op = operation("generateOtp");
    const phone = bodyOf(op).properties.phoneNumber!;
    delete phone.pattern;
    delete phone.examples;
    const failures = await new OperationFuzzer(op).run(ctx.app, creds, { runs: RUNS, seed: 21 });
    expect(failures.map((f) => [f.check, f.status, f.code])).toContainEqual([
      "positive_data_acceptance",
      400,
      "validation.mobile.invalid",
    ]);
    expect(failures.every((f) => f.check === "positive_data_acceptance")).toBe(true);
  });

  it("fails positive data acceptance on a state refusal the contract does not list", async () => {
    const op = operation("verifyOtp");
    const loosened = structuredClone(op);
    delete (loosened.operation as Record<string, unknown>)["x-portal-state-errors"];
    const failures = await new OperationFuzzer(loosened).run(ctx.app, creds, {
      runs: RUNS,
      seed: 21,
    });
    expect(failures.map((f) => [f.check, f.status, f.code])).toContainEqual([
      "positive_data_acceptance",
      404,
      "otp.notFound",
    ]);
    const declared = await new OperationFuzzer(op).run(ctx.app, creds, { runs: RUNS, seed: 21 });
    expect(declared).toEqual([]);
  });

  it("fails response schema conformance on an undocumented status", async () => {
    const op = operation("generateOtp");
    delete op.operation.responses!["400"];
    const failures = await new OperationFuzzer(op).run(ctx.app, creds, { runs: RUNS, seed: 21 });
    expect(failures.map((f) => [f.check, f.status])).toContainEqual([
      "response_schema_conformance",
      400,
    ]);
  });

  it("fails negative data rejection when the contract refuses what the service takes", async () => {
    const op = operation("generateSbbLead");
    // A contract narrower than the service: the optional utm tags made required, so a body
    // without one is invalid by this copy, and the service takes it.
    const body = bodyOf(op);
    body.required = [
      ...((body.required as string[]) ?? []),
      "utmSource",
      "utmMedium",
      "utmCampaign",
    ];
    const failures = await new OperationFuzzer(op).run(ctx.app, creds, { runs: RUNS, seed: 21 });
    expect(failures.map((f) => [f.check, f.status])).toContainEqual([
      "negative_data_rejection",
      200,
    ]);
  });
});
