import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localStorage, s3Storage } from "./storage.js";

// A minimal S3-compatible endpoint (path-style PUT, HEAD, DELETE), enough to prove the S3 path.
const objects = new Map<string, { body: Buffer; type: string | undefined }>();
let server: Server;
let endpoint = "";
let dir = "";
beforeAll(async () => {
  server = createServer((req, res) => {
    const key = decodeURIComponent(req.url!.split("?")[0]!);
    if (req.method === "PUT") {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        objects.set(key, { body: Buffer.concat(chunks), type: req.headers["content-type"] });
        res.writeHead(200, { etag: '"x"' }).end();
      });
      return;
    }
    if (req.method === "HEAD") return res.writeHead(objects.has(key) ? 200 : 404).end();
    if (req.method === "DELETE") {
      objects.delete(key);
      return res.writeHead(204).end();
    }
    res.writeHead(405).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = await mkdtemp(join(tmpdir(), "portal-storage-"));
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await rm(dir, { recursive: true, force: true });
});

describe("file storage", () => {
  it("stores, finds and deletes files in an S3-compatible bucket", async () => {
    const storage = await s3Storage({
      bucket: "docs",
      region: "us-east-1",
      endpoint,
      accessKeyId: "k",
      secretAccessKey: "s",
      forcePathStyle: true,
    });
    const temp = join(dir, "a.part");
    await writeFile(temp, Buffer.from("%PDF-1.7 test"));
    await storage.put("abc123", temp, "application/pdf");
    expect(objects.get("/docs/abc123")).toEqual({
      body: Buffer.from("%PDF-1.7 test"),
      type: "application/pdf",
    });
    expect(await storage.exists("abc123")).toBe(true);
    await storage.delete("abc123");
    expect(await storage.exists("abc123")).toBe(false);
  });

  it("moves files into a local folder", async () => {
    const storage = localStorage(join(dir, "uploads"));
    const temp = join(dir, "b.part");
    await writeFile(temp, "x");
    await storage.put("key1", temp, "image/png");
    expect(await storage.exists("key1")).toBe(true);
    await storage.delete("key1");
    expect(await storage.exists("key1")).toBe(false);
  });
});
