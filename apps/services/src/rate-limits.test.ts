// The per-client route limits hold across instances (issue 21): two instances on one database
// (PGlite shares one engine; with DATABASE_URL two apps on one PostgreSQL schema), 100 concurrent
// calls from one address split over both, with the default maximum (30 a minute; B40 token 20).
// The bound is the count; timing is the benchmark's (bench/rate-limits.mjs).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./db/database.js";
import { ManualClock } from "./lib/clock.js";
import {
  buildTestApp,
  closeTestDatabase,
  openTestDatabase,
  type TestContext,
} from "./test/helper.js";

let db: Database;
const clock = new ManualClock();
let one: TestContext;
let two: TestContext;

beforeAll(async () => {
  db = await openTestDatabase();
  [one, two] = [
    await buildTestApp(db, { clock, rateLimitMax: 30 }),
    await buildTestApp(db, { clock, rateLimitMax: 30 }),
  ];
});
afterAll(async () => {
  await one?.close();
  await two?.close();
  await closeTestDatabase(db);
});

/** `n` concurrent calls from one address, alternating between the instances; their statuses. */
async function burst(n: number, url: string, payload: unknown, address: string) {
  const answers = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      (i % 2 ? two : one).app.inject({
        method: "POST",
        url,
        payload: payload as object,
        remoteAddress: address,
      }),
    ),
  );
  return answers.map((r) => r.statusCode);
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe("per-client limits across two instances, 100 concurrent calls", () => {
  it.each([
    { name: "B40 token", url: "/content/api/v1/b40/auth", payload: undefined, limit: 20 },
    {
      name: "lead creation",
      url: "/shop/api/v1/greenfield/generate-sbb-lead",
      payload: { product: "fibre", language: "bm" },
      limit: 30,
    },
  ])(
    "$name: at most the limit ($limit) gets through, the rest 429",
    async ({ url, payload, limit }) => {
      const address = `198.51.100.${limit}`;
      const statuses = await burst(100, url, payload, address);
      expect(count(statuses, 200)).toBeLessThanOrEqual(limit);
      expect(count(statuses, 200)).toBeGreaterThanOrEqual(Math.floor(limit * 0.9));
      expect(count(statuses, 200) + count(statuses, 429)).toBe(100);
      // Both instances keep refusing the address for the rest of the minute, from memory.
      let statements = 0;
      db.observe(() => (statements += 1));
      expect(await burst(10, url, payload, address)).toEqual(Array(10).fill(429));
      db.observe(undefined);
      expect(statements).toBe(0);
      // Another address has its own count.
      expect(count(await burst(4, url, payload, "192.0.2.77"), 200)).toBe(4);
      clock.advance(61);
      expect(count(await burst(2, url, payload, address), 200)).toBe(2);
    },
  );
});

describe("a client known over its limit is refused before the limiter (issue 22)", () => {
  const url = "/shop/api/v1/greenfield/generate-sbb-lead";
  const payload = { product: "fibre", language: "bm" };
  const post = (address: string, body: object | string = payload) =>
    one.app.inject({
      method: "POST",
      url,
      payload: body,
      headers: { "content-type": "application/json", origin: "http://localhost:5173" },
      remoteAddress: address,
    });

  it("answers the limiter's 429 (status, headers, body), counts nothing, reads no body", async () => {
    const address = "203.0.113.9";
    for (let i = 0; i < 30; i++) expect((await post(address)).statusCode).toBe(200);
    // The 31st: the lease comes back short, the limiter itself refuses.
    const limiter = await post(address);
    expect(limiter.statusCode).toBe(429);
    expect(one.app.rateLimitCounters.refusing(`POST ${url}|${address}`)).toBeGreaterThan(0);
    let statements = 0;
    db.observe(() => (statements += 1));
    const fast = await post(address);
    // A body that would answer 400 is not even read: the refusal comes first.
    const malformed = await post(address, "{not json");
    db.observe(undefined);
    expect(statements).toBe(0);
    expect(fast.statusCode).toBe(429);
    expect(malformed.statusCode).toBe(429);
    expect(fast.body).toBe(limiter.body);
    expect(fast.json()).toMatchObject({ statusCode: 429, code: "rateLimit.exceeded" });
    const names = (r: typeof fast) => Object.keys(r.headers).sort();
    expect(names(fast)).toEqual(names(limiter));
    for (const name of [
      "retry-after",
      "x-ratelimit-limit",
      "x-ratelimit-remaining",
      "x-ratelimit-reset",
      "content-type",
      "content-length",
      "vary",
      "content-security-policy",
      "x-frame-options",
    ])
      expect([name, fast.headers[name]]).toEqual([name, limiter.headers[name]]);
    expect(fast.headers["x-request-id"]).toBeTruthy();
    // The window ends: the address is let through again.
    clock.advance(61);
    expect((await post(address)).statusCode).toBe(200);
  });
});

