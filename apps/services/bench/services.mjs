// Child process of the benchmarks: the portal app alone (src/app.ts through tsx), configured by
// the environment the parent gives it (PostgreSQL with DATABASE_URL, else PGlite in a temporary
// folder), on loopback. It reports its URL over IPC and answers:
//   "cpu"  -> process.cpuUsage() (user + system µs so far)
//   "rss"  -> resident memory after a full garbage collection (needs --expose-gc)
//   "metrics" -> the /metrics text
//   "door" -> refusals answered before Fastify (plugins/security.ts, RefusalDoor)
//   "stop" -> closes and exits
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp } from "../src/app.ts";

const dataDir = await mkdtemp(join(tmpdir(), "portal-bench-"));
const app = await buildApp({
  env: { dataDir, logLevel: "silent" },
  logger: false,
  validateResponses: false,
});
await app.listen({ host: "127.0.0.1", port: Number(process.env.BENCH_SERVICES_PORT ?? 0) });
process.send({ base: `http://127.0.0.1:${app.server.address().port}`, pid: process.pid });

process.on("message", async (message) => {
  if (message === "cpu") {
    const { user, system } = process.cpuUsage();
    process.send({ cpu: user + system });
  } else if (message === "rss") {
    globalThis.gc?.();
    await new Promise((r) => setTimeout(r, 100));
    globalThis.gc?.();
    process.send({ rss: process.memoryUsage().rss });
  } else if (message === "door") {
    process.send({ door: app.refusalDoor.answered });
  } else if (message === "metrics") {
    process.send({ metrics: (await app.inject({ method: "GET", url: "/metrics" })).body });
  } else if (message === "stop") {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
});
