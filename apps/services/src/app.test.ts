import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./db/database.js";
import {
  buildTestApp,
  call,
  closeTestDatabase,
  openTestDatabase,
  type TestContext,
} from "./test/helper.js";

let db: Database;
let ctx: TestContext;
beforeAll(async () => {
  db = await openTestDatabase();
  ctx = await buildTestApp(db);
});
afterAll(async () => {
  await ctx?.close();
  await closeTestDatabase(db);
});

describe("app", () => {
  it("serves the config", async () => {
    const res = await call(ctx.app, { method: "GET", url: "/config/" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.response.build).toEqual({ version: "1.15.6", number: 1 });
  });
});
