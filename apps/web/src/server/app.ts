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
import type { RenderOptions, RenderResult, RouterManifest } from "../entry-server";
import { configQueryOptions, type PortalConfig } from "../shared/config";
import { robotsTxt, sitemapPages, sitemapXml } from "./discovery";
import { LOOKUP_BODY_LIMIT, postedFormLocation, readsLookupBody } from "./lookup-forms";
import { movedLocation } from "./moved";
import { PageCache, encodedBody, pageCacheControl, type CachedPage } from "./page-cache";
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

  const app = Fastify({
    logger: options.logger ?? false,
    logController: new LogController({ disableRequestLogging: true }),
    serverFactory: (handler) =>
      createServer((req, res) => {
        if (options.staticFiles) options.staticFiles(req, res, () => handler(req, res));
        else handler(req, res);
      }),
  });

  app.addHook("onSend", async (_request, reply) => {
    for (const [name, value] of Object.entries(security)) reply.header(name, value);
  });

  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async (_request, reply) => {
    const ready = await config.get().then(
      () => true,
      () => false,
    );
    return reply.code(ready ? 200 : 503).send({ status: ready ? "ready" : "config unavailable" });
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

  /** Renders a page; a whole page (content in time) comes back ready to cache. */
  async function renderPage(request: FastifyRequest, signal: AbortSignal): Promise<Page> {
    const nonce = randomBytes(16).toString("base64");
    const known = await config.get().catch(() => undefined);
    const url = new URL(request.url, options.siteUrl);
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
    const status = result.configMissing ? 503 : response.status;
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
    const cacheable = status === 200 || status === 404 || status === 410;
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
          ...(status === 503 ? { "Retry-After": "30" } : {}),
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
    if (page.headers["Cache-Control"] !== "no-store")
      reply.header("Cache-Control", cacheControl(page.status));
    reply.header("Vary", "Accept-Encoding").header("X-Cache", hit);
    if (request.headers["if-none-match"] === page.etag && page.status === 200) {
      return reply.code(304).send();
    }
    const { body, encoding } = encodedBody(page, request.headers["accept-encoding"]);
    if (encoding) reply.header("Content-Encoding", encoding);
    return reply.send(body);
  }

  // A form posted without scripts: every form posts (a GET would put its fields in the URL, its
  // logs and caches) and the page's first script holds one sent before hydration; with scripts
  // off it reaches here. Its body is never kept or logged and only a lookup's text is read
  // (src/server/lookup-forms.ts): the page is sent again (303, GET), its language kept.
  await app.register(async (forms) => {
    forms.removeAllContentTypeParsers();
    forms.addContentTypeParser("*", (request, body, done) => {
      if (!readsLookupBody(request.url, request.headers["content-type"])) {
        body.resume();
        return done(null);
      }
      let text = "";
      body.setEncoding("utf8");
      body.on("data", (chunk: string) => {
        if (text.length <= LOOKUP_BODY_LIMIT) text += chunk;
      });
      body.on("end", () => done(null, text.length <= LOOKUP_BODY_LIMIT ? text : undefined));
      body.on("error", () => done(null, undefined));
    });
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

  app.get("/*", async (request, reply) => {
    const moved = movedLocation(request.url);
    if (moved) {
      return reply
        .code(301)
        .header("Location", moved)
        .header("Cache-Control", "public, max-age=86400")
        .send();
    }
    const key = request.url;
    const cached = cache.get(key);
    if (cached) {
      if (!cached.fresh) {
        cache.refresh(key, async () => {
          const fresh = await renderPage(request, AbortSignal.timeout(30_000));
          if (fresh.kind === "whole" && fresh.cacheable) cache.set(key, fresh.page);
        });
      }
      return sendWhole(request, reply, cached.page, cached.fresh ? "HIT" : "STALE");
    }
    const aborted = new AbortController();
    reply.raw.on("close", () => {
      if (!reply.raw.writableFinished) aborted.abort();
    });
    const page = await renderPage(request, aborted.signal);
    if (page.kind === "redirect") {
      return reply
        .code(page.status)
        .header("Location", page.location)
        .header("Cache-Control", cacheControl())
        .send();
    }
    if (page.kind === "whole") {
      if (page.cacheable) cache.set(key, page.page);
      return sendWhole(request, reply, page.page, "MISS");
    }
    // Streamed: every chunk is flushed through the compressor at once (the frame and the
    // skeleton reach the browser before the late content).
    reply.code(page.response.status).headers(page.headers).header("Vary", "Accept-Encoding");
    reply.header("X-Cache", "STREAM");
    const source = Readable.fromWeb(page.response.body as never);
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
  return {
    async get(): Promise<PortalConfig> {
      if (last && Date.now() - last.at < maxAgeMs) return last.config;
      pending ??= load()
        .then((config) => {
          last = { config, at: Date.now() };
          return config;
        })
        .finally(() => {
          pending = undefined;
        });
      try {
        return await pending;
      } catch (error) {
        if (last) return last.config;
        throw error;
      }
    },
  };
}
