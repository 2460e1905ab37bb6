// Slow and malformed clients, over real sockets where the behaviour lives in the socket: a body
// one byte at a time, a head one byte at a time, a truncated multipart form, an oversized
// If-None-Match, an unparsable body on the entitled-fibre claim; in development (answers checked
// against the contracts) and in production (no checking) alike.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./db/database.js";
import { DEFAULT_TIMEOUTS } from "./lib/env.js";
import {
  buildTestApp,
  call,
  closeTestDatabase,
  openTestDatabase,
  type TestContext,
} from "./test/helper.js";

const BODY_MS = 1500;
const HEADERS_MS = 1500;

let db: Database;
const modes: Record<"development" | "production", TestContext> = {} as never;
beforeAll(async () => {
  db = await openTestDatabase();
  for (const mode of ["development", "production"] as const) {
    modes[mode] = await buildTestApp(db, {
      validateResponses: mode === "development",
      env: { timeouts: { ...DEFAULT_TIMEOUTS, bodyMs: BODY_MS, headersMs: HEADERS_MS } },
    });
    await modes[mode].app.listen({ host: "127.0.0.1", port: 0 });
  }
});
afterAll(async () => {
  for (const ctx of Object.values(modes)) await ctx?.close();
  await closeTestDatabase(db);
});

const portOf = (ctx: TestContext) => (ctx.app.server.address() as net.AddressInfo).port;

/**
 * Opens a socket, writes `head`, then `trickle` one byte every `everyMs`; resolves with what the
 * server answered and when the connection closed (ms after the start).
 */
function slowClient(port: number, head: string, trickle: string, everyMs: number) {
  return new Promise<{ answer: string; closedAfterMs: number }>((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    let i = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.on("connect", () => {
      socket.write(head);
      timer = setInterval(() => {
        if (i < trickle.length && !socket.destroyed) socket.write(trickle[i++]!);
      }, everyMs);
    });
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearInterval(timer);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
    // The test's own bound: the server must have closed long before.
    setTimeout(() => socket.destroy(), 20_000).unref();
  });
}

