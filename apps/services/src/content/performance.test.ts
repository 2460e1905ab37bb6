// Content answers compressed once and kept (brotli, gzip), each coding with its own ETag and 304;
// fresh planner statistics after an import (ANALYZE).
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.js";
import {
  buildTestApp,
  closeTestDatabase,
  openTestDatabase,
  type TestContext,
} from "../test/helper.js";
import { COMPRESS_MIN_BYTES, encodedVariant, encodingFor } from "./encoded.js";
import { importContent } from "./importer.js";

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

const SUPPORT = "/content/api/v1/static/support/bm/all";

describe("compressed content answers", () => {
  it("sends brotli or gzip when accepted, the same JSON, with its own ETag and 304", async () => {
    const plain = await ctx.app.inject({ method: "GET", url: SUPPORT });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toContain("Accept-Encoding");

    const br = await ctx.app.inject({
      method: "GET",
      url: SUPPORT,
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.etag).toBe(`${String(plain.headers.etag).slice(0, -1)}-br"`);
    expect(brotliDecompressSync(br.rawPayload).toString("utf8")).toBe(plain.body);
    // The support data is several times smaller on the wire.
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length * 0.35);

    const gzip = await ctx.app.inject({
      method: "GET",
      url: SUPPORT,
      headers: { "accept-encoding": "gzip;q=1, br;q=0" },
    });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString("utf8")).toBe(plain.body);

    const revalidated = await ctx.app.inject({
      method: "GET",
      url: SUPPORT,
      headers: { "accept-encoding": "br", "if-none-match": String(br.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
    expect(revalidated.headers.etag).toBe(br.headers.etag);
  });

  it("leaves small answers alone", async () => {
    const res = await ctx.app.inject({
      method: "GET",
      url: "/content/api/v1/static/highlight/bm/announcement",
      headers: { "accept-encoding": "br" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(res.headers["content-encoding"]).toBeUndefined();
  });

  it("compresses an answer once and keeps the bytes", () => {
    const answer = { body: JSON.stringify({ response: "x".repeat(5000) }), etag: '"abc"' };
    const first = encodedVariant(answer, "br");
    expect(encodedVariant(answer, "br")).toBe(first);
    expect(first.etag).toBe('"abc-br"');
    expect(encodingFor(undefined)).toBeUndefined();
    expect(encodingFor("identity")).toBeUndefined();
    expect(encodingFor("gzip, br")).toBe("br");
  });
});

describe("content import", () => {
  it("leaves fresh planner statistics behind (ANALYZE)", async () => {
    await importContent(db, { force: true });
    // ANALYZE writes the row estimate into pg_class at once (a never-analysed table says -1).
    const { rows } = await db.query<{ estimate: number; actual: number }>(
      `select c.reltuples::int as estimate, (select count(*) from content_documents)::int as actual
       from pg_class c where c.relname = 'content_documents'
         and c.relnamespace = current_schema()::regnamespace`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actual).toBeGreaterThan(100);
    expect(rows[0]!.estimate).toBe(rows[0]!.actual);
  });
});