describe("a client known over its limit is refused at the door, before Fastify (issue 21)", () => {
  const url = "/shop/api/v1/greenfield/generate-sbb-lead";
  let door: TestContext;
  let base: string;

  beforeAll(async () => {
    door = await buildTestApp(db, { clock, rateLimitMax: 30, env: { trustProxy: true } });
    base = await door.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => door?.close());

  const post = async (address: string, headers: Record<string, string> = {}, path = url) => {
    const res = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": address, ...headers },
      body: JSON.stringify({ product: "fibre", language: "bm" }),
    });
    return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
  };

  it("answers the same 429 as Fastify's fast refusal, per Origin, with no statement", async () => {
    const address = "203.0.113.21";
    const origin = { origin: "http://localhost:3000" }; // the allowed origin (CORS_ORIGIN)
    for (let i = 0; i < 30; i++) expect((await post(address, origin)).status).toBe(200);
    // The route's first refusal for this Origin is Fastify's (the limiter's, or its fast one
    // once the lease came back short), and teaches the door.
    const before = door.app.refusalDoor.answered;
    const fastify = await post(address, origin);
    expect(fastify.status).toBe(429);
    expect(door.app.refusalDoor.answered).toBe(before);
    let statements = 0;
    db.observe(() => (statements += 1));
    const atDoor = await post(address, origin);
    const withQuery = await post(address, origin, `${url}/?utm_source=x`);
    db.observe(undefined);
    expect(statements).toBe(0);
    expect(door.app.refusalDoor.answered).toBe(before + 2);
    expect([atDoor.status, withQuery.status]).toEqual([429, 429]);
    expect(atDoor.body).toBe(fastify.body);
    const without = (h: Record<string, string>) => {
      const { date: _date, "x-request-id": _id, ...rest } = h;
      return rest;
    };
    expect(without(atDoor.headers)).toEqual(without(fastify.headers));
    expect(atDoor.headers["access-control-allow-origin"]).toBe("http://localhost:3000");
    expect(atDoor.headers["x-ratelimit-limit"]).toBe("30");
    expect(atDoor.headers["x-request-id"]).not.toBe(fastify.headers["x-request-id"]);
    // A proxy's request id is kept, as Fastify keeps it.
    expect((await post(address, { ...origin, "x-request-id": "edge-42" })).headers).toMatchObject({
      "x-request-id": "edge-42",
    });
    // Another Origin value: Fastify answers first (and the door learns it), then the door.
    const other = { origin: "https://evil.example" };
    await post(address, other);
    const answered = door.app.refusalDoor.answered;
    const otherAtDoor = await post(address, other);
    expect(otherAtDoor.status).toBe(429);
    expect(otherAtDoor.headers["access-control-allow-origin"]).toBeUndefined();
    expect(door.app.refusalDoor.answered).toBe(answered + 1);
    // Another address behind the same proxy is let through.
    expect((await post("203.0.113.22", origin)).status).toBe(200);
    // The refusals are counted by route in the metrics.
    const metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metrics).toMatch(
      new RegExp(`rate_limit_refusals_total\\{route="${url.replaceAll("/", "\\/")}"\\} \\d+`),
    );
  });

  it("leaves to Fastify a body over the route's limit (413), and a draining instance (503)", async () => {
    const address = "203.0.113.23";
    for (let i = 0; i < 30; i++) await post(address);
    expect((await post(address)).status).toBe(429); // Fastify's, without an Origin
    const before = door.app.refusalDoor.answered;
    expect((await post(address)).status).toBe(429);
    expect(door.app.refusalDoor.answered).toBe(before + 1);
    const big = await fetch(`${base}${url}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": address },
      body: JSON.stringify({ product: "fibre", language: "bm", pad: "x".repeat(70 * 1024) }),
    });
    expect(big.status).toBe(413);
    await big.arrayBuffer();
    door.app.draining = true;
    try {
      expect((await post(address)).status).toBe(503);
    } finally {
      door.app.draining = false;
    }
    expect(door.app.refusalDoor.answered).toBe(before + 1);
  });
});

describe("the door's client address is Fastify's request.ip", () => {
  it.each([false, true, 1, "127.0.0.1", "10.0.0.0/8, 127.0.0.1"] as const)(
    "trustProxy %s",
    async (trustProxy) => {
      const { default: Fastify } = await import("fastify");
      const { doorClientAddress, doorTrust } = await import("./plugins/security.js");
      const app = Fastify({ trustProxy: trustProxy as boolean | string });
      app.get("/ip", async (request) => ({
        fastify: request.ip,
        door: doorClientAddress(request.raw, doorTrust(trustProxy)),
      }));
      const base = await app.listen({ port: 0, host: "127.0.0.1" });
      try {
        for (const forwarded of [undefined, "198.51.100.7", "198.51.100.7, 10.1.2.3", "junk"]) {
          const res = await fetch(`${base}/ip`, {
            headers: forwarded ? { "x-forwarded-for": forwarded } : {},
          });
          const { fastify, door } = (await res.json()) as { fastify: string; door: string };
          expect([forwarded, door]).toEqual([forwarded, fastify]);
        }
      } finally {
        await app.close();
      }
    },
  );
});
