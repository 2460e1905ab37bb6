import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { constants as zlib, createBrotliCompress, createGzip } from "node:zlib";
import type { QueryClient } from "@tanstack/react-query";
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import type { ContentFailure, RenderOptions, RenderResult, RouterManifest } from "../entry-server";
import { configQueryOptions, type PortalConfig } from "../shared/config";
import { cacheKeyOf, loggedPath } from "./cache-key";
import { robotsTxt, sitemapPages, sitemapXml } from "./discovery";
import { LOOKUP_BODY_LIMIT, postedFormLocation, readsLookupBody } from "./lookup-forms";
import { movedLocation } from "./moved";
import {
  PageCache,
  encodedBody,
  pageCacheControl,
  recompress,
  type CachedPage,
} from "./page-cache";
import { RenderGate, RenderRefused, type RenderGateOptions } from "./render-gate";
import {
  TRACKING_BODY_LIMIT,
  readsTrackingBody,
  serviceTrackingActions,
  trackingFormLocation,
  type TrackingActions,
} from "./tracking-forms";
import { contentSecurityPolicy, inlineScriptHashes, scriptHash, securityHeaders } from "./security";

/** A connect-style handler (sirv for dist/client, or Vite's dev middlewares). */
export type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** Everything the web server needs; src/server/main.ts builds it from the environment. */
export interface WebServerOptions {
  render: (options: RenderOptions) => Promise<RenderResult>;
  /** The source of the page's first inline script (hashed into every page's CSP). */
  bootScript: string;
  manifest: RouterManifest | undefined;
  /** Serves the static files (hashed assets, favicon, share card) before any page route. */
  staticFiles?: Middleware | undefined;
  /** The public origin of the site (canonical URLs, sitemap). */
  siteUrl: string;
  /** Origins of the services the browser calls (CSP connect-src and img-src). */
  serviceOrigins: readonly string[];
  firstByteMs: number;
  cache: { maxAge: number; staleWhileRevalidate: number; maxEntries: number };
  /** Keeps the configuration between requests; served stale when the config service fails. */
  loadConfig: () => Promise<PortalConfig>;
  configMaxAgeMs: number;
  production: boolean;
  /** Content-Security-Policy on pages (off in development: Vite's client injects inline code). */
  csp: boolean;
  logger?: boolean | { level: string };
  /** Renders of pages not in the cache: how many at once, how many may wait, for how long. */
  renders?: RenderGateOptions;
  /** HTTP timeouts, as the services have them (README "Web server settings"). */
  timeouts?: Partial<WebTimeouts>;
  /** Asks the services whether they answer now (GET /readyz); defaults to reading the config. */
  probeServices?: () => Promise<unknown>;
  /** The tracking page's forms posted without scripts (defaults to the shop service). */
  trackingActions?: TrackingActions;
  /** Makes a kept page's best compressed copies (defaults to `recompress`, zlib's thread pool). */
  recompress?: (page: CachedPage) => Promise<void>;
}

/** The web server's HTTP timeouts, in ms (the services' defaults, apps/services src/lib/env.ts). */
export interface WebTimeouts {
  /** The request head must arrive within this (Node headersTimeout). */
  headersMs: number;
  /** A request body (a form posted without scripts) must arrive whole within this: else 408. */
  bodyMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number;
  /** A socket with no traffic at all is closed after this. */
  idleMs: number;
}

export const DEFAULT_TIMEOUTS: WebTimeouts = {
  headersMs: 10_000,
  bodyMs: 10_000,
  keepAliveMs: 5_000,
  idleMs: 30_000,
};

export const DEFAULT_RENDERS: RenderGateOptions = {
  concurrency: 4,
  maxQueue: 64,
  maxWaitMs: 10_000,
};

/** Seconds a visitor is asked to wait before trying again (503). */
export const RETRY_AFTER_SECONDS = 30;

/**
 * A failure that makes a page not good: anything but a service's own 4xx answer (a 404 is the
 * not-found page, a real answer; 408 and 429 are the service's trouble, not the content's).
 */
export function isOutage(failure: ContentFailure): boolean {
  if (failure.code !== "http") return true;
  return failure.statusCode >= 500 || failure.statusCode === 408 || failure.statusCode === 429;
}

type Page =
  | { kind: "whole"; page: CachedPage; cacheable: boolean }
  | { kind: "stream"; response: Response; headers: Record<string, string> }
  | { kind: "redirect"; status: number; location: string };

