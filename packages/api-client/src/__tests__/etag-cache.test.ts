import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  CACHE_KEY_PREFIX,
  createMemoryCache,
  createStorageCache,
  type EtagCache,
} from "../etag-cache.js";
import { createTransport, type OperationSpec } from "../transport.js";
import { json, MemoryStorage, startServer, type TestServer } from "./test-server.js";

const getItem: OperationSpec = {
  operationId: "getItem",
  method: "get",
  path: "/items/{id}",
  security: [],
  params: { path: ["id"], query: ["lang"] },
};

let server: TestServer;
let version: string | undefined;
let payload: unknown;

beforeEach(async () => {
  version = '"v1"';
  payload = { id: "sports", name: "Suria Sports" };
  server = await startServer((req, res) => {
    // A conditional GET whose tag matches gets 304 with no body, as the content service does.
    if (version !== undefined && req.headers["if-none-match"] === version) {
      res.writeHead(304, { ETag: version });
      res.end();
      return;
    }
    json(res, 200, { response: payload }, version === undefined ? {} : { ETag: version });
  });
});
afterEach(() => server.close());

const modes: [string, () => { cache: EtagCache; storage?: MemoryStorage }][] = [
  ["memory", () => ({ cache: createMemoryCache() })],
  [
    "storage",
    () => {
      const storage = new MemoryStorage();
      return { cache: createStorageCache(storage), storage };
    },
  ],
];

describe.each(modes)("ETag cache in %s", (_mode, make) => {
  it("sends If-None-Match with the stored tag and turns a 304 into a 200 with the cached body", async () => {
    const { cache } = make();
    const client = createTransport({ baseUrl: server.url, timeout: 5000, cache });
    const first = await client.send(getItem, { params: { id: "sports", lang: "bm" } });
    payload = "changed on the server but not re-sent";
    const second = await client.send(getItem, { params: { id: "sports", lang: "bm" } });

    expect(server.requests[0]?.headers["if-none-match"]).toBeUndefined();
    expect(server.requests[1]?.headers["if-none-match"]).toBe('"v1"');
    expect(first).toEqual({
      success: true,
      statusCode: 200,
      data: { id: "sports", name: "Suria Sports" },
    });
    expect(second).toEqual(first);
  });

  it("replaces the entry when the server answers a new tag", async () => {
    const { cache } = make();
    const client = createTransport({ baseUrl: server.url, timeout: 5000, cache });
    await client.send(getItem, { params: { id: "sports" } });
    version = '"v2"';
    payload = { id: "sports", name: "Suria Sports HD" };
    const fresh = await client.send(getItem, { params: { id: "sports" } });
    const cached = await client.send(getItem, { params: { id: "sports" } });
    expect(fresh.data).toEqual({ id: "sports", name: "Suria Sports HD" });
    expect(cached.data).toEqual({ id: "sports", name: "Suria Sports HD" });
    expect(server.requests.map((r) => r.headers["if-none-match"])).toEqual([
      undefined,
      '"v1"',
      '"v2"',
    ]);
  });

  it("does not cache a response without an ETag (and drops a stale entry)", async () => {
    const { cache } = make();
    const client = createTransport({ baseUrl: server.url, timeout: 5000, cache });
    await client.send(getItem, { params: { id: "sports" } });
    version = undefined;
    await client.send(getItem, { params: { id: "sports" } });
    await client.send(getItem, { params: { id: "sports" } });
    expect(server.requests.map((r) => r.headers["if-none-match"])).toEqual([
      undefined,
      '"v1"',
      undefined,
    ]);
    expect(cache.get(`${server.url}/items/sports`)).toBeUndefined();
  });

  it("keys entries by the full URL including the query", async () => {
    const { cache } = make();
    const client = createTransport({ baseUrl: server.url, timeout: 5000, cache });
    await client.send(getItem, { params: { id: "sports", lang: "bm" } });
    await client.send(getItem, { params: { id: "sports", lang: "en" } });
    await client.send(getItem, { params: { id: "sports", lang: "bm" } });
    expect(server.requests.map((r) => r.headers["if-none-match"])).toEqual([
      undefined,
      undefined,
      '"v1"',
    ]);
    expect(cache.get(`${server.url}/items/sports?lang=bm`)?.etag).toBe('"v1"');
    expect(cache.get(`${server.url}/items/sports?lang=en`)?.etag).toBe('"v1"');
  });

  it("reset() forgets every entry, so the next GET is unconditional", async () => {
    const { cache } = make();
    const client = createTransport({ baseUrl: server.url, timeout: 5000, cache });
    await client.send(getItem, { params: { id: "sports" } });
    cache.reset();
    const after = await client.send(getItem, { params: { id: "sports" } });
    expect(server.requests.map((r) => r.headers["if-none-match"])).toEqual([undefined, undefined]);
    expect(after.statusCode).toBe(200);
  });

  it("passes a 304 through as an error when nothing was cached for it", async () => {
    const { cache } = make();
    const client = createTransport({ baseUrl: server.url, timeout: 5000, cache });
    await expect(
      client.send(getItem, { params: { id: "x" }, headers: { "If-None-Match": '"v1"' } }),
    ).rejects.toMatchObject({ success: false, statusCode: 304, code: "http" });
  });
});

describe("storage cache keys", () => {
  it("stores each entry under 'aec-' + full URL and reset() removes only 'aec-' keys", async () => {
    const storage = new MemoryStorage();
    storage.setItem("theme", "dark");
    storage.setItem("lang", "bm");
    const cache = createStorageCache(storage);
    const client = createTransport({ baseUrl: server.url, timeout: 5000, cache });
    await client.send(getItem, { params: { id: "sports", lang: "en" } });
    await client.send(getItem, { params: { id: "news" } });

    const key = `${CACHE_KEY_PREFIX}${server.url}/items/sports?lang=en`;
    expect(CACHE_KEY_PREFIX).toBe("aec-");
    expect(storage.keys().sort()).toEqual(
      ["theme", "lang", key, `aec-${server.url}/items/news`].sort(),
    );
    expect(JSON.parse(storage.getItem(key)!)).toMatchObject({
      etag: '"v1"',
      body: JSON.stringify({ response: payload }),
    });

    cache.reset();
    expect(storage.keys().sort()).toEqual(["lang", "theme"]);
  });

  it("survives a new client on the same storage (a page reload)", async () => {
    const storage = new MemoryStorage();
    await createTransport({
      baseUrl: server.url,
      timeout: 5000,
      cache: createStorageCache(storage),
    }).send(getItem, { params: { id: "sports" } });
    const reloaded = createTransport({
      baseUrl: server.url,
      timeout: 5000,
      cache: createStorageCache(storage),
    });
    const result = await reloaded.send(getItem, { params: { id: "sports" } });
    expect(server.requests[1]?.headers["if-none-match"]).toBe('"v1"');
    expect(result).toMatchObject({ statusCode: 200, data: payload });
  });

  it("treats a corrupted entry as a miss and a failing setItem as no cache", async () => {
    const storage = new MemoryStorage();
    const cache = createStorageCache(storage);
    storage.setItem("aec-http://x/a", "{not json");
    expect(cache.get("http://x/a")).toBeUndefined();
    const full = Object.assign(new MemoryStorage(), {
      setItem() {
        throw new Error("QuotaExceededError");
      },
    });
    expect(() =>
      createStorageCache(full).set("http://x/a", { etag: "e", body: "b" }),
    ).not.toThrow();
  });
});
