#!/usr/bin/env node
// Our ETag plugin (src/plugins/etag.ts) against @fastify/etag 6 on the same route and body, in one
// child process, driven by autocannon from this one (a script, not a test):
//   node --import tsx --conditions=@portal/source bench/etag.mjs
// Scenarios: 200 with a fresh ETag, and 304 for a matching If-None-Match. Rounds interleave.
// BENCH_DURATION (s, default 4), BENCH_ROUNDS (default 3), BENCH_CONNECTIONS (default 50).
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { cannon, loadAverage, statuses } from "./lib.mjs";

if (process.argv[2] === "child") {
  const { default: Fastify } = await import("fastify");
  const { default: ours } = await import("../src/plugins/etag.ts");
  const { default: theirs } = await import("@fastify/etag");
  // A 2 KB JSON answer, like a content document.
  const body = {
    response: {
      items: Array.from({ length: 20 }, (_, i) => ({
        id: `item-${i}`,
        name: `Item number ${i}`,
        description: "x".repeat(60),
      })),
    },
  };
  const make = async (plugin) => {
    const app = Fastify({ logger: false });
    await app.register(plugin);
    app.get("/doc", async () => body);
    await app.listen({ host: "127.0.0.1", port: 0 });
    return `http://127.0.0.1:${app.server.address().port}/doc`;
  };
  process.send({ ours: await make(ours), theirs: await make(theirs) });
} else {
  const duration = Number(process.env.BENCH_DURATION ?? 4);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
  const loadBefore = await loadAverage();
  const child = fork(fileURLToPath(import.meta.url), ["child"], {
    execArgv: ["--import", "tsx", "--conditions=@portal/source"],
  });
  const urls = await new Promise((r) => child.once("message", r));
  const tags = {};
  for (const which of ["ours", "theirs"])
    tags[which] = (await fetch(urls[which])).headers.get("etag");
  const results = { ours: { 200: [], 304: [] }, theirs: { 200: [], 304: [] } };
  for (let round = 0; round < rounds; round++) {
    for (const which of ["ours", "theirs"]) {
      for (const status of [200, 304]) {
        const headers = status === 304 ? { "if-none-match": tags[which] } : {};
        await cannon({ url: urls[which], headers, connections, duration: 1 });
        const r = await cannon({ url: urls[which], headers, connections, duration });
        if ((statuses(r)[status] ?? 0) === 0) throw new Error(`${which} answered no ${status}`);
        results[which][status].push(r.requests.average);
      }
    }
  }
  child.kill();
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  console.log(
    `ETag plugins, ${rounds} rounds x ${duration} s, ${connections} connections, Node ${process.version}; load average ${loadBefore} before, ${await loadAverage()} after`,
  );
  console.log("| plugin | 200 req/s | 304 req/s |");
  console.log("|---|---:|---:|");
  for (const which of ["ours", "theirs"])
    console.log(
      `| ${which === "ours" ? "src/plugins/etag.ts (SHA-256)" : "@fastify/etag 6 (SHA-1)"} | ${Math.round(median(results[which][200]))} | ${Math.round(median(results[which][304]))} |`,
    );
}
