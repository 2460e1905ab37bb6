// Graceful shutdown of a services process (src/server.ts): SIGTERM closes it cleanly at once
// when idle, and a request that will not finish cannot hold it past SHUTDOWN_TIMEOUT_MS.
import net from "node:net";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startServerProcess, type ServerProcess } from "./test/server-process.js";

const folders: string[] = [];
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop("SIGKILL");
  for (const dir of folders) await rm(dir, { recursive: true, force: true });
});

const start = async (port: number) => {
  const dir = await mkdtemp(join(tmpdir(), "portal-shutdown-"));
  folders.push(dir);
  const server = await startServerProcess(port, {
    DATA_DIR: dir,
    DATABASE_URL: "",
    SHUTDOWN_TIMEOUT_MS: "1500",
    BODY_TIMEOUT_MS: "60000",
    LOG_LEVEL: "info",
  });
  servers.push(server);
  return server;
};

describe("graceful shutdown", () => {
  it("exits 0 at once on SIGTERM when idle, and releases the data folder", async () => {
    const server = await start(4123);
    // Code 0: it closed before the deadline (past it, close-with-grace exits with 1).
    expect(await server.stop("SIGTERM")).toBe(0);
    expect(server.output()).toContain('"msg":"shutting down"');
  }, 120_000);

  it("exits with code 1 at the deadline when a request is still in flight", async () => {
    const server = await start(4124);
    // A request whose body never ends.
    const socket = net.connect(4124, "127.0.0.1");
    socket.on("error", () => undefined);
    await new Promise((r) => socket.once("connect", r));
    socket.write(
      "POST /shop/api/v1/greenfield/generate-sbb-lead HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
    );
    await new Promise((r) => setTimeout(r, 300));
    const started = Date.now();
    const code = await server.stop("SIGTERM");
    const took = Date.now() - started;
    socket.destroy();
    expect(code).toBe(1);
    expect(took).toBeGreaterThanOrEqual(1400);
    expect(took).toBeLessThan(10_000);
    expect(server.output()).toContain("shutdown deadline passed");
  }, 120_000);
});
