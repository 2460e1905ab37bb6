// Optional OpenTelemetry traces: a services process started with the standard OTLP variables
// exports a span per request to the collector they name (here a local HTTP listener).
import { createServer, type Server } from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startServerProcess, type ServerProcess } from "./test/server-process.js";

let collector: Server | undefined;
let server: ServerProcess | undefined;
let dataDir = "";
afterAll(async () => {
  await server?.stop();
  await new Promise((r) => (collector ? collector.close(r) : r(undefined)));
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("OpenTelemetry", () => {
  it("exports a span per request over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set", async () => {
    const received: { path: string; type: string; body: Buffer }[] = [];
    collector = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        received.push({
          path: req.url ?? "",
          type: String(req.headers["content-type"]),
          body: Buffer.concat(chunks),
        });
        res.writeHead(200, { "content-type": "application/json" }).end("{}");
      });
    });
    await new Promise<void>((r) => collector!.listen(4126, "127.0.0.1", r));
    dataDir = await mkdtemp(join(tmpdir(), "portal-otel-"));
    server = await startServerProcess(4125, {
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4126",
      OTEL_SERVICE_NAME: "portal-services-under-test",
      OTEL_BSP_SCHEDULE_DELAY: "200",
    });
    const res = await fetch(`${server.url}/config`);
    expect(res.status).toBe(200);
    // A search for a MyKad and a phone number typed as a referral code: masked in the span too.
    await fetch(`${server.url}/content/api/v1/search?keyword=880412-14-5678&lang=bm`);
    await fetch(`${server.url}/content/api/v1/referral/0123456789?lang=bm`);
    const deadline = Date.now() + 20_000;
    while (
      !(
        received.some((r) => r.body.includes("/config")) &&
        received.some((r) => r.body.includes("/content/api/v1/referral/"))
      ) &&
      Date.now() < deadline
    )
      await new Promise((r) => setTimeout(r, 200));
    const traces = received.filter((r) => r.path === "/v1/traces");
    expect(traces.length).toBeGreaterThan(0);
    const all = Buffer.concat(traces.map((t) => t.body));
    expect(all.includes("portal-services-under-test")).toBe(true);
    expect(all.includes("/config")).toBe(true);
    expect(all.includes("/content/api/v1/search?keyword=%5Bmykad%5D&lang=bm")).toBe(true);
    expect(all.includes("/content/api/v1/referral/[phone]?lang=bm")).toBe(true);
    expect(all.includes("880412")).toBe(false);
    expect(all.includes("0123456789")).toBe(false);
  }, 120_000);
});
