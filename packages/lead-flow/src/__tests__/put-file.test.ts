import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { putFile, putWithStream } from "../index.js";

let url = "";
let status = 200;
const received: Array<{ method?: string; headers: IncomingHttpHeaders; bytes: number }> = [];
const server = createServer((req, res) => {
  let bytes = 0;
  req.on("data", (chunk: Buffer) => (bytes += chunk.length));
  req.on("end", () => {
    received.push({ method: req.method, headers: req.headers, bytes });
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(status === 200 ? { response: { ok: true } } : { statusCode: status }));
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/uploads/doc-1?sig=x`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("putWithStream (Node)", () => {
  it("is the default outside browsers", () => {
    expect(typeof XMLHttpRequest).toBe("undefined");
    expect(putFile).toBeTypeOf("function");
  });

  it("streams the file with its content type and length, reporting progress up to the total", async () => {
    status = 200;
    const file = new File([new Uint8Array(300_000).fill(7)], "scan.pdf", {
      type: "application/pdf",
    });
    const progress: number[] = [];
    await putFile(url, file, {
      contentType: file.type,
      onProgress: (loaded, total) => {
        expect(total).toBe(300_000);
        progress.push(loaded);
      },
    });
    const last = received.at(-1)!;
    expect(last).toMatchObject({ method: "PUT", bytes: 300_000 });
    expect(last.headers["content-type"]).toBe("application/pdf");
    expect(last.headers["content-length"]).toBe("300000");
    expect(progress.length).toBeGreaterThan(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(300_000);
  });

  it("rejects with the status of a refused upload", async () => {
    status = 415;
    const file = new File([new Uint8Array(10)], "x.png", { type: "image/png" });
    await expect(putWithStream(url, file, { contentType: "image/png" })).rejects.toMatchObject({
      code: "upload-failed",
      statusCode: 415,
    });
  });

  it("rejects an aborted upload", async () => {
    status = 200;
    const controller = new AbortController();
    controller.abort();
    const file = new File([new Uint8Array(10)], "x.png", { type: "image/png" });
    await expect(
      putWithStream(url, file, { contentType: "image/png", signal: controller.signal }),
    ).rejects.toMatchObject({ code: "upload-failed", message: "Request aborted" });
  });
});
