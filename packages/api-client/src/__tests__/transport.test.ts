import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "../errors.js";
import { createMemoryCache } from "../etag-cache.js";
import {
  createTransport,
  DEFAULT_TIMEOUT,
  newIdempotencyKey,
  type OperationSpec,
} from "../transport.js";
import { closedPort, json, startServer, type TestServer } from "./test-server.js";

function op(
  partial: Partial<OperationSpec> & Pick<OperationSpec, "method" | "path">,
): OperationSpec {
  return { operationId: "testOp", security: [], params: { path: [], query: [] }, ...partial };
}

const getItem = op({ method: "get", path: "/items/{id}", params: { path: ["id"], query: [] } });
const list = op({ method: "get", path: "/items", params: { path: [], query: ["tags", "q"] } });
const create = op({
  method: "post",
  path: "/items",
  body: { contentType: "application/json", required: true },
});
const secured = op({
  operationId: "securedOp",
  method: "get",
  path: "/secret",
  security: [{ scheme: "leadToken", credential: "token", header: "Authorization" }],
});

// A fresh server per test: a request the previous test gave up on (timeout, abort) can still
// arrive late, and must not be counted by the next test.
let server: TestServer;
beforeEach(async () => {
  server = await startServer((_req, res) => json(res, 200, { response: null }));
});
afterEach(() => server.close());

function transport(overrides: Partial<Parameters<typeof createTransport>[0]> = {}) {
  return createTransport({
    baseUrl: server.url,
    timeout: DEFAULT_TIMEOUT,
    cache: false,
    ...overrides,
  });
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("envelope", () => {
  it("reads data from the `response` field and answers { success, statusCode, data }", async () => {
    server.handle((_req, res) => json(res, 200, { response: { id: "a", n: 1 }, other: true }));
    await expect(transport().send(getItem, { params: { id: "a" } })).resolves.toEqual({
      success: true,
      statusCode: 200,
      data: { id: "a", n: 1 },
    });
    expect(server.requests[0]?.url).toBe("/items/a");
  });

  it("keeps the 2xx status and sends a JSON body with a JSON content type by default", async () => {
    server.handle((req, res) => json(res, 201, { response: JSON.parse(req.body.toString()) }));
    const result = await transport().send(create, { body: { name: "Aminah", tags: ["x"] } });
    expect(result).toEqual({
      success: true,
      statusCode: 201,
      data: { name: "Aminah", tags: ["x"] },
    });
    expect(server.requests[0]?.method).toBe("POST");
    expect(server.requests[0]?.headers["content-type"]).toBe("application/json");
  });

  it("answers data undefined for an empty 2xx body (204)", async () => {
    server.handle((_req, res) => {
      res.writeHead(204);
      res.end();
    });
    await expect(transport().send(getItem, { params: { id: "a" } })).resolves.toEqual({
      success: true,
      statusCode: 204,
      data: undefined,
    });
  });

  it("rejects a 2xx JSON body that does not parse with code invalid-response", async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end("{not json");
    });
    const error = await failure(transport().send(getItem, { params: { id: "a" } }));
    expect(error.code).toBe("invalid-response");
    expect(error.statusCode).toBe(200);
  });
});