/**
 * The portal's web server (Fastify): server-rendered pages with their status codes, caching
 * headers, ETag and Content-Security-Policy; /sitemap.xml and /robots.txt; health checks. Static
 * files go first (the node server's own handler), then Fastify's routes.
 */
export async function createWebServer(options: WebServerOptions): Promise<FastifyInstance> {
  const cache = new PageCache(options.cache);
  const security = securityHeaders(options.production);
  const bootHash = scriptHash(options.bootScript);
  /** Cache-Control of a cacheable answer now: never fresh or stale past midnight in Malaysia. */
  const cacheControl = (status = 200) => pageCacheControl(options.cache, status, Date.now());
  const config = createConfigKeeper(options.loadConfig, options.configMaxAgeMs);
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const gate = new RenderGate(options.renders ?? DEFAULT_RENDERS);

  const app = Fastify({
    logger: options.logger ?? false,
    logController: new LogController({ disableRequestLogging: true }),
    // Node's own limits, as the services set theirs: the head within headersMs, the whole request
    // within head + body, an idle socket closed (checked every second, not Node's 30 s).
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    requestTimeout: timeouts.headersMs + timeouts.bodyMs,
    serverFactory: (handler) => {
      const server = createServer(
        {
          headersTimeout: timeouts.headersMs,
          requestTimeout: timeouts.headersMs + timeouts.bodyMs,
          keepAliveTimeout: timeouts.keepAliveMs,
          connectionsCheckingInterval: 1000,
        },
        (req, res) => {
          // Static files answer before Fastify's hooks: they get the security headers here.
          for (const [name, value] of Object.entries(security)) res.setHeader(name, value);
          if (options.staticFiles) options.staticFiles(req, res, () => handler(req, res));
          else handler(req, res);
        },
      );
      server.setTimeout(timeouts.idleMs);
      return server;
    },
  });

  app.addHook("onSend", async (_request, reply) => {
    for (const [name, value] of Object.entries(security)) reply.header(name, value);
  });

  app.get("/healthz", async () => ({ status: "ok" }));
  // Ready when the services answer now (a copy of the configuration kept from earlier does not
  // make pages work): asked at most once a second, whatever the number of probes.
  const probe = options.probeServices ?? (() => config.probe());
  let lastProbe: { at: number; ready: Promise<boolean> } | undefined;
  app.get("/readyz", async (_request, reply) => {
    if (!lastProbe || Date.now() - lastProbe.at >= 1000) {
      lastProbe = {
        at: Date.now(),
        ready: probe().then(
          () => true,
          () => false,
        ),
      };
    }
    const ready = await lastProbe.ready;
    reply.header("Cache-Control", "no-store");
    if (!ready) reply.header("Retry-After", String(RETRY_AFTER_SECONDS));
    return reply.code(ready ? 200 : 503).send({ status: ready ? "ready" : "services unavailable" });
  });

  app.get("/robots.txt", async (_request, reply) =>
    reply
      .type("text/plain; charset=utf-8")
      .header("Cache-Control", "public, max-age=3600")
      .send(robotsTxt(options.siteUrl)),
  );

  app.get("/sitemap.xml", async (request, reply) => {
    try {
      const portal = await config.get();
      const xml = sitemapXml(options.siteUrl, await sitemapPages(portal.contactEnabled));
      const etag = `"${createHash("sha256").update(xml).digest("base64url").slice(0, 27)}"`;
      reply.header("Cache-Control", cacheControl()).header("ETag", etag);
      if (request.headers["if-none-match"] === etag) return reply.code(304).send();
      return reply.type("application/xml; charset=utf-8").send(xml);
    } catch (error) {
      request.log.warn({ err: error }, "sitemap: content unavailable");
      return reply
        .code(503)
        .header("Retry-After", "60")
        .header("Cache-Control", "no-store")
        .type("text/plain; charset=utf-8")
        .send("The sitemap is unavailable for a moment.");
    }
  });

  /**
   * Renders a page for `path` (the cache key's URL, or the visitor's own when it is not to be
   * kept); a whole good page comes back ready to cache. A page that needed a service call that
   * failed (down, slow, 5xx, a body that breaks the contract) is the honest error page: 503 with
   * Retry-After when only the services failed, never cached (`cacheable` false).
   */
  async function renderPage(
    request: FastifyRequest,
    path: string,
    signal: AbortSignal,
  ): Promise<Page> {
    const nonce = randomBytes(16).toString("base64");
    const known = await config.get().catch(() => undefined);
    const url = new URL(path, options.siteUrl);
    const headers = new Headers();
    for (const name of ["accept-language", "user-agent"]) {
      const value = request.headers[name];
      if (typeof value === "string") headers.set(name, value);
    }
    const result = await options.render({
      request: new Request(url, { headers, signal }),
      siteUrl: options.siteUrl,
      firstByteMs: options.firstByteMs,
      nonce,
      manifest: options.manifest,
      seed: known
        ? (queryClient: QueryClient) =>
            queryClient.setQueryData(configQueryOptions().queryKey, known)
        : undefined,
    });
    const { response } = result;
    if (response.status >= 300 && response.status < 400) {
      return {
        kind: "redirect",
        status: response.status === 307 ? 301 : response.status,
        location: response.headers.get("location") ?? "/",
      };
    }
    if (result.deferred) {
      return {
        kind: "stream",
        response,
        headers: {
          "Content-Type": "text/html; charset=utf-8",
          "Cache-Control": "no-store",
          ...(options.csp
            ? {
                "Content-Security-Policy": contentSecurityPolicy({
                  serviceOrigins: options.serviceOrigins,
                  scriptSources: [`'nonce-${nonce}'`, bootHash],
                }),
              }
            : {}),
        },
      };
    }
    const html = await response.text();
    const body = Buffer.from(html);
    const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
    // Read once the whole body is rendered: every query this page made has settled.
    const failures = result.failures();
    const outages = failures.filter(isOutage);
    const onlyServices = outages.length > 0 && outages.every((failure) => failure.code !== "error");
    const status = result.configMissing
      ? 503
      : onlyServices && (response.status >= 500 || response.status === 200)
        ? // The services failed (the route's content, or the frame's banners): not this page's fault.
          503
        : response.status;
    if (outages.length > 0)
      request.log.warn(
        { url: loggedPath(url.pathname), failures: outages, status },
        "page not good: not kept",
      );
    const cacheable =
      outages.length === 0 &&
      !result.configMissing &&
      (status === 200 || status === 404 || status === 410);
    return {
      kind: "whole",
      cacheable,
      page: {
        status,
        etag,
        body,
        storedAt: Date.now(),
        headers: {
          "Content-Type": "text/html; charset=utf-8",
          // A cached page's Cache-Control is computed again when it is sent (sendWhole).
          "Cache-Control": cacheable ? cacheControl(status) : "no-store",
          ...(status === 503 ? { "Retry-After": String(RETRY_AFTER_SECONDS) } : {}),
          ...(options.csp
            ? {
                "Content-Security-Policy": contentSecurityPolicy({
                  serviceOrigins: options.serviceOrigins,
                  scriptSources: inlineScriptHashes(html),
                }),
              }
            : {}),
        },
      },
    };
  }

  function sendWhole(request: FastifyRequest, reply: FastifyReply, page: CachedPage, hit: string) {
    reply.code(page.status).headers(page.headers).header("ETag", page.etag);
    if (
      page.headers["Cache-Control"] === undefined ||
      page.headers["Cache-Control"].startsWith("public")
    )
      reply.header("Cache-Control", cacheControl(page.status));
    reply.header("Vary", "Accept-Encoding").header("X-Cache", hit);
    if (request.headers["if-none-match"] === page.etag && page.status === 200) {
      return reply.code(304).send();
    }
    const { body, encoding } = encodedBody(page, request.headers["accept-encoding"]);
    if (encoding) reply.header("Content-Encoding", encoding);
    return reply.send(body);
  }

  /** A kept page as answered to a URL a CDN must not keep (Cache-Control: private, no-store). */
  const withPrivate = (page: CachedPage): CachedPage => ({
    ...page,
    headers: { ...page.headers, "Cache-Control": "private, no-store" },
  });

  /** Keeps a good page (its fast compressed copies are made when it is first sent). */
  function keep(key: string, page: CachedPage) {
    cache.set(key, page);
  }

  /**
   * A kept page asked for again earns its best compressed copies, made off the event loop. Not at
   * the miss: brotli 11 of a 90 KB page is 70-90 ms of a pool thread, more than the render itself,
   * and most URLs of a large catalogue are asked for once before they expire.
   */
  function bestCopies(page: CachedPage) {
    (options.recompress ?? recompress)(page).catch((error: unknown) =>
      app.log.warn({ err: error }, "page cache: recompression failed"),
    );
  }

  // A form posted without scripts: every form posts (a GET would put its fields in the URL, its
  // logs and caches) and the page's first script holds one sent before hydration; with scripts
  // off it reaches here. Its body is never kept or logged and only a lookup's text is read
  // (src/server/lookup-forms.ts): the page is sent again (303, GET), its language kept. A body
  // that trickles in is cut after `bodyMs` (408, connection closed), as the services do.
  await app.register(async (forms) => {
    forms.removeAllContentTypeParsers();
    forms.addContentTypeParser("*", (request, body, done) => {
      const tracking = readsTrackingBody(request.url, request.headers["content-type"]);
      const reads = tracking || readsLookupBody(request.url, request.headers["content-type"]);
      const limit = tracking ? TRACKING_BODY_LIMIT : LOOKUP_BODY_LIMIT;
      let text = "";
      let finished = false;
      const finish = (error: Error | null, value?: string) => {
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        done(error, value);
      };
      const timer = setTimeout(
        () => finish(Object.assign(new Error("request body too slow"), { statusCode: 408 })),
        timeouts.bodyMs,
      );
      timer.unref();
      if (reads) {
        body.setEncoding("utf8");
        body.on("data", (chunk: string) => {
          if (text.length <= limit) text += chunk;
        });
      }
      body.once("end", () => finish(null, reads && text.length <= limit ? text : undefined));
      body.once("error", () => finish(null, undefined));
      body.once("close", () => clearTimeout(timer));
      if (!reads) body.resume();
    });
    forms.setErrorHandler((error, request, reply) => {
      const answered = clientError(error, request, reply);
      if (answered) return answered;
      throw error;
    });
    // The tracking page's forms (issue 24): the server sends them for the visitor, then shows
    // the page with the outcome (src/server/tracking-forms.ts). Private, never kept.
    const trackingActions = options.trackingActions ?? serviceTrackingActions();
    forms.post("/track/:token", async (request, reply) =>
      reply
        .code(303)
        .header(
          "Location",
          await trackingFormLocation(
            request.url,
            typeof request.body === "string" ? request.body : undefined,
            trackingActions,
            request.ip,
          ),
        )
        .header("Cache-Control", "private, no-store")
        .header("X-Robots-Tag", "noindex")
        .send(),
    );
    forms.post("/*", async (request, reply) =>
      reply
        .code(303)
        .header(
          "Location",
          postedFormLocation(
            request.url,
            typeof request.body === "string" ? request.body : undefined,
          ),
        )
        .header("Cache-Control", "no-store")
        .send(),
    );
  });

  /** A body too slow (the forms' parser: 408, connection closed) or a request sent wrong (4xx). */
  function clientError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 408) {
      request.log.warn("request body too slow; closing the connection");
      return reply
        .code(408)
        .header("Connection", "close")
        .header("Cache-Control", "no-store")
        .type("text/plain; charset=utf-8")
        .send("The request body did not arrive in time.");
    }
    if (status !== undefined && status >= 400 && status < 500) {
      return reply
        .code(status)
        .header("Cache-Control", "no-store")
        .type("text/plain; charset=utf-8")
        .send((error as Error).message);
    }
    return undefined;
  }

  /** The cheap answer when too many renders wait: no render, no page, a few bytes. */
  function busy(reply: FastifyReply) {
    return reply
      .code(503)
      .header("Retry-After", "5")
      .header("Cache-Control", "no-store")
      .type("text/plain; charset=utf-8")
      .send("The portal is busy. Please try again in a few seconds.");
  }

  /** Renders `path` through the gate: `key` shares one render among concurrent requests. */
  async function gatedRender(request: FastifyRequest, key: string | undefined, path: string) {
    const signal = AbortSignal.timeout(30_000);
    if (key === undefined)
      return (await gate.run(`private:${request.id}`, () => renderPage(request, path, signal)))
        .value;
    // A streamed body can be read once: requests that joined one share the next render (the
    // content has usually arrived by then: a whole page), and after a few rounds render their own.
    for (let round = 0; round < 3; round++) {
      const { value, shared } = await gate.run(key, () => renderPage(request, path, signal));
      if (!shared || value.kind !== "stream") return value;
    }
    const own = await gate.run(`stream:${request.id}`, () => renderPage(request, path, signal));
    return own.value;
  }

  app.get("/*", async (request, reply) => {
    const moved = movedLocation(request.url);
    if (moved) {
      return reply
        .code(301)
        .header("Location", moved)
        .header("Cache-Control", "public, max-age=86400")
        .send();
    }
    // The key: the path and the route's own parameters (utm_*, fbclid, ... left out). A URL whose
    // parameters carry personal data is rendered for this visitor only, never kept or shared.
    const { key, cacheable: shareable, privateUrl } = cacheKeyOf(request.url);
    // Personal data in a parameter the page does not read: the kept copy, never kept by a CDN.
    const send = (page: CachedPage, hit: string) =>
      privateUrl
        ? sendWhole(request, reply, withPrivate(page), hit)
        : sendWhole(request, reply, page, hit);
    const cached = shareable ? cache.get(key) : undefined;
    if (cached) {
      if (!cached.fresh) {
        cache.refresh(key, async () => {
          const fresh = await gatedRender(request, key, key);
          if (fresh.kind === "whole" && fresh.cacheable) keep(key, fresh.page);
        });
      }
      bestCopies(cached.page);
      return send(cached.page, cached.fresh ? "HIT" : "STALE");
    }
    let page: Page;
    try {
      page = shareable
        ? await gatedRender(request, key, key)
        : await gatedRender(request, undefined, request.url);
    } catch (error) {
      if (error instanceof RenderRefused) {
        request.log.warn({ reason: error.reason }, "render refused");
        return busy(reply);
      }
      throw error;
    }
    if (page.kind === "redirect") {
      return reply
        .code(page.status)
        .header("Location", page.location)
        .header("Cache-Control", shareable && !privateUrl ? cacheControl() : "private, no-store")
        .send();
    }
    if (page.kind === "whole") {
      if (!shareable) {
        const headers = { ...page.page.headers, "Cache-Control": "private, no-store" };
        return sendWhole(request, reply, { ...page.page, headers }, "PRIVATE");
      }
      if (page.cacheable) keep(key, page.page);
      return send(page.page, "MISS");
    }
    // Streamed: every chunk is flushed through the compressor at once (the frame and the
    // skeleton reach the browser before the late content).
    reply.code(page.response.status).headers(page.headers).header("Vary", "Accept-Encoding");
    if (!shareable || privateUrl) reply.header("Cache-Control", "private, no-store");
    reply.header("X-Cache", "STREAM");
    const source = Readable.fromWeb(page.response.body as never);
    // The visitor left: the rest of the render is not needed.
    reply.raw.on("close", () => {
      if (!reply.raw.writableFinished) source.destroy();
    });
    const accept = request.headers["accept-encoding"] ?? "";
    if (/\bbr\b/.test(accept) || /\bgzip\b/.test(accept)) {
      const brotli = /\bbr\b/.test(accept);
      const compressor = brotli
        ? createBrotliCompress({
            params: { [zlib.BROTLI_PARAM_QUALITY]: 5 },
            flush: zlib.BROTLI_OPERATION_FLUSH,
          })
        : createGzip({ level: 6, flush: zlib.Z_SYNC_FLUSH });
      reply.header("Content-Encoding", brotli ? "br" : "gzip");
      source.on("error", (error) => compressor.destroy(error));
      return reply.send(source.pipe(compressor));
    }
    return reply.send(source);
  });

  app.setErrorHandler((error, request, reply) => {
    const answered = clientError(error, request, reply);
    if (answered) return answered;
    // The visitor left (closed the tab, a timeout): nothing to answer, nothing went wrong here.
    if (request.raw.destroyed || reply.raw.destroyed) {
      request.log.debug({ err: error }, "page abandoned by the client");
      return reply.code(499).send();
    }
    request.log.error({ err: error }, "page failed");
    return reply
      .code(500)
      .header("Cache-Control", "no-store")
      .type("text/plain; charset=utf-8")
      .send("Internal Server Error");
  });

  return app;
}

/**
 * Keeps the portal configuration: read at most every `maxAgeMs`, and when the config service
 * fails, the last copy goes on serving (pages keep working through a config outage). Only with
 * no copy at all does a page show the startup failure page.
 */
export function createConfigKeeper(load: () => Promise<PortalConfig>, maxAgeMs: number) {
  let last: { config: PortalConfig; at: number } | undefined;
  let pending: Promise<PortalConfig> | undefined;
  const read = () =>
    (pending ??= load()
      .then((config) => {
        last = { config, at: Date.now() };
        return config;
      })
      .finally(() => {
        pending = undefined;
      }));
  return {
    async get(): Promise<PortalConfig> {
      if (last && Date.now() - last.at < maxAgeMs) return last.config;
      try {
        return await read();
      } catch (error) {
        if (last) return last.config;
        throw error;
      }
    },
    /** Reads the configuration now (readiness): fails when the service does not answer. */
    probe(): Promise<PortalConfig> {
      return read();
    },
  };
}
