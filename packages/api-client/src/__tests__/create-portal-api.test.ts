import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "../errors.js";
import { createMemoryCache } from "../etag-cache.js";
import { createPortalApi, serviceNames } from "../create-portal-api.js";
import { uploadToSignedUrl } from "../upload.js";
import { json, MemoryStorage, startServer, type TestServer } from "./test-server.js";

// A fresh server per test, so a request a timed-out test gave up on cannot land in the next one.
let server: TestServer;
beforeEach(async () => {
  server = await startServer((_req, res) => json(res, 200, { response: { ok: true } }));
});
afterEach(() => server.close());

function baseUrls() {
  return {
    address: `${server.url}/address`,
    shop: `${server.url}/shop`,
    content: `${server.url}/content`,
    config: `${server.url}/config`,
    marketing: `${server.url}/marketing`,
  };
}

function thrown(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error("expected a throw");
}

describe("createPortalApi: one function per operationId, per service", () => {
  it("exposes every service and operation of openapi/", () => {
    const api = createPortalApi({ baseUrls: baseUrls() });
    expect(serviceNames).toEqual(
      expect.arrayContaining(["address", "shop", "content", "config", "marketing"]),
    );
    for (const name of ["getChannel", "search", "getEntitledAstroFibre", "b40Verify"]) {
      expect(typeof (api.content as Record<string, unknown>)[name]).toBe("function");
    }
    for (const name of ["generateSbbLead", "generateOtp", "verifyOtp", "deleteDocument"]) {
      expect(typeof (api.shop as Record<string, unknown>)[name]).toBe("function");
    }
  });

  it("content.getChannel({ lang, id }) GETs the path under the content base URL", async () => {
    server.handle((_req, res) => json(res, 200, { response: { id: "suria-sports" } }));
    const api = createPortalApi({ baseUrls: { content: `${server.url}/content` } });
    const result = await api.content.getChannel({ lang: "bm", id: "suria-sports" });
    expect(result).toEqual({ success: true, statusCode: 200, data: { id: "suria-sports" } });
    expect(server.requests[0]).toMatchObject({
      method: "GET",
      url: "/content/api/v1/channel/bm/suria-sports",
    });
  });

  it("content.search puts its parameters in the query string", async () => {
    const api = createPortalApi({ baseUrls: { content: `${server.url}/content` } });
    await api.content.search({ keyword: "sukan & berita", lang: "en" });
    const url = new URL(server.requests[0]!.url, server.url);
    expect(url.pathname).toBe("/content/api/v1/search");
    expect(Object.fromEntries(url.searchParams)).toEqual({ keyword: "sukan & berita", lang: "en" });
  });

  it("shop.generateSbbLead(body) POSTs JSON without Authorization", async () => {
    server.handle((_req, res) => json(res, 200, { response: { leadId: "L1", token: "lead.jwt" } }));
    const api = createPortalApi({ baseUrls: { shop: `${server.url}/shop` } });
    const body = { product: "fibre" } as unknown as Parameters<typeof api.shop.generateSbbLead>[0];
    const lead = await api.shop.generateSbbLead(body);
    expect(lead.data).toEqual({ leadId: "L1", token: "lead.jwt" });
    expect(server.requests[0]).toMatchObject({
      method: "POST",
      url: "/shop/api/v1/greenfield/generate-sbb-lead",
    });
    expect(server.requests[0]?.headers["content-type"]).toBe("application/json");
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
    expect(JSON.parse(server.requests[0]!.body.toString())).toEqual({ product: "fibre" });
  });

  it("token-gated operations reject without a token, naming the option, and send it when given", async () => {
    const api = createPortalApi({ baseUrls: baseUrls() });
    // @ts-expect-error the type requires { token } too
    const missing = api.content.getEntitledAstroFibre();
    await expect(missing).rejects.toMatchObject({
      code: "missing-token",
      message: expect.stringMatching(/getEntitledAstroFibre needs the "token" option/),
    });
    await expect(
      api.shop.deleteDocument(
        { documentId: "0b6c4a52-5f8e-4d8f-9a3c-5b8f5d7c1e2a", extension: "pdf" },
        // @ts-expect-error the type requires token
        {},
      ),
    ).rejects.toMatchObject({ code: "missing-token" });
    expect(server.requests).toHaveLength(0);

    await api.content.getEntitledAstroFibre({ token: "product.jwt" });
    await api.shop.deleteDocument(
      { documentId: "0b6c4a52-5f8e-4d8f-9a3c-5b8f5d7c1e2a", extension: "pdf" },
      { token: "lead.jwt" },
    );
    expect(server.requests.map((r) => [r.method, r.url, r.headers.authorization])).toEqual([
      ["GET", "/content/api/v1/entitled-astro-fibre", "Bearer product.jwt"],
      [
        "DELETE",
        "/shop/api/v3/document/0b6c4a52-5f8e-4d8f-9a3c-5b8f5d7c1e2a.pdf",
        "Bearer lead.jwt",
      ],
    ]);
  });

  it("address.checkIspCoverage takes the body first and its query in options.params", async () => {
    const api = createPortalApi({ baseUrls: { address: `${server.url}/address` } });
    const body = { postcode: "50450" } as unknown as Parameters<
      typeof api.address.checkIspCoverage
    >[0];
    await api.address.checkIspCoverage(body, { params: { platform: "fibre" }, token: "lead.jwt" });
    expect(server.requests[0]?.url).toBe(
      "/address/cassandra/api/v1/address/check-isp-coverage?platform=fibre",
    );
  });

  it("shop.rescheduleOrder(body, { params }) POSTs to the tracking link, no token; a 409 is an ApiError", async () => {
    const api = createPortalApi({ baseUrls: { shop: `${server.url}/shop` }, cache: false });
    const token = "SF2611210001.tdqb3k.AAAAAAAAAAAAAAAAAAAAAA";
    await api.shop.listOrderSlots({ token, days: 5 });
    await api.shop.rescheduleOrder(
      { date: "2026-11-27", slot: "afternoon" },
      { params: { token, lang: "en" } },
    );
    expect(server.requests.map((r) => [r.method, r.url, r.headers.authorization])).toEqual([
      ["GET", `/shop/api/v3/order-tracking/${token}/slots?days=5`, undefined],
      ["POST", `/shop/api/v3/order-tracking/${token}/reschedule?lang=en`, undefined],
    ]);
    expect(JSON.parse(server.requests[1]!.body.toString())).toEqual({
      date: "2026-11-27",
      slot: "afternoon",
    });
    const refusal = {
      statusCode: 409,
      error: "Conflict",
      message: "The slot can be changed until 24 hours before it starts: call us",
      code: "order.reschedule.tooLate",
    };
    server.handle((_req, res) => json(res, 409, refusal));
    await expect(
      api.shop.rescheduleOrder({ date: "2026-11-27", slot: "morning" }, { params: { token } }),
    ).rejects.toMatchObject({ code: "http", statusCode: 409, error: refusal });
  });

  it("marketing.submitContactUs sends multipart with the API key header and returns the page text", async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      res.end("<!-- portal:contact-us:thank-you -->");
    });
    const api = createPortalApi({ baseUrls: { marketing: `${server.url}/marketing` } });
    const form = new FormData();
    form.append("name", "Aminah");
    const result = await api.marketing.submitContactUs(form, { apiKey: "mk-1" });
    expect(result.data).toBe("<!-- portal:contact-us:thank-you -->");
    expect(server.requests[0]?.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(server.requests[0]?.headers["x-api-key"]).toBe("mk-1");
  });

  it("config.getConfig() GETs the service base", async () => {
    const api = createPortalApi({ baseUrls: { config: `${server.url}/config` } });
    await expect(api.config.getConfig()).resolves.toMatchObject({ data: { ok: true } });
    expect(server.requests[0]?.url).toBe("/config/");
  });

  it("applies the configured timeout to every call", async () => {
    server.handle((_req, res) => void setTimeout(() => json(res, 200, { response: 1 }), 300));
    const api = createPortalApi({ baseUrls: { config: `${server.url}/config` }, timeout: 40 });
    await expect(api.config.getConfig()).rejects.toMatchObject({
      code: "timeout",
      message: "timeout of 40ms exceeded",
    });
  });
});