describe("failures", () => {
  it("throws { success: false, statusCode, error } with the parsed error body", async () => {
    const body = { statusCode: 404, error: "Not Found", message: "No such item" };
    server.handle((_req, res) => json(res, 404, body));
    const error = await failure(transport().send(getItem, { params: { id: "zz" } }));
    expect(error).toMatchObject({ success: false, statusCode: 404, error: body, code: "http" });
    expect(error.toJSON()).toMatchObject({ success: false, statusCode: 404, error: body });
  });

  it("uses 'Internal Server Error' when the error response has no body", async () => {
    server.handle((_req, res) => {
      res.writeHead(503, { "Content-Length": "0" });
      res.end();
    });
    const error = await failure(transport().send(getItem, { params: { id: "a" } }));
    expect(error).toMatchObject({
      success: false,
      statusCode: 503,
      error: "Internal Server Error",
    });
  });

  it("uses 'Internal Server Error' when a chunked error response is empty", async () => {
    server.handle((_req, res) => {
      res.writeHead(500, { "Content-Type": "text/plain" });
      res.end();
    });
    const error = await failure(transport().send(getItem, { params: { id: "a" } }));
    expect(error).toMatchObject({ statusCode: 500, error: "Internal Server Error" });
  });

  it("keeps a non-JSON error body as text", async () => {
    server.handle((_req, res) => {
      res.writeHead(502, { "Content-Type": "text/plain" });
      res.end("upstream down");
    });
    const error = await failure(transport().send(getItem, { params: { id: "a" } }));
    expect(error).toMatchObject({ statusCode: 502, error: "upstream down" });
  });

  it("answers 'Network Error' with statusCode 400 when there is no response (closed port)", async () => {
    const error = await failure(
      createTransport({ baseUrl: await closedPort(), timeout: 5000, cache: false }).send(getItem, {
        params: { id: "a" },
      }),
    );
    expect(error.message).toBe("Network Error");
    expect(error).toMatchObject({
      code: "network",
      success: false,
      statusCode: 400,
      error: "Internal Server Error",
    });
  });

  it("answers 'timeout of Nms exceeded' with the configured timeout", async () => {
    server.handle((_req, res) => void setTimeout(() => json(res, 200, { response: 1 }), 400));
    const error = await failure(transport({ timeout: 50 }).send(getItem, { params: { id: "a" } }));
    expect(error.message).toBe("timeout of 50ms exceeded");
    expect(error).toMatchObject({
      code: "timeout",
      statusCode: 400,
      error: "Internal Server Error",
    });
  });

  it("lets a call override the timeout", async () => {
    server.handle((_req, res) => void setTimeout(() => json(res, 200, { response: 1 }), 400));
    const error = await failure(transport().send(getItem, { params: { id: "a" }, timeout: 30 }));
    expect(error.message).toBe("timeout of 30ms exceeded");
  });

  it("defaults to a 60000 ms timeout", () => {
    expect(DEFAULT_TIMEOUT).toBe(60_000);
  });

  it("answers 'Request aborted' when the caller's signal fires mid-request", async () => {
    server.handle((_req, res) => void setTimeout(() => json(res, 200, { response: 1 }), 400));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const error = await failure(
      transport().send(getItem, { params: { id: "a" }, signal: controller.signal }),
    );
    expect(error.message).toBe("Request aborted");
    expect(error).toMatchObject({ code: "aborted", statusCode: 400 });
  });

  it("answers 'Request aborted' for an already aborted signal without sending", async () => {
    const error = await failure(
      transport().send(getItem, { params: { id: "a" }, signal: AbortSignal.abort() }),
    );
    expect(error.code).toBe("aborted");
    expect(server.requests).toHaveLength(0);
  });

  it("rejects a missing path parameter, naming it, before sending", async () => {
    const error = await failure(transport().send(getItem, { params: {} }));
    expect(error.code).toBe("invalid-option");
    expect(error.message).toContain('"id"');
    expect(server.requests).toHaveLength(0);
  });

  it("rejects a non-positive timeout, naming the option", () => {
    expect(() => transport({ timeout: 0 })).toThrow(/"timeout"/);
  });
});

describe("authorization", () => {
  it("sends Authorization: Bearer <token> when a token is supplied", async () => {
    await transport().send(getItem, { params: { id: "a" }, token: "jwt.abc" });
    expect(server.requests[0]?.headers.authorization).toBe("Bearer jwt.abc");
  });

  it("sends '<tokenType> <token>' for a token object (the B40 token)", async () => {
    await transport().send(getItem, {
      params: { id: "a" },
      token: { tokenType: "Bearer", token: "b40.jwt" },
    });
    expect(server.requests[0]?.headers.authorization).toBe("Bearer b40.jwt");
  });

  it("sends no Authorization header without a token (or with an empty one)", async () => {
    await transport().send(getItem, { params: { id: "a" } });
    await transport().send(getItem, { params: { id: "a" }, token: "" });
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([undefined, undefined]);
  });

  it("rejects a token-gated operation without a token, naming the option, before sending", async () => {
    const error = await failure(transport().send(secured));
    expect(error.code).toBe("missing-token");
    expect(error.message).toContain('"token"');
    expect(error.message).toContain("securedOp");
    expect(error.error).toBe("Token is unavailable");
    expect(server.requests).toHaveLength(0);
  });

  it("sends an API key in the header its scheme names", async () => {
    const keyed = op({
      method: "post",
      path: "/contact",
      security: [{ scheme: "marketingApiKey", credential: "apiKey", header: "x-api-key" }],
      body: { contentType: "application/json", required: true },
    });
    await expect(transport().send(keyed, { body: {} })).rejects.toMatchObject({
      code: "missing-token",
      message: expect.stringContaining('"apiKey"'),
    });
    await transport().send(keyed, { body: {}, apiKey: "k-123" });
    expect(server.requests[0]?.headers["x-api-key"]).toBe("k-123");
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });
});

describe("cookies", () => {
  it("never sends cookies, even after the server sets one (credentials: 'omit')", async () => {
    server.handle((_req, res) =>
      json(res, 200, { response: 1 }, { "Set-Cookie": "session=abc; Path=/; HttpOnly" }),
    );
    const credentials: RequestCredentials[] = [];
    const recordingFetch: typeof fetch = (input, init) => {
      credentials.push((input as Request).credentials);
      return fetch(input, init);
    };
    const client = transport({ fetch: recordingFetch });
    await client.send(getItem, { params: { id: "a" } });
    await client.send(getItem, { params: { id: "a" } });
    expect(server.requests).toHaveLength(2);
    expect(server.requests.map((r) => r.headers.cookie)).toEqual([undefined, undefined]);
    expect(credentials).toEqual(["omit", "omit"]);
  });
});

