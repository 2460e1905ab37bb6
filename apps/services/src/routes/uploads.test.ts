import { request } from "node:http";
import type { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.js";
import {
  buildTestApp,
  call,
  closeTestDatabase,
  createLead,
  openTestDatabase,
  type TestContext,
} from "../test/helper.js";

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

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(200, 1),
]);
const PDF = Buffer.from("%PDF-1.7\n1 0 obj << >> endobj\ntrailer\n%%EOF\n");
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 2)]);

const sign = async (token: string, type: string, title = "MyKad (front)") => {
  const res = await call(ctx.app, {
    method: "POST",
    url: "/shop/api/v3/generate-signed-url",
    token,
    payload: { title, type },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.response as {
    signedUploadUrl: string;
    documentId: string;
    extension: string;
    expiresAt: string;
  };
};
const put = (
  url: string,
  body: Buffer | Readable,
  contentType: string,
  headers: Record<string, string> = {},
) => {
  const u = new URL(url);
  return call(ctx.app, {
    method: "PUT",
    url: `${u.pathname}${u.search}`,
    payload: body,
    headers: { "content-type": contentType, ...headers },
  });
};
const storedKey = async (id: string) =>
  (
    await db.query<{ storage_key: string | null; status: string }>(
      "select storage_key, status from documents where id = $1",
      [id],
    )
  ).rows[0]!;

describe("signed uploads", () => {
  it("uploads a file to the signed URL once, stored under a random name", async () => {
    const { token } = await createLead(ctx.app);
    const s = await sign(token, "image/png");
    expect(s.extension).toBe("png");
    expect(s.signedUploadUrl).toContain(`/uploads/${s.documentId}?`);
    expect(new Date(s.expiresAt).getTime() - ctx.clock.now().getTime()).toBe(15 * 60 * 1000);
    const res = await put(s.signedUploadUrl, PNG, "image/png");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.response).toEqual({
      documentId: s.documentId,
      extension: "png",
      size: PNG.length,
      contentType: "image/png",
    });
    const row = await storedKey(s.documentId);
    expect(row.status).toBe("uploaded");
    expect(row.storage_key).not.toContain(s.documentId);
    expect(await ctx.app.services.storage.exists(row.storage_key!)).toBe(true);
    const again = await put(s.signedUploadUrl, PNG, "image/png");
    expect(again.status).toBe(409);
    // Uploaded files are never served: the path only takes a PUT.
    const read = await call(ctx.app, { method: "GET", url: `/uploads/${s.documentId}` });
    expect(read.status).toBe(405);
    expect(read.headers.allow).toBe("PUT, OPTIONS");
  });

  it("refuses a PDF inside a .png upload, and a type other than the signed one", async () => {
    const { token } = await createLead(ctx.app);
    const s = await sign(token, "image/png");
    const sniffed = await put(s.signedUploadUrl, PDF, "image/png");
    expect(sniffed.status).toBe(415);
    expect(sniffed.body.code).toBe("upload.type.mismatch");
    const declared = await put(s.signedUploadUrl, PDF, "application/pdf");
    expect(declared.status).toBe(415);
    const text = await put(s.signedUploadUrl, Buffer.from("hello world, plain text"), "image/png");
    expect(text.status).toBe(415);
    expect(text.body.code).toBe("upload.type.unsupported");
    expect((await storedKey(s.documentId)).status).toBe("pending");
  });

  it("accepts PDF and JPEG by their magic bytes", async () => {
    const { token } = await createLead(ctx.app);
    const pdf = await sign(token, "application/pdf");
    expect((await put(pdf.signedUploadUrl, PDF, "application/pdf")).status).toBe(200);
    const jpg = await sign(token, "image/jpeg");
    expect(jpg.extension).toBe("jpg");
    expect((await put(jpg.signedUploadUrl, JPEG, "image/jpeg")).status).toBe(200);
  });

  it("refuses bodies over 5,000,000 bytes, by header or while streaming (real socket)", async () => {
    const { token } = await createLead(ctx.app);
    const s = await sign(token, "image/png");
    const address = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    const target = new URL(s.signedUploadUrl);
    const send = (headers: Record<string, string | number>, totalBytes: number) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(
          `${address}${target.pathname}${target.search}`,
          { method: "PUT", headers: { "content-type": "image/png", ...headers } },
          (res) => {
            let body = "";
            res.on("data", (c: Buffer) => (body += c.toString()));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        // Writes after the server has answered may fail: that is the refusal working.
        req.on("error", (e: NodeJS.ErrnoException) =>
          ["EPIPE", "ECONNRESET", "ERR_STREAM_DESTROYED"].includes(e.code ?? "")
            ? undefined
            : reject(e),
        );
        let written = 0;
        const chunk = Buffer.alloc(64 * 1024, 7);
        const pump = () => {
          if (written === 0) {
            req.write(PNG);
            written += PNG.length;
          }
          while (written < totalBytes) {
            // Stop once the server has answered and closed the connection.
            if (req.destroyed || req.writableEnded) return;
            const part = chunk.subarray(0, Math.min(chunk.length, totalBytes - written));
            written += part.length;
            if (!req.write(part, () => undefined)) return req.once("drain", pump);
          }
          if (!req.destroyed) req.end();
        };
        pump();
      });
    const declared = await send({ "content-length": 5_000_001 }, 5_000_001);
    expect(declared.status).toBe(413);
    const streamed = await send({ "transfer-encoding": "chunked" }, 6_000_000);
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body).code).toBe("upload.tooLarge");
    expect((await storedKey(s.documentId)).status).toBe("pending");
    const exact = await send({ "content-length": 5_000_000 }, 5_000_000);
    expect(exact.status, exact.body).toBe(200);
    expect((await storedKey(s.documentId)).status).toBe("uploaded");
  });

  it("refuses an expired URL and a tampered one", async () => {
    const { token } = await createLead(ctx.app);
    const s = await sign(token, "image/png");
    const u = new URL(s.signedUploadUrl);
    const sig = u.searchParams.get("sig")!;
    u.searchParams.set("sig", `${sig.slice(0, -1)}${sig.endsWith("0") ? "1" : "0"}`);
    expect((await put(u.toString(), PNG, "image/png")).body.code).toBe("upload.signature.invalid");
    const widened = new URL(s.signedUploadUrl);
    widened.searchParams.set("type", "application/pdf");
    const w = await put(widened.toString(), PDF, "application/pdf");
    expect(w.status).toBe(403);
    const later = new URL(s.signedUploadUrl);
    later.searchParams.set("expires", String(Number(later.searchParams.get("expires")) + 3600));
    expect((await put(later.toString(), PNG, "image/png")).status).toBe(403);
    const other = await sign(token, "image/png");
    const swapped = new URL(s.signedUploadUrl.replace(s.documentId, other.documentId));
    expect((await put(swapped.toString(), PNG, "image/png")).status).toBe(403);
    ctx.clock.advance(15 * 60);
    const expired = await put(s.signedUploadUrl, PNG, "image/png");
    expect(expired.status).toBe(403);
    expect(expired.body.code).toBe("upload.signature.expired");
  });

  it("deletes a document of the token's lead only", async () => {
    const { token, leadId } = await createLead(ctx.app);
    const other = await createLead(ctx.app);
    const s = await sign(token, "image/png");
    await put(s.signedUploadUrl, PNG, "image/png");
    const key = (await storedKey(s.documentId)).storage_key!;
    const lead = await call(ctx.app, {
      method: "PATCH",
      url: "/shop/api/v1/greenfield/update-sbb-lead",
      token,
      payload: { name: "Ali" },
    });
    expect(lead.body.response.documents).toEqual([{ documentId: s.documentId, extension: "png" }]);
    const url = `/shop/api/v3/document/${s.documentId}.png`;
    expect((await call(ctx.app, { method: "DELETE", url })).status).toBe(401);
    const foreign = await call(ctx.app, { method: "DELETE", url, token: other.token });
    expect(foreign.status).toBe(403);
    expect(
      (
        await call(ctx.app, {
          method: "DELETE",
          url: `/shop/api/v3/document/${s.documentId}.pdf`,
          token,
        })
      ).status,
    ).toBe(404);
    const res = await call(ctx.app, { method: "DELETE", url, token });
    expect(res.status).toBe(200);
    expect(res.body.response).toEqual({
      documentId: s.documentId,
      extension: "png",
      deleted: true,
    });
    expect(await ctx.app.services.storage.exists(key)).toBe(false);
    expect((await call(ctx.app, { method: "DELETE", url, token })).status).toBe(404);
    expect(leadId).toBeTruthy();
  });

  it("refuses bad signed-url bodies naming the field, and caps documents per lead", async () => {
    const { token } = await createLead(ctx.app);
    const bad = await call(ctx.app, {
      method: "POST",
      url: "/shop/api/v3/generate-signed-url",
      token,
      payload: { title: "x", type: "image/gif" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("type");
    for (let i = 0; i < 5; i += 1) await sign(token, "image/png");
    const over = await call(ctx.app, {
      method: "POST",
      url: "/shop/api/v3/generate-signed-url",
      token,
      payload: { title: "x", type: "image/png" },
    });
    expect(over.status).toBe(409);
  });
});
