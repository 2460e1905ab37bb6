import { connect } from "node:net";
import { brotliDecompressSync } from "node:zlib";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import type { ContentFailure, RenderOptions, RenderResult } from "../../entry-server";
import type { PortalConfig } from "../../shared/config";
import { createWebServer, type WebServerOptions } from "../app";
import { cacheKeyOf, loggedPath, looksPersonal, paramsOf } from "../cache-key";
import { newestPast } from "../discovery";
import {
  PageCache,
  lifetimeOf,
  pageCacheControl,
  recompress,
  type CachedPage,
} from "../page-cache";
import { RenderGate, RenderRefused } from "../render-gate";

describe("cache keys", () => {
  it("keep only the route's own parameters, sorted, and drop the rest", () => {
    expect(cacheKeyOf("/movies?utm_content=5&fbclid=abc&gclid=x&language=en")).toEqual({
      key: "/movies?language=en",
      cacheable: true,
    });
    expect(cacheKeyOf("/channels?page=2&utm_source=x&genre=sports&zz=1")).toEqual({
      key: "/channels?genre=sports&page=2",
      cacheable: true,
    });
    expect(cacheKeyOf("/distributors?state=johor&utm_medium=email").key).toBe(
      "/distributors?state=johor",
    );
    expect(cacheKeyOf("/search?keyword=sukan&page=3&ref=x").key).toBe(
      "/search?keyword=sukan&page=3",
    );
    expect(cacheKeyOf("/support?q=bil&utm_campaign=y").key).toBe("/support?q=bil");
    // A parameter of another route is not this route's: /movies has no genre.
    expect(cacheKeyOf("/movies?genre=sports").key).toBe("/movies");
    // 600 different utm_content values: one key.
    const keys = new Set(
      Array.from({ length: 600 }, (_, n) => cacheKeyOf(`/?utm_content=${n}`).key),
    );
    expect([...keys]).toEqual(["/"]);
  });

  it("name each listing's parameters (page on the paginated listings)", () => {
    expect(paramsOf("/channels")).toEqual([
      "language",
      "hideAnnouncement",
      "hidePromotion",
      "genre",
      "page",
    ]);
    for (const path of ["/movies", "/packages", "/store", "/distributors/", "/support", "/search"])
      expect(paramsOf(path)).toContain("page");
    expect(paramsOf("/channels/tv3")).toEqual(["language", "hideAnnouncement", "hidePromotion"]);
    // A prefix ending in "/": every tracking link's page reads the outcome of its forms.
    expect(paramsOf("/track/SF2611210001.tdqb3k.AAAAAAAAAAAAAAAAAAAAAA")).toEqual([
      "language",
      "hideAnnouncement",
      "hidePromotion",
      "done",
      "error",
      "step",
    ]);
  });

  it("never make a URL carrying personal data cacheable", () => {
    for (const url of [
      "/search?keyword=900101145678",
      "/search?keyword=900101-14-5678",
      "/support?q=my ic 900101-14-5678 please",
      "/search?keyword=012-345 6789",
      "/search?keyword=%2B60123456789",
      "/support?q=0312345678",
      "/search?keyword=siti@example.com",
      "/coverage?postcode=50000&referral=ali%40example.my",
    ]) {
      expect(cacheKeyOf(url), url).toMatchObject({ cacheable: false, reason: "personal" });
    }
    // A dropped parameter is not in the key: the kept copy serves it, privately (a CDN keeps and
    // logs URLs).
    expect(cacheKeyOf("/?utm_content=900101145678")).toEqual({
      key: "/",
      cacheable: true,
      privateUrl: true,
    });
    expect(cacheKeyOf("/b40?identityCard=880412145678")).toEqual({
      key: "/b40",
      cacheable: true,
      privateUrl: true,
    });
    expect(cacheKeyOf("/?utm_content=spring-sale")).toEqual({ key: "/", cacheable: true });
    for (const value of ["sukan", "50000", "2", "selangor", "tv3", "RM129"])
      expect(looksPersonal(value), value).toBe(false);
  });

  it("never keep a page whose path carries a credential (issue 24), nor log it", () => {
    expect(cacheKeyOf("/track/SF2611210001.ty39r9.AbCdEfGhIjKlMnOpQrStUv?language=en")).toEqual({
      key: "/track/SF2611210001.ty39r9.AbCdEfGhIjKlMnOpQrStUv?language=en",
      cacheable: false,
      reason: "private",
    });
    expect(cacheKeyOf("/signup/continue/AbCdEfGhIjKlMnOpQrStUv")).toMatchObject({
      cacheable: false,
      reason: "private",
    });
    expect(loggedPath("/track/SF2611210001.ty39r9.AbCdEfGhIjKlMnOpQrStUv")).toBe(
      "/track/[Redacted]",
    );
    expect(loggedPath("/signup/continue/AbCdEfGhIjKlMnOpQrStUv")).toBe(
      "/signup/continue/[Redacted]",
    );
    expect(loggedPath("/signup")).toBe("/signup");
  });

  it("do not keep a value too long to be a filter", () => {
    expect(cacheKeyOf(`/search?keyword=${"a".repeat(201)}`)).toMatchObject({
      cacheable: false,
      reason: "long",
    });
  });
});