describe("query string", () => {
  it("puts GET parameters in the query, arrays repeated and special characters encoded", async () => {
    const q = "a&b=c d/é?#+%";
    await transport().send(list, { params: { tags: ["x y", "z&w"], q, skipped: undefined } });
    const url = new URL(server.requests[0]!.url, server.url);
    expect(url.pathname).toBe("/items");
    expect(url.searchParams.getAll("tags")).toEqual(["x y", "z&w"]);
    expect(url.searchParams.get("q")).toBe(q);
    expect(url.searchParams.has("skipped")).toBe(false);
    expect(server.requests[0]!.url).toContain("tags=x%20y&tags=z%26w");
    expect(server.requests[0]!.body.length).toBe(0);
  });

  it("encodes path parameters", async () => {
    await transport().send(getItem, { params: { id: "a b/c" } });
    expect(server.requests[0]?.url).toBe("/items/a%20b%2Fc");
  });
});

describe("content type", () => {
  it("sends multipart/form-data when the call overrides the content type", async () => {
    let fields: Record<string, string> = {};
    server.handle(async (req, res) => {
      const form = await new Response(new Uint8Array(req.body), {
        headers: { "Content-Type": req.headers["content-type"] ?? "" },
      }).formData();
      fields = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
      json(res, 200, { response: "ok" });
    });
    await transport().send(create, {
      body: { name: "Aminah", message: "Hello & welcome", consent: true },
      contentType: "multipart/form-data",
    });
    expect(server.requests[0]?.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(fields).toEqual({ name: "Aminah", message: "Hello & welcome", consent: "true" });
  });

  it("uses the operation's own media type from the spec", async () => {
    const form = op({
      method: "post",
      path: "/form",
      body: { contentType: "multipart/form-data", required: true },
    });
    await transport().send(form, { body: { a: "1" } });
    expect(server.requests[0]?.headers["content-type"]).toMatch(/^multipart\/form-data/);
  });

  it("sends a raw body as given with the overriding content type", async () => {
    const put = op({
      method: "put",
      path: "/raw",
      body: { contentType: "application/json", required: true },
    });
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    await transport().send(put, { body: bytes, contentType: "image/png" });
    expect(server.requests[0]?.headers["content-type"]).toBe("image/png");
    expect([...server.requests[0]!.body]).toEqual([...bytes]);
  });
});

describe("entity-tag cache through the transport", () => {
  it("is only used for GET", async () => {
    const cache = createMemoryCache();
    server.handle((_req, res) => json(res, 200, { response: 1 }, { ETag: '"p1"' }));
    await transport({ cache }).send(create, { body: {} });
    expect(cache.get(`${server.url}/items`)).toBeUndefined();
  });
});

describe("Idempotency-Key and retries", () => {
  it("sends the key, and sends the same key again after a 503 and a 409 idempotency.inFlight", async () => {
    const answers = [
      () => ({ status: 503, body: { statusCode: 503, code: "database.unavailable" } }),
      () => ({ status: 409, body: { statusCode: 409, code: "idempotency.inFlight" } }),
      () => ({ status: 200, body: { response: { id: "lead-1" } } }),
    ];
    const keys: (string | undefined)[] = [];
    server.handle((req, res) => {
      keys.push(req.headers["idempotency-key"] as string | undefined);
      const answer = answers[keys.length - 1]!();
      json(res, answer.status, answer.body);
    });
    await expect(
      transport().send(create, { body: { a: 1 }, idempotencyKey: "key-1", retries: 3 }),
    ).resolves.toEqual({ success: true, statusCode: 200, data: { id: "lead-1" } });
    expect(keys).toEqual(["key-1", "key-1", "key-1"]);
  });

  it("does not retry without a key, nor a 409 of another kind, nor past `retries`", async () => {
    let calls = 0;
    server.handle((_req, res) => {
      calls++;
      json(res, 503, { statusCode: 503, code: "database.unavailable" });
    });
    expect((await failure(transport().send(create, { body: {}, retries: 3 }))).statusCode).toBe(
      503,
    );
    expect(calls).toBe(1);
    calls = 0;
    await failure(transport().send(create, { body: {}, idempotencyKey: "k", retries: 1 }));
    expect(calls).toBe(2);
    calls = 0;
    server.handle((_req, res) => {
      calls++;
      json(res, 409, { statusCode: 409, code: "lead.incomplete.otp" });
    });
    await failure(transport().send(create, { body: {}, idempotencyKey: "k", retries: 3 }));
    expect(calls).toBe(1);
  });

  it("makes a new UUID v4 key per call of newIdempotencyKey", () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
