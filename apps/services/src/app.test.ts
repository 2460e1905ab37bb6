import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./db/database.js";
import { assertProductionSecrets, DEV_SECRETS, loadEnv } from "./lib/env.js";
import { ifNoneMatchHits, parseIfNoneMatch } from "./plugins/etag.js";
import { helmetHeaders } from "./plugins/security.js";
import {
  buildTestApp,
  call,
  closeTestDatabase,
  openTestDatabase,
  type TestContext,
} from "./test/helper.js";

let db: Database;
let ctx: TestContext;
beforeAll(async () => {
  db = await openTestDatabase();
  ctx = await buildTestApp(db, {
    extraRoutes: (app) =>
      app.get("/__boom", async () => {
        throw new Error("secret database detail at /srv/app.js:1");
      }),
  });
});
afterAll(async () => {
  await ctx?.close();
  await closeTestDatabase(db);
});

describe("config service", () => {
  it("answers the portal configuration", async () => {
    const res = await call(ctx.app, { method: "GET", url: "/config/" });
    expect(res.status).toBe(200);
    expect(res.body.response).toMatchObject({
      announcementCloseParam: "hideAnnouncement",
      promotionCloseParam: "hidePromotion",
      languageParam: "language",
      products: [
        { key: "fibre", name: "Suria Fibre" },
        { key: "tv", name: "Suria TV" },
      ],
      captcha: {
        provider: "altcha",
        challengeUrl: "http://localhost:4000/marketing/altcha/challenge",
      },
      contactEnabled: true,
      build: { version: "1.15.6", number: 1 },
      environment: "test",
    });
    expect((await call(ctx.app, { method: "GET", url: "/config" })).status).toBe(200);
  });

  it("takes contactEnabled from the environment", () => {
    expect(loadEnv({ CONTACT_ENABLED: "false" }).contactEnabled).toBe(false);
    expect(loadEnv({}).contactEnabled).toBe(true);
  });
});

describe("ETag and If-None-Match (RFC 9110)", () => {
  it("answers a strong ETag and 304 for a matching tag, lists, weak tags and *", async () => {
    const first = await call(ctx.app, { method: "GET", url: "/config/" });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    for (const header of [etag, `"nope", ${etag}`, `W/${etag}`, "*", `"a",W/${etag} , "b"`]) {
      const res = await ctx.app.inject({
        method: "GET",
        url: "/config/",
        headers: { "if-none-match": header },
      });
      expect(res.statusCode, header).toBe(304);
      expect(res.headers.etag).toBe(etag);
      expect(res.body).toBe("");
    }
    const miss = await ctx.app.inject({
      method: "GET",
      url: "/config/",
      headers: { "if-none-match": '"other", W/"x"' },
    });
    expect(miss.statusCode).toBe(200);
    expect(miss.headers.etag).toBe(etag);
    // The contract bounds If-None-Match to 1024 characters: longer is a 400 naming it.
    const long = await call(ctx.app, {
      method: "GET",
      url: "/content/api/v1/channel/bm/suria-sports-1",
      headers: { "if-none-match": `"${"x".repeat(1030)}"` },
    });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({
      field: "If-None-Match",
      code: "validation.ifNoneMatch.tooLong",
    });
  });

  it("parses tag lists", () => {
    expect(parseIfNoneMatch(' W/"a", "b,c" ,"d"')).toEqual(['W/"a"', '"b,c"', '"d"']);
    expect(ifNoneMatchHits('W/"x"', '"x"')).toBe(true);
    expect(ifNoneMatchHits('"x"', 'W/"x"')).toBe(true);
    expect(ifNoneMatchHits('"y"', '"x"')).toBe(false);
    expect(ifNoneMatchHits(undefined, '"x"')).toBe(false);
  });

  it("never tags the ALTCHA challenge", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/marketing/altcha/challenge" });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers["cache-control"]).toBe("no-store");
  });
});