describe("page cache lifetimes", () => {
  const page = (status: number): CachedPage => ({
    status,
    headers: {},
    etag: '"x"',
    body: Buffer.from("x"),
    storedAt: Date.parse("2026-11-21T04:00:00Z"),
  });
  const options = { maxAge: 300, staleWhileRevalidate: 86_400, maxEntries: 5 };

  it("keep a 404 as long as its header says (60 s, never stale)", () => {
    const cache = new PageCache(options);
    const noon = Date.parse("2026-11-21T04:00:00Z");
    cache.set("/channels/nope", page(404));
    expect(pageCacheControl(options, 404, noon)).toBe("public, max-age=0, s-maxage=60");
    expect(lifetimeOf(options, 404)).toEqual({ fresh: 60, stale: 0 });
    expect(cache.get("/channels/nope", noon + 59_000)?.fresh).toBe(true);
    expect(cache.get("/channels/nope", noon + 61_000)).toBeUndefined();
  });

  it("keep a 200 as long as its header says (300 s fresh, then stale)", () => {
    const cache = new PageCache(options);
    const noon = Date.parse("2026-11-21T04:00:00Z");
    cache.set("/", page(200));
    expect(pageCacheControl(options, 200, noon)).toBe(
      "public, max-age=0, s-maxage=300, stale-while-revalidate=42900",
    );
    expect(cache.get("/", noon + 299_000)?.fresh).toBe(true);
    expect(cache.get("/", noon + 301_000)?.fresh).toBe(false);
  });

  it("recompresses a kept page at the best level off the event loop", async () => {
    const big: CachedPage = { ...page(200), body: Buffer.from("<p>suria tv</p>".repeat(500)) };
    big.br = Buffer.from("fast");
    await recompress(big);
    expect(big.best).toBe(true);
    expect(big.br.toString()).not.toBe("fast");
    expect(big.gzip!.length).toBeLessThan(big.body.length);
  });
});

