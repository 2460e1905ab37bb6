// Child process of bench/content.mjs: one process holding (a) a bare Fastify route and (b-d) the
// portal app (PGlite in a temporary data directory, production settings: no response
// validation, no logs), both on loopback. Reports its ports and the content ETag over IPC.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import { buildApp } from "../src/app.ts";

const HOST = "127.0.0.1";
const dataDir = await mkdtemp(join(tmpdir(), "portal-bench-"));

const bare = Fastify({ logger: false });
bare.get("/bare", async () => ({ response: { ok: true } }));
await bare.listen({ host: HOST, port: 0 });

const app = await buildApp({
  env: { portalEnv: "development", dataDir, logLevel: "silent" },
  logger: false,
  validateResponses: false,
  rateLimitMax: 1_000_000_000,
});
await app.listen({ host: HOST, port: 0 });

const port = (server) => server.server.address().port;
const contentPath = process.env.BENCH_CONTENT_PATH ?? "/content/api/v1/channel/bm/suria-sports-1";
const first = await app.inject({ method: "GET", url: contentPath });
if (first.statusCode !== 200) throw new Error(`${contentPath} answered ${first.statusCode}`);

process.send({
  bare: `http://${HOST}:${port(bare)}/bare`,
  base: `http://${HOST}:${port(app)}`,
  contentPath,
  etag: first.headers.etag,
});

process.on("message", async (message) => {
  if (message !== "stop") return;
  await app.close();
  await bare.close();
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
});