describe("HTTP defaults", () => {
  it("answers CORS for the portal origin without credentials", async () => {
    const res = await ctx.app.inject({
      method: "OPTIONS",
      url: "/shop/api/v3/generate-otp",
      headers: {
        origin: "http://localhost:3000",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization,content-type",
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers["access-control-allow-origin"]).toBe("http://localhost:3000");
    expect(String(res.headers["access-control-allow-headers"])).toMatch(/Authorization/);
    expect(String(res.headers["access-control-allow-headers"])).toMatch(/If-None-Match/);
    // The browser's purchase and lead creation carry one (issue 24): refused in preflight before.
    expect(String(res.headers["access-control-allow-headers"])).toMatch(/Idempotency-Key/);
    expect(res.headers["access-control-allow-credentials"]).toBeUndefined();
    const get = await ctx.app.inject({
      method: "GET",
      url: "/config/",
      headers: { origin: "http://localhost:3000" },
    });
    expect(String(get.headers["access-control-expose-headers"])).toMatch(/ETag/);
    expect(get.headers["set-cookie"]).toBeUndefined();
    const evil = await ctx.app.inject({
      method: "GET",
      url: "/config/",
      headers: { origin: "https://evil.example" },
    });
    expect(evil.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("sends helmet headers", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/config/" });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toBe(
      "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';" +
        "frame-ancestors 'self';img-src 'self' data:;object-src 'none';script-src 'self';" +
        "script-src-attr 'none';style-src 'self' 'unsafe-inline'",
    );
    expect(res.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers["strict-transport-security"]).toBeUndefined();
    // A 304 carries only what updates the stored 200 (RFC 9110 section 15.4.5): the browser
    // keeps the 200's helmet headers. Both a cached content answer and a hashed one.
    for (const url of ["/config/", "/content/api/v1/channel/bm/suria-sports-1"]) {
      const ok = await ctx.app.inject({
        method: "GET",
        url,
        headers: { origin: "http://localhost:3000" },
      });
      expect(ok.headers["x-content-type-options"]).toBe("nosniff");
      const notModified = await ctx.app.inject({
        method: "GET",
        url,
        headers: { "if-none-match": ok.headers.etag as string, origin: "http://localhost:3000" },
      });
      expect(notModified.statusCode).toBe(304);
      expect(notModified.headers.etag).toBe(ok.headers.etag);
      expect(notModified.headers["cache-control"]).toBe("no-cache");
      expect(notModified.headers["access-control-allow-origin"]).toBe("http://localhost:3000");
      expect(notModified.headers["access-control-expose-headers"]).toMatch(/ETag/);
      expect(notModified.headers.vary).toMatch(/Origin/);
      expect(notModified.headers["x-content-type-options"]).toBeUndefined();
      expect(notModified.headers["content-security-policy"]).toBeUndefined();
    }
    // Errors carry them too.
    const missing = await ctx.app.inject({ method: "GET", url: "/nowhere" });
    expect(missing.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("computes helmet's production headers (HSTS, upgrade-insecure-requests)", () => {
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        directives: { defaultSrc: ["'self'"], upgradeInsecureRequests: [] },
      },
      hsts: true,
    });
    expect(headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(headers["content-security-policy"]).toContain("upgrade-insecure-requests");
  });

  it("hides 5xx details and never leaks a stack", async () => {
    const res = await call(ctx.app, { method: "GET", url: "/__boom" });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      statusCode: 500,
      error: "Internal Server Error",
      message: "Internal Server Error",
    });
  });

  it("answers 404 as an ErrorBody", async () => {
    const res = await call(ctx.app, { method: "GET", url: "/nowhere" });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ statusCode: 404, error: "Not Found" });
  });

  it("refuses bodies over the JSON limit", async () => {
    const res = await call(ctx.app, {
      method: "POST",
      url: "/shop/api/v3/register-interest",
      payload: { name: "x".repeat(70_000) },
    });
    expect(res.status).toBe(413);
  });
});

describe("production secrets", () => {
  it("refuses to start in production with development secrets", () => {
    expect(() => loadEnv({ PORTAL_ENV: "production" })).toThrow(/TOKEN_SECRET/);
    const env = loadEnv({});
    expect(() =>
      assertProductionSecrets({ ...env, portalEnv: "production", tokenSecret: "x".repeat(40) }),
    ).toThrow(/UPLOAD_SECRET/);
    expect(DEV_SECRETS.tokenSecret).toContain("dev-only");
  });
});