describe("render gate", () => {
  const later = () => {
    let resolve!: (value: string) => void;
    const promise = new Promise<string>((r) => (resolve = r));
    return { promise, resolve };
  };

  it("coalesces concurrent renders of one key: one render, every waiter served", async () => {
    const gate = new RenderGate({ concurrency: 2, maxQueue: 10, maxWaitMs: 1000 });
    const pending = later();
    let renders = 0;
    const work = () => {
      renders += 1;
      return pending.promise;
    };
    const waiters = Array.from({ length: 5 }, () => gate.run("/movies", work));
    pending.resolve("page");
    const results = await Promise.all(waiters);
    expect(renders).toBe(1);
    expect(results.map((result) => result.value)).toEqual(["page", "page", "page", "page", "page"]);
    expect(results.filter((result) => result.shared)).toHaveLength(4);
    // Done: the next request renders again.
    await gate.run("/movies", work);
    expect(renders).toBe(2);
  });

  it("runs at most `concurrency` at once and refuses at once when the queue is full", async () => {
    const gate = new RenderGate({ concurrency: 1, maxQueue: 1, maxWaitMs: 1000 });
    const first = later();
    const second = later();
    const a = gate.run("/a", () => first.promise);
    const b = gate.run("/b", () => second.promise);
    expect(gate.stats).toEqual({ running: 1, queued: 1, keys: 2 });
    await expect(gate.run("/c", () => Promise.resolve("c"))).rejects.toEqual(
      new RenderRefused("queue-full"),
    );
    first.resolve("a");
    second.resolve("b");
    expect((await a).value).toBe("a");
    expect((await b).value).toBe("b");
    expect(gate.stats).toEqual({ running: 0, queued: 0, keys: 0 });
  });

  it("refuses a render that waited longer than maxWaitMs", async () => {
    const gate = new RenderGate({ concurrency: 1, maxQueue: 5, maxWaitMs: 50 });
    const first = later();
    const a = gate.run("/a", () => first.promise);
    const waited = gate.run("/b", () => Promise.resolve("b"));
    await expect(waited).rejects.toMatchObject({ reason: "waited-too-long" });
    first.resolve("a");
    await a;
  });
});

describe("sitemap dates", () => {
  it("never date a page from a day still to come", () => {
    expect(newestPast(["2026-11-01", "2027-01-15", "2026-11-20T10:00:00Z"], "2026-11-28")).toBe(
      "2026-11-20",
    );
    expect(newestPast(["2027-01-15"], "2026-11-28")).toBeUndefined();
    expect(newestPast(["2026-11-28"], "2026-11-28")).toBe("2026-11-28");
  });
});

/** A web server whose renders are scripted: each call takes the next answer. */
function scripted(
  answers: Array<Partial<{ status: number; failures: ContentFailure[]; html: string }>>,
  extra: Partial<WebServerOptions> = {},
) {
  const calls: string[] = [];
  const render = async (options: RenderOptions): Promise<RenderResult> => {
    calls.push(new URL(options.request.url).pathname + new URL(options.request.url).search);
    const answer = answers.shift() ?? {};
    const html = answer.html ?? `<!doctype html><html><body><main>${"page ".repeat(400)}</main>`;
    return {
      response: new Response(html, { status: answer.status ?? 200 }),
      deferred: false,
      configMissing: false,
      failures: () => answer.failures ?? [],
    };
  };
  const options: WebServerOptions = {
    render,
    bootScript: "",
    manifest: undefined,
    siteUrl: "https://www.suria.example",
    serviceOrigins: [],
    firstByteMs: 400,
    cache: { maxAge: 300, staleWhileRevalidate: 86_400, maxEntries: 10 },
    loadConfig: async () => ({}) as PortalConfig,
    configMaxAgeMs: 60_000,
    production: true,
    csp: false,
    ...extra,
  };
  return { calls, app: createWebServer(options) };
}