describe("createPortalApi: cache modes", () => {
  function etagServer() {
    server.handle((req, res) => {
      if (req.headers["if-none-match"] === '"c1"') {
        res.writeHead(304, { ETag: '"c1"' });
        res.end();
      } else json(res, 200, { response: { title: "Suria" } }, { ETag: '"c1"' });
    });
  }

  it("caches in memory by default; reset() clears it", async () => {
    etagServer();
    const api = createPortalApi({ baseUrls: { content: `${server.url}/content` } });
    await api.content.getHome({ lang: "bm" });
    const cached = await api.content.getHome({ lang: "bm" });
    api.reset();
    await api.content.getHome({ lang: "bm" });
    expect(cached).toEqual({ success: true, statusCode: 200, data: { title: "Suria" } });
    expect(server.requests.map((r) => r.headers["if-none-match"])).toEqual([
      undefined,
      '"c1"',
      undefined,
    ]);
  });

  it("caches in a Storage under 'aec-' keys; reset() leaves other keys", async () => {
    etagServer();
    const storage = new MemoryStorage();
    storage.setItem("portal-lang", "en");
    const api = createPortalApi({
      baseUrls: { content: `${server.url}/content` },
      cache: { storage },
    });
    await api.content.getHome({ lang: "en" });
    const cached = await api.content.getHome({ lang: "en" });
    expect(cached.statusCode).toBe(200);
    expect(storage.keys()).toEqual([
      "portal-lang",
      `aec-${server.url}/content/api/v1/home/all?lang=en`,
    ]);
    api.reset();
    expect(storage.keys()).toEqual(["portal-lang"]);
  });

  it("uses globalThis.localStorage for cache: 'local-storage'", async () => {
    etagServer();
    const storage = new MemoryStorage();
    const globals = globalThis as { localStorage?: unknown };
    globals.localStorage = storage;
    try {
      const api = createPortalApi({
        baseUrls: { content: `${server.url}/content` },
        cache: "local-storage",
      });
      await api.content.getHome({ lang: "bm" });
      expect(storage.keys()).toEqual([`aec-${server.url}/content/api/v1/home/all?lang=bm`]);
    } finally {
      delete globals.localStorage;
    }
  });

  it("shares a cache object between clients, and cache: false turns caching off", async () => {
    etagServer();
    const cache = createMemoryCache();
    const one = createPortalApi({ baseUrls: { content: `${server.url}/content` }, cache });
    const two = createPortalApi({ baseUrls: { content: `${server.url}/content` }, cache });
    const off = createPortalApi({ baseUrls: { content: `${server.url}/content` }, cache: false });
    await one.content.getHome({ lang: "bm" });
    await two.content.getHome({ lang: "bm" });
    await off.content.getHome({ lang: "bm" });
    expect(server.requests.map((r) => r.headers["if-none-match"])).toEqual([
      undefined,
      '"c1"',
      undefined,
    ]);
    expect(off.cache).toBeUndefined();
  });
});