describe("slow clients are cut off", () => {
  for (const mode of ["development", "production"] as const) {
    it(`answers 408 and closes a body that trickles in (${mode})`, async () => {
      const body = JSON.stringify({ product: "fibre", language: "bm" });
      const { answer, closedAfterMs } = await slowClient(
        portOf(modes[mode]),
        `POST /shop/api/v1/greenfield/generate-sbb-lead HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
        body,
        500,
      );
      expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 408 Request Timeout");
      expect(answer.toLowerCase()).toContain("connection: close");
      expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toEqual({
        statusCode: 408,
        error: "Request Timeout",
        message: "The request body did not arrive within 2 s",
        code: "request.timeout",
      });
      expect(closedAfterMs).toBeGreaterThanOrEqual(BODY_MS);
      expect(closedAfterMs).toBeLessThan(BODY_MS + 3000);
    });
  }

  it("closes a connection whose head trickles in", async () => {
    const { answer, closedAfterMs } = await slowClient(
      portOf(modes.production),
      "GET /health/live HTTP/1.1\r\n",
      "X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
      500,
    );
    // Node answers 408 itself once HEADERS_TIMEOUT_MS has passed (checked every second).
    expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 408 Request Timeout");
    expect(closedAfterMs).toBeLessThan(HEADERS_MS + 3000);
  });

  it("answers a body that arrives in time as usual", async () => {
    const res = await call(modes.production.app, {
      method: "POST",
      url: "/shop/api/v1/greenfield/generate-sbb-lead",
      payload: { product: "fibre", language: "bm" },
    });
    expect(res.status).toBe(200);
    expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("malformed requests answer documented 4xx", () => {
  const marketingKey = { "x-api-key": "dev-marketing-key" };
  for (const mode of ["development", "production"] as const) {
    it(`a truncated or boundary-less multipart form is a 400 (${mode})`, async () => {
      const app = modes[mode].app;
      const truncated = await call(app, {
        method: "POST",
        url: "/marketing/contact-us",
        headers: { ...marketingKey, "content-type": "multipart/form-data; boundary=XYZ" },
        payload: '--XYZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nAminah',
      });
      expect(truncated.status).toBe(400);
      expect(truncated.body).toEqual({
        statusCode: 400,
        error: "Bad Request",
        message: "The multipart body is malformed",
        field: "body",
        code: "validation.body.malformed",
      });
      const noBoundary = await call(app, {
        method: "POST",
        url: "/marketing/contact-us",
        headers: { ...marketingKey, "content-type": "multipart/form-data" },
        payload: "garbage",
      });
      expect(noBoundary.status).toBe(400);
      expect(noBoundary.body.code).toBe("validation.body.malformed");
      const badHeader = await call(app, {
        method: "POST",
        url: "/marketing/contact-us",
        headers: { ...marketingKey, "content-type": "multipart/form-data; boundary=XYZ" },
        payload: "--XYZ\r\nthis is not a header\r\n\r\nvalue\r\n--XYZ--\r\n",
      });
      // busboy skips a part without a readable header: the form then lacks its fields.
      expect(badHeader.status).toBe(400);
      expect(badHeader.body).toMatchObject({ statusCode: 400, field: "formKey" });
    });

    it(`an If-None-Match over 1024 characters is a documented 400 (${mode})`, async () => {
      const res = await call(modes[mode].app, {
        method: "GET",
        url: "/content/api/v1/static/highlight/bm/announcement",
        headers: { "if-none-match": `"${"a".repeat(1100)}"` },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        statusCode: 400,
        error: "Bad Request",
        message: "If-None-Match is longer than 1024 characters",
        field: "If-None-Match",
        code: "validation.ifNoneMatch.tooLong",
      });
    });

    it(`an unparsable body on the entitled-fibre claim is an EntitledError 400 (${mode})`, async () => {
      const app = modes[mode].app;
      const auth = await call(app, {
        method: "POST",
        url: "/content/api/v1/authenticate",
        payload: { product: "fibre", accountNumber: "1000234567", identityCard: "850315145678" },
      });
      const res = await call(app, {
        method: "POST",
        url: "/content/api/v1/entitled-astro-fibre",
        token: auth.body.response.token,
        headers: { "content-type": "application/json" },
        payload: "{not json",
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { errorCode: "INVALID_REQUEST", message: res.body.message },
      ]);
      expect(Object.keys(res.body).sort()).toEqual(["error", "errors", "message", "statusCode"]);
    });
  }
});

/** Sends `head` and `bodyStart` over a socket, no more; resolves with the answer and its timing. */
function partialBody(port: number, head: string, bodyStart: string) {
  return new Promise<{ answer: string; closedAfterMs: number }>((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    socket.on("connect", () => socket.write(head + bodyStart));
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("error", () => undefined);
    socket.on("close", () => resolve({ answer, closedAfterMs: Date.now() - started }));
    setTimeout(() => socket.destroy(), 20_000).unref();
  });
}

describe("HTTP semantics (issue 21)", () => {
  for (const mode of ["development", "production"] as const) {
    it(`a 30 MB multipart form is a 413 from its Content-Length, before the body is read (${mode})`, async () => {
      const boundary = "XYZ";
      const head = [
        "POST /marketing/contact-us HTTP/1.1",
        "Host: localhost",
        "x-api-key: dev-marketing-key",
        `Content-Type: multipart/form-data; boundary=${boundary}`,
        `Content-Length: ${30 * 1024 * 1024}`,
        "",
        "",
      ].join("\r\n");
      // Only the first part is ever sent: the server must answer without waiting for the rest.
      const { answer, closedAfterMs } = await partialBody(
        portOf(modes[mode]),
        head,
        `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nAminah\r\n`,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer.toLowerCase()).toContain("connection: close");
      expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toEqual({
        statusCode: 413,
        error: "Payload Too Large",
        message: "The body exceeds 32768 bytes",
        code: "request.tooLarge",
      });
      expect(closedAfterMs).toBeLessThan(BODY_MS);
    });

    it(`a known path asked with another method is a 405 with Allow (${mode})`, async () => {
      const app = modes[mode].app;
      const cases: [string, string, string][] = [
        ["DELETE", "/shop/api/v1/greenfield/generate-sbb-lead", "POST, OPTIONS"],
        ["POST", "/content/api/v1/channel/bm/suria-sports-1", "GET, HEAD, OPTIONS"],
        ["GET", "/shop/api/v3/document/abc.pdf", "DELETE, OPTIONS"],
        ["PUT", "/health/ready", "GET, HEAD, OPTIONS"],
        ["PATCH", "/content/api/v1/entitled-astro-fibre", "GET, HEAD, POST, OPTIONS"],
      ];
      for (const [method, url, allow] of cases) {
        const res = await call(app, { method: method as "GET", url });
        expect(res.status, `${method} ${url}`).toBe(405);
        expect(res.headers.allow).toBe(allow);
        expect(res.body).toEqual({
          statusCode: 405,
          error: "Method Not Allowed",
          message: `Method ${method} is not allowed on ${url}; allowed: ${allow}`,
          code: "method.notAllowed",
        });
      }
      // An unknown path is still a 404.
      const unknown = await call(app, { method: "DELETE", url: "/shop/api/v1/nothing-here" });
      expect(unknown.status).toBe(404);
      expect(unknown.headers.allow).toBeUndefined();
    });

    it(`a JSON null body is a 400 naming the body, never taken as {} (${mode})`, async () => {
      const app = modes[mode].app;
      const json = { "content-type": "application/json" };
      const b40 = await call(app, {
        method: "POST",
        url: "/content/api/v1/b40/auth",
        headers: json,
        payload: "null",
      });
      expect(b40.status).toBe(400);
      expect(b40.body).toEqual({
        statusCode: 400,
        error: "Bad Request",
        message: "body must be object",
        field: "body",
        code: "validation.body.type",
      });
      // No body and {} are still the empty body.
      expect((await call(app, { method: "POST", url: "/content/api/v1/b40/auth" })).status).toBe(
        200,
      );
      const auth = await call(app, {
        method: "POST",
        url: "/content/api/v1/authenticate",
        payload: { product: "fibre", accountNumber: "1000234567", identityCard: "850315145678" },
      });
      const claim = await call(app, {
        method: "POST",
        url: "/content/api/v1/entitled-astro-fibre",
        token: auth.body.response.token,
        headers: json,
        payload: "null",
      });
      expect(claim.status).toBe(400);
      expect(claim.body).toEqual({
        statusCode: 400,
        error: "Bad Request",
        message: "body must be object",
        errors: [{ errorCode: "INVALID_REQUEST", message: "body must be object" }],
      });
      // A required body sent as null names the body too.
      const lead = await call(app, {
        method: "POST",
        url: "/shop/api/v1/greenfield/generate-sbb-lead",
        headers: json,
        payload: "null",
      });
      expect(lead.status).toBe(400);
      expect(lead.body).toMatchObject({ field: "body", code: "validation.body.type" });
    });
  }
});