describe("the web server keeps only good pages", () => {
  it("answers a failed render 503 with Retry-After, no-store, and renders again next time", async () => {
    const { calls, app: created } = scripted([
      { status: 500, failures: [{ code: "network", statusCode: 0 }] },
      { status: 200, failures: [{ code: "invalid-response", statusCode: 0 }] },
      { status: 500, failures: [{ code: "http", statusCode: 502 }] },
      { status: 200 },
    ]);
    const app = await created;
    for (const expected of [503, 503, 503]) {
      const answer = await app.inject({ url: "/movies" });
      expect(answer.statusCode).toBe(expected);
      expect(answer.headers["retry-after"]).toBe("30");
      expect(answer.headers["cache-control"]).toBe("no-store");
    }
    const healed = await app.inject({ url: "/movies" });
    expect(healed.statusCode).toBe(200);
    expect(healed.headers["x-cache"]).toBe("MISS");
    expect((await app.inject({ url: "/movies" })).headers["x-cache"]).toBe("HIT");
    expect(calls).toEqual(["/movies", "/movies", "/movies", "/movies"]);
    await app.close();
  });

  it("makes a kept page's best copies when it is asked for again, not at the miss", async () => {
    const started: Promise<void>[] = [];
    const words = Array.from({ length: 3000 }, (_, i) => `saluran-${(i * 7919) % 1013}`);
    const html = `<!doctype html><html><body><main>${words.join(" ")}</main>`;
    const { app: created } = scripted([{ html }, { html }], {
      recompress: (page) => {
        if (!page.best) started.push(recompress(page));
        return Promise.resolve();
      },
    });
    const app = await created;
    const br = { "accept-encoding": "br" };
    const miss = await app.inject({ url: "/movies", headers: br });
    expect([miss.headers["x-cache"], miss.headers["content-encoding"]]).toEqual(["MISS", "br"]);
    // A page rendered for one visitor only is never kept, so never recompressed either.
    const own = await app.inject({ url: "/track/a-visitors-token", headers: br });
    expect(own.headers["x-cache"]).toBe("PRIVATE");
    expect(started).toHaveLength(0);
    // Asked for again: answered at once with the fast copy, the best one made meanwhile.
    const hit = await app.inject({ url: "/movies", headers: br });
    expect(hit.headers["x-cache"]).toBe("HIT");
    expect(hit.rawPayload.equals(miss.rawPayload)).toBe(true);
    expect(started).toHaveLength(1);
    await Promise.all(started);
    const best = await app.inject({ url: "/movies", headers: br });
    expect(best.rawPayload.length).toBeLessThan(miss.rawPayload.length);
    expect(brotliDecompressSync(best.rawPayload).toString()).toBe(html);
    expect(started).toHaveLength(1);
    await app.close();
  });

  it("keeps a real 404 (the service's own answer) as long as its header says", async () => {
    const { calls, app: created } = scripted([
      { status: 404, failures: [{ code: "http", statusCode: 404 }] },
    ]);
    const app = await created;
    const first = await app.inject({ url: "/channels/nope" });
    expect(first.statusCode).toBe(404);
    expect(first.headers["cache-control"]).toMatch(/^public, max-age=0, s-maxage=60$/);
    expect((await app.inject({ url: "/channels/nope" })).headers["x-cache"]).toBe("HIT");
    expect(calls).toHaveLength(1);
    await app.close();
  });

  it("answers a code error 500 (not the services' fault), never kept", async () => {
    const { app: created } = scripted([
      { status: 500, failures: [{ code: "error", statusCode: 0 }] },
    ]);
    const app = await created;
    const answer = await app.inject({ url: "/movies" });
    expect(answer.statusCode).toBe(500);
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.headers["retry-after"]).toBeUndefined();
    await app.close();
  });

  it("renders every utm_* variant from one cached copy, rendered for the key's URL", async () => {
    const { calls, app: created } = scripted([{}, {}]);
    const app = await created;
    for (let n = 0; n < 20; n++) {
      const answer = await app.inject({ url: `/movies?utm_content=${n}&language=en&fbclid=z` });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["x-cache"]).toBe(n === 0 ? "MISS" : "HIT");
    }
    expect(calls).toEqual(["/movies?language=en"]);
    await app.close();
  });

  it("never keeps a URL with personal data: private, no-store, rendered each time", async () => {
    const { calls, app: created } = scripted([{}, {}]);
    const app = await created;
    for (let n = 0; n < 2; n++) {
      const answer = await app.inject({ url: "/search?keyword=900101-14-5678" });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["cache-control"]).toBe("private, no-store");
      expect(answer.headers["x-cache"]).toBe("PRIVATE");
    }
    expect(calls).toEqual(["/search?keyword=900101-14-5678", "/search?keyword=900101-14-5678"]);
    await app.close();
  });

  it("serves personal data in a parameter the page does not read from the kept copy, privately", async () => {
    const { calls, app: created } = scripted([{}]);
    const app = await created;
    const urls = ["/b40?identityCard=880412145678", "/b40?utm_content=012-345 6789", "/b40"];
    const answers = [];
    for (const url of urls) answers.push(await app.inject({ url }));
    expect(answers.map((a) => a.headers["x-cache"])).toEqual(["MISS", "HIT", "HIT"]);
    expect(answers.map((a) => a.headers["cache-control"])).toEqual([
      "private, no-store",
      "private, no-store",
      answers[2]!.headers["cache-control"],
    ]);
    expect(String(answers[2]!.headers["cache-control"])).toMatch(/^public, /);
    // One render, for the URL without the parameter.
    expect(calls).toEqual(["/b40"]);
    await app.close();
  });

  it("renders concurrent misses of one key once, and refuses cheaply when the queue is full", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let renders = 0;
    const { app: created } = scripted([], {
      render: async () => {
        renders += 1;
        await held;
        return {
          response: new Response("<html>ok</html>", { status: 200 }),
          deferred: false,
          configMissing: false,
          failures: () => [],
        };
      },
      renders: { concurrency: 1, maxQueue: 0, maxWaitMs: 1000 },
    });
    const app = await created;
    const same = Array.from({ length: 5 }, (_, n) => app.inject({ url: `/?utm_content=${n}` }));
    // Another page while the one slot is taken and no one may wait: refused at once.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const refused = await app.inject({ url: "/movies" });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers["retry-after"]).toBe("5");
    expect(refused.headers["cache-control"]).toBe("no-store");
    expect(refused.body).toBe("The portal is busy. Please try again in a few seconds.");
    release();
    const answers = await Promise.all(same);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(renders).toBe(1);
    await app.close();
  });
});