describe("createPortalApi: misuse fails at once, naming the option", () => {
  it("rejects missing or malformed options", () => {
    // @ts-expect-error options are required
    expect(thrown(() => createPortalApi()).message).toMatch(/baseUrls/);
    // @ts-expect-error baseUrls is required
    expect(thrown(() => createPortalApi({})).message).toMatch(/"baseUrls" is required/);
    expect(thrown(() => createPortalApi({ baseUrls: { content: "not a url" } })).message).toMatch(
      /"baseUrls.content" must be an absolute URL/,
    );
    expect(
      thrown(() => createPortalApi({ baseUrls: { content: undefined as unknown as string } }))
        .message,
    ).toMatch(/"baseUrls.content"/);
    expect(
      // @ts-expect-error not a service
      thrown(() => createPortalApi({ baseUrls: { contnet: "http://x" } })).message,
    ).toMatch(/"baseUrls.contnet" is not a known service/);
    expect(
      thrown(() => createPortalApi({ baseUrls: { content: "http://x" }, timeout: -1 })).message,
    ).toMatch(/"timeout"/);
    expect(
      thrown(() => createPortalApi({ baseUrls: { content: "http://x" }, cache: "local-storage" }))
        .message,
    ).toMatch(/"cache"/);
    expect(
      // @ts-expect-error not a cache mode
      thrown(() => createPortalApi({ baseUrls: { content: "http://x" }, cache: "disk" })).code,
    ).toBe("invalid-option");
  });

  it("names the missing base URL when an unconfigured service is used", () => {
    const api = createPortalApi({ baseUrls: { content: "http://x" } });
    const error = thrown(() => (api as unknown as Record<string, unknown>).shop);
    expect(error.code).toBe("invalid-option");
    expect(error.message).toMatch(/"baseUrls.shop" is not set/);
  });

  it("rejects a missing required body or a missing path parameter before sending", async () => {
    const api = createPortalApi({ baseUrls: baseUrls() });
    // @ts-expect-error body required
    await expect(api.shop.generateSbbLead()).rejects.toMatchObject({
      code: "invalid-option",
      message: expect.stringMatching(/shop.generateSbbLead needs a request body/),
    });
    // @ts-expect-error id missing
    await expect(api.content.getChannel({ lang: "bm" })).rejects.toMatchObject({
      code: "invalid-option",
      message: expect.stringMatching(/"id"/),
    });
    expect(server.requests).toHaveLength(0);
  });
});

