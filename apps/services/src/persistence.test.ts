import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite, openPostgres, type Database } from "./db/database.js";
import { ManualClock } from "./lib/clock.js";
import { buildTestApp, call, closeTestDatabase, createLead } from "./test/helper.js";

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);
const schema = `t_${randomBytes(6).toString("hex")}`;
let dataDir = "";

/** The same storage on every call: PGlite files in dataDir, or one PostgreSQL schema. */
const open = (): Promise<Database> =>
  process.env.DATABASE_URL
    ? openPostgres(process.env.DATABASE_URL, { schema })
    : openPglite(dataDir);

afterAll(async () => {
  if (process.env.DATABASE_URL) await closeTestDatabase(await open());
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("persistence", () => {
  it("keeps leads and documents across a restart on the same data directory", async () => {
    dataDir = await mkdtemp(join(tmpdir(), "portal-persist-"));
    const clock = new ManualClock();
    let db = await open();
    let ctx = await buildTestApp(db, { dataDir, clock });
    const { token, leadId } = await createLead(ctx.app);
    const signed = await call(ctx.app, {
      method: "POST",
      url: "/shop/api/v3/generate-signed-url",
      token,
      payload: { title: "MyKad", type: "image/png" },
    });
    const u = new URL(signed.body.response.signedUploadUrl);
    const put = await ctx.app.inject({
      method: "PUT",
      url: `${u.pathname}${u.search}`,
      payload: PNG,
      headers: { "content-type": "image/png" },
    });
    expect(put.statusCode).toBe(200);
    await call(ctx.app, {
      method: "PATCH",
      url: "/shop/api/v1/greenfield/update-sbb-lead",
      token,
      payload: { name: "Aminah" },
    });
    await ctx.close();
    await db.close();

    db = await open();
    ctx = await buildTestApp(db, { dataDir, clock });
    const res = await call(ctx.app, {
      method: "PATCH",
      url: "/shop/api/v1/greenfield/update-sbb-lead",
      token,
      payload: { email: "aminah@example.my" },
    });
    expect(res.status).toBe(200);
    expect(res.body.response).toMatchObject({ leadId, name: "Aminah", email: "aminah@example.my" });
    expect(res.body.response.documents).toEqual([
      { documentId: signed.body.response.documentId, extension: "png" },
    ]);
    const key = (
      await db.query<{ storage_key: string }>("select storage_key from documents where id = $1", [
        signed.body.response.documentId,
      ])
    ).rows[0]!.storage_key;
    expect(await ctx.app.services.storage.exists(key)).toBe(true);
    await ctx.close();
    await db.close();
  }, 180_000);
});
