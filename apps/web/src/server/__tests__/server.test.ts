import { describe, expect, it } from "vitest";
import { createWebServer } from "../app";
import { robotsTxt, sitemapXml } from "../discovery";
import { readWebEnv } from "../env";
import { movedLocation } from "../moved";
import {
  PageCache,
  encodedBody,
  pageCacheControl,
  secondsToMalaysianMidnight,
  type CachedPage,
} from "../page-cache";
import { contentSecurityPolicy, inlineScriptHashes, scriptHash } from "../security";
import { sitemapSchemaErrors } from "./sitemap-schema";
import { SPECULATION_RULES_TEXT } from "../../shared/speculation-rules";

describe("sitemap and robots.txt", () => {
  const xml = sitemapXml("https://www.suria.example", [
    { path: "/", lastmod: "2026-11-01" },
    { path: "/channels/tv3" },
    { path: "/distributors", search: { state: "johor" } },
  ]);

  it("lists every page once per language, with its alternates and only real dates", () => {
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual([
      "https://www.suria.example/",
      "https://www.suria.example/?language=en",
      "https://www.suria.example/channels/tv3",
      "https://www.suria.example/channels/tv3?language=en",
      "https://www.suria.example/distributors?state=johor",
      "https://www.suria.example/distributors?state=johor&amp;language=en",
    ]);
    expect(xml.match(/<lastmod>2026-11-01<\/lastmod>/g)).toHaveLength(2);
    expect(xml.match(/<lastmod>/g)).toHaveLength(2);
    expect(xml.match(/hreflang="x-default"/g)).toHaveLength(6);
    expect(xml).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
  });

  it("validates against the sitemaps.org 0.9 schema with its xhtml:link alternates", async () => {
    expect(await sitemapSchemaErrors(xml)).toEqual([]);
    // The check can fail: a date that is not W3C Datetime, a link without hreflang.
    const broken = xml
      .replace("<lastmod>2026-11-01</lastmod>", "<lastmod>1 Nov 2026</lastmod>")
      .replace('hreflang="x-default"', 'lang="x-default"');
    const errors = await sitemapSchemaErrors(broken);
    expect(errors.some((error) => error.includes("lastmod"))).toBe(true);
    expect(errors.some((error) => error.includes("The attribute 'lang' is not allowed"))).toBe(
      true,
    );
  });

  it("points robots to the sitemap and keeps the journeys out", () => {
    const robots = robotsTxt("https://www.suria.example/");
    expect(robots).toContain("Sitemap: https://www.suria.example/sitemap.xml");
    for (const path of ["/signup", "/register-interest", "/entitled-fibre", "/referral"])
      expect(robots).toContain(`Disallow: ${path}\n`);
    expect(robots).not.toMatch(/Disallow: \/\n/);
  });
});

describe("moved paths", () => {
  it("send the old names to the pages, keeping the rest of the path and the query", () => {
    expect(movedLocation("/promotions")).toBe("/campaigns");
    expect(movedLocation("/promotions/year-end-fibre-deal?language=en")).toBe(
      "/campaigns/year-end-fibre-deal?language=en",
    );
    expect(movedLocation("/stories/router-placement-tips")).toBe("/store/router-placement-tips");
    expect(movedLocation("/dealers?state=johor")).toBe("/distributors?state=johor");
    expect(movedLocation("/help/billing/pay-bill-online")).toBe("/support/billing/pay-bill-online");
  });

  it("leave every other path alone, including one that only starts like a moved one", () => {
    for (const url of ["/", "/campaigns", "/store/x", "/helpdesk", "/support?q=/help", "/x/help"])
      expect(movedLocation(url)).toBeUndefined();
  });
});

describe("Content-Security-Policy", () => {
  it("hashes the inline scripts that run, not JSON-LD or external scripts", () => {
    const html =
      '<script>a()</script><script type="application/ld+json">{}</script>' +
      '<script type="module" src="/x.js"></script><script nonce="n">b()</script>';
    expect(inlineScriptHashes(html)).toEqual([scriptHash("a()"), scriptHash("b()")]);
    expect(scriptHash("a()")).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
  });

  it("never allows unsafe-inline scripts and forbids framing", () => {
    const csp = contentSecurityPolicy({
      serviceOrigins: ["https://api.example"],
      scriptSources: ["'nonce-abc'"],
    });
    const scripts = csp.split("; ").find((part) => part.startsWith("script-src"));
    expect(scripts).toBe(
      `script-src 'self' 'report-sample' ${scriptHash(SPECULATION_RULES_TEXT)} 'nonce-abc'`,
    );
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self' https://api.example");
  });
});