describe("uploadToSignedUrl", () => {
  it("PUTs the file with its own content type, no Authorization, and the signed query intact", async () => {
    server.handle((_req, res) => {
      res.writeHead(204);
      res.end();
    });
    const url = `${server.url}/uploads/0b6c4a52?expires=1900000000&type=image%2Fpng&max=5000000&sig=ab%2Bcd`;
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]);
    const result = await uploadToSignedUrl(url, new Blob([bytes], { type: "image/png" }));
    expect(result).toEqual({ success: true, statusCode: 204, data: undefined });
    expect(server.requests[0]).toMatchObject({
      method: "PUT",
      url: "/uploads/0b6c4a52?expires=1900000000&type=image%2Fpng&max=5000000&sig=ab%2Bcd",
    });
    expect(server.requests[0]?.headers["content-type"]).toBe("image/png");
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
    expect([...server.requests[0]!.body]).toEqual([...bytes]);
  });

  it("takes contentType for raw bytes and rejects raw bytes without one", async () => {
    const api = createPortalApi({ baseUrls: {} });
    const bytes = new Uint8Array([37, 80, 68, 70]);
    await api.uploadToSignedUrl(`${server.url}/uploads/x?sig=1`, bytes, {
      contentType: "application/pdf",
    });
    expect(server.requests[0]?.headers["content-type"]).toBe("application/pdf");
    await expect(uploadToSignedUrl(`${server.url}/uploads/x`, bytes)).rejects.toMatchObject({
      code: "invalid-option",
      message: expect.stringContaining('"contentType"'),
    });
    await expect(
      uploadToSignedUrl("/relative", bytes, { contentType: "a/b" }),
    ).rejects.toMatchObject({ code: "invalid-option", message: expect.stringContaining('"url"') });
  });

  it("maps an upload failure to the common error shape", async () => {
    server.handle((_req, res) =>
      json(res, 403, { statusCode: 403, error: "Forbidden", message: "Bad signature" }),
    );
    await expect(
      uploadToSignedUrl(`${server.url}/uploads/x?sig=bad`, new Blob(["x"], { type: "image/png" })),
    ).rejects.toMatchObject({
      success: false,
      statusCode: 403,
      error: { statusCode: 403, error: "Forbidden", message: "Bad signature" },
    });
  });
});
