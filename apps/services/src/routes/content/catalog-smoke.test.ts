import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "../../db/database.js";
import {
  buildTestApp,
  call,
  closeTestDatabase,
  openTestDatabase,
  type TestContext,
} from "../../test/helper.js";
let db: Database;
let ctx: TestContext;
beforeAll(async () => {
  db = await openTestDatabase();
  const t = Date.now();
  ctx = await buildTestApp(db);
  console.log("build ms", Date.now() - t);
});
afterAll(async () => {
  await ctx?.close();
  await closeTestDatabase(db);
});
it("smoke", async () => {
  for (const url of [
    "/content/api/v1/channel/bm/suria-sports-1",
    "/content/api/v1/listing/channel?lang=en",
    "/content/api/v1/static/highlight/bm/announcement",
    "/content/api/v1/search?keyword=sukan&lang=bm",
    "/content/api/v1/search?keyword=foot%20leag&lang=en&limit=3",
    "/content/api/v1/static/dealer/state/johor",
    "/content/api/v1/home/all?lang=bm",
    "/content/images/channel-teratai.svg",
    "/content/images/..%2f..%2fpackage.json",
  ]) {
    const t0 = performance.now();
    const r = await call(ctx.app, { method: "GET", url });
    console.log("ms", Math.round(performance.now() - t0));
    console.log(
      url,
      r.status,
      r.headers.etag,
      r.headers["content-type"],
      JSON.stringify(r.body).slice(0, 400),
    );
  }
});