describe("page cache", () => {
  const page = (body: string): CachedPage => ({
    status: 200,
    headers: {},
    etag: '"x"',
    body: Buffer.from(body),
    storedAt: 0,
  });

  it("is fresh for maxAge, then stale for staleWhileRevalidate, then gone", () => {
    const cache = new PageCache({ maxAge: 10, staleWhileRevalidate: 20, maxEntries: 5 });
    cache.set("/a", page("a"));
    expect(cache.get("/a", 9_000)?.fresh).toBe(true);
    expect(cache.get("/a", 11_000)?.fresh).toBe(false);
    expect(cache.get("/a", 31_000)).toBeUndefined();
  });

  it("never serves a page past the Malaysian midnight after it was rendered", () => {
    // 23:55 on 31 January 2027 in Malaysia (15:55 UTC): the year-end price's last minutes.
    const rendered = Date.parse("2027-01-31T15:55:00Z");
    const cache = new PageCache({ maxAge: 300, staleWhileRevalidate: 86_400, maxEntries: 5 });
    cache.set("/fibre/fibre-500", { ...page("RM129"), storedAt: rendered });
    expect(cache.get("/fibre/fibre-500", Date.parse("2027-01-31T15:59:59Z"))?.fresh).toBe(true);
    // 00:00 on 1 February: fresh by maxAge, but rendered yesterday: gone, rendered again.
    expect(cache.get("/fibre/fibre-500", Date.parse("2027-01-31T16:00:00Z"))).toBeUndefined();
  });

  it("tells a CDN the same: fresh and stale only until midnight in Malaysia", () => {
    const options = { maxAge: 300, staleWhileRevalidate: 86_400 };
    // Noon in Malaysia: 12 hours to midnight.
    const noon = Date.parse("2026-11-21T04:00:00Z");
    expect(secondsToMalaysianMidnight(noon)).toBe(43_200);
    expect(pageCacheControl(options, 200, noon)).toBe(
      "public, max-age=0, s-maxage=300, stale-while-revalidate=42900",
    );
    // Two minutes to midnight: fresh for 120 s, nothing stale after.
    const late = Date.parse("2026-11-21T15:58:00Z");
    expect(pageCacheControl(options, 200, late)).toBe("public, max-age=0, s-maxage=120");
    expect(pageCacheControl(options, 410, late)).toBe("public, max-age=0, s-maxage=120");
    expect(pageCacheControl(options, 404, noon)).toBe("public, max-age=0, s-maxage=60");
  });

  it("refreshes a stale page once at a time", async () => {
    const cache = new PageCache({ maxAge: 1, staleWhileRevalidate: 1, maxEntries: 5 });
    let runs = 0;
    let finish!: () => void;
    const slow = () => {
      runs += 1;
      return new Promise<void>((resolve) => (finish = resolve));
    };
    cache.refresh("/a", slow);
    cache.refresh("/a", slow);
    expect(runs).toBe(1);
    finish();
  });

  it("sends brotli, then gzip, by Accept-Encoding", () => {
    const big = page("<p>suria</p>".repeat(200));
    expect(encodedBody(big, "gzip, deflate, br").encoding).toBe("br");
    expect(encodedBody(big, "gzip").encoding).toBe("gzip");
    expect(encodedBody(big, "br;q=0, gzip").encoding).toBe("gzip");
    expect(encodedBody(big, undefined).encoding).toBeUndefined();
  });
});

describe("web server settings", () => {
  it("has defaults for a laptop", () => {
    const env = readWebEnv({});
    expect(env).toMatchObject({ port: 3000, firstByteMs: 400, contentTimeoutMs: 8000 });
    expect(env.apiBaseUrl).toBe("http://localhost:4000");
  });
  it("stops at a wrong value, naming the variable", () => {
    expect(() => readWebEnv({ FIRST_BYTE_BUDGET_MS: "soon" })).toThrow(/FIRST_BYTE_BUDGET_MS/);
    expect(() => readWebEnv({ API_BASE_URL: "ftp://x" })).toThrow(/API_BASE_URL/);
  });
});

describe("a form posted without scripts", () => {
  const server = () =>
    createWebServer({
      render: () => Promise.reject(new Error("no page is rendered for a post")),
      bootScript: "",
      manifest: undefined,
      siteUrl: "https://www.suria.example",
      serviceOrigins: [],
      firstByteMs: 400,
      cache: { maxAge: 300, staleWhileRevalidate: 86_400, maxEntries: 10 },
      loadConfig: () => Promise.reject(new Error("no configuration is read for a post")),
      configMaxAgeMs: 60_000,
      production: true,
      csp: true,
    });

  it("gets the page again (303), its body never read and never in the URL", async () => {
    const app = await server();
    for (const [type, payload] of [
      ["application/x-www-form-urlencoded", "identityCard=880412-10-5123"],
      [
        "multipart/form-data; boundary=x",
        '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
      ],
      ["text/plain", "phoneNumber=0123456789"],
    ] as const) {
      const answer = await app.inject({
        method: "POST",
        url: "/b40?language=en",
        headers: { "content-type": type },
        payload,
      });
      expect(answer.statusCode, type).toBe(303);
      expect(answer.headers.location).toBe("/b40?language=en");
      expect(answer.headers["cache-control"]).toBe("no-store");
      expect(answer.body).toBe("");
    }
    // Never to another site: a path that reads as a host stays on this one.
    const sneaky = await app.inject({ method: "POST", url: "//evil.example/x" });
    expect(sneaky.headers.location).toBe("/evil.example/x");
    await app.close();
  });
});