describe("the web server's own limits", () => {
  it("cuts a body sent a byte at a time (408, connection closed) within the body timeout", async () => {
    const { app: created } = scripted([], {
      timeouts: { headersMs: 1000, bodyMs: 500, keepAliveMs: 500, idleMs: 5000 },
    });
    const app = await created;
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;
    const started = Date.now();
    const outcome = await new Promise<{ answer: string; closedAfterMs: number }>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      let answer = "";
      socket.on("data", (chunk) => (answer += chunk.toString()));
      socket.on("close", () => {
        clearInterval(drip);
        resolve({ answer, closedAfterMs: Date.now() - started });
      });
      socket.on("error", () => undefined);
      socket.write(
        "POST /b40 HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\n",
      );
      const drip = setInterval(() => socket.writable && socket.write("a"), 100);
    });
    expect(outcome.answer.split("\r\n")[0]).toBe("HTTP/1.1 408 Request Timeout");
    expect(outcome.answer).toContain("The request body did not arrive in time.");
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(450);
    expect(outcome.closedAfterMs).toBeLessThan(3000);
    await app.close();
  });

  it("puts the security headers on static files too", async () => {
    const { app: created } = scripted([], {
      staticFiles: (req, res, next) => {
        if (req.url !== "/favicon.svg") return next();
        res.setHeader("Content-Type", "image/svg+xml");
        res.end("<svg/>");
      },
    });
    const app = await created;
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;
    const answer = await fetch(`http://127.0.0.1:${port}/favicon.svg`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("x-frame-options")).toBe("DENY");
    expect(answer.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("strict-transport-security")).toBe(
      "max-age=63072000; includeSubDomains",
    );
    await app.close();
  });

  it("answers /readyz 503 when the services do not answer, even with a kept configuration", async () => {
    let up = true;
    const { app: created } = scripted([], {
      probeServices: async () => {
        if (!up) throw new Error("connect ECONNREFUSED");
      },
    });
    const app = await created;
    expect((await app.inject({ url: "/readyz" })).statusCode).toBe(200);
    up = false;
    await new Promise((resolve) => setTimeout(resolve, 1010));
    const down = await app.inject({ url: "/readyz" });
    expect(down.statusCode).toBe(503);
    expect(down.headers["retry-after"]).toBe("30");
    expect(down.json()).toEqual({ status: "services unavailable" });
    await app.close();
  });
});
