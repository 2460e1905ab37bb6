import type { IncomingMessage, ServerResponse } from "node:http";
import cors from "@fastify/cors";
import proxyAddr from "@fastify/proxy-addr";
import rateLimit, { normalizeIP } from "@fastify/rate-limit";
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  RouteOptions,
} from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";
import type { Queryable } from "../db/database.js";
import type { Clock } from "../lib/clock.js";
import { reason } from "../lib/errors.js";
import { databaseRateLimitStore, RateLimitCounters, routeKeyPrefix } from "./rate-limit-store.js";

/** Options of the security plugin. */
export interface SecurityOptions {
  corsOrigins: string[];
  /** Requests per minute on rate-limited routes; tests raise it. */
  rateLimitMax: number;
  /** Where the rate-limit counters live (shared by every instance on the database). */
  db: Queryable;
  clock: Clock;
  /** Told of every refusal, by route (metrics). */
  onRefused?: (route: string) => void;
  /** Fastify's `trustProxy`, for the client address of a refusal at the door. */
  trustProxy?: boolean | number | string;
  /** The request id of a refusal at the door (Fastify's `genReqId`). */
  requestId: (request: IncomingMessage) => string;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The rate-limit counters (hits leased from the database, handed out from memory). */
    rateLimitCounters: RateLimitCounters;
    /** Helmet's headers, computed once ({@link securityHeaders}); the fast 429 sends them too. */
    securityHeaderList?: readonly (readonly [string, string])[];
    /** Refusals answered at the door, before Fastify ({@link RefusalDoor}). */
    refusalDoor: RefusalDoor;
  }
}

/**
 * Answers, from the HTTP server's request listener and before Fastify sees the request, the 429
 * of a client the database already put over a route's limit for the window (issue 21: a refusal
 * at under a fifth of a lead's CPU). It answers only what the route's first onRequest hook would
 * answer with the same bytes, and leaves everything else to Fastify:
 *
 * - only rate-limited routes without path parameters, by method and path (query dropped, one
 *   trailing slash ignored, as the router does); never while the instance drains (503 first);
 *   never when the declared body is over the route's limit (413 first) or an If-None-Match is
 *   sent (its check comes first);
 * - the client address as Fastify's `request.ip` computes it (@fastify/proxy-addr with the same
 *   trust), keyed as the limiter keys it;
 * - CORS headers replayed from Fastify's own answer to an earlier refusal of this route for the
 *   same Origin value (at most 16 values a route; another Origin goes to Fastify).
 *
 * A refusal here is counted in the metrics (`rate_limit_refusals_total`), not logged per request:
 * a client over its limit can send thousands a second, and the first refusals of its window went
 * through Fastify and its log.
 */
export interface RefusalDoor {
  /** Answers `req` with a 429 and returns true, or returns false and lets Fastify answer it. */
  refuse(req: IncomingMessage, res: ServerResponse): boolean;
  /** Refusals answered here since the start. */
  readonly answered: number;
}

interface DoorRoute {
  url: string;
  prefix: string;
  /** The largest declared body the body-limit hook lets through (413 otherwise). */
  bodyLimit: number;
  /** The route's limit as its 429s state it (x-ratelimit-limit), known after a refusal. */
  limit?: string;
  /** CORS's headers of a refusal, by Origin value ("" when none was sent). */
  corsByOrigin: Map<string, string[]>;
}
const DOOR_ORIGINS_PER_ROUTE = 16;

/** Fastify 5's own `trustProxy` semantics (lib/request.js `getTrustProxyFn`). */
export function doorTrust(
  trust: boolean | number | string | undefined,
): ((address: string, hop: number) => boolean) | undefined {
  if (trust === undefined || trust === false) return undefined;
  if (trust === true) return () => true;
  // Fastify 5.12 fails closed on a bare hop count: the socket's peer is the client.
  if (typeof trust === "number") return () => false;
  return proxyAddr.compile(trust.split(",").map((value) => value.trim()));
}

/** The client address Fastify's `request.ip` gives for `req` under `trust`. */
export function doorClientAddress(
  req: IncomingMessage,
  trust: ((address: string, hop: number) => boolean) | undefined,
): string | undefined {
  if (trust === undefined) return req.socket.remoteAddress;
  const all = proxyAddr.all(req, trust);
  return all[all.length - 1];
}

/** Writes a 429: `cors` (an Origin's), the limiter's headers, then `fixed`, then the body. */
function writeRefusal(
  res: ServerResponse,
  cors: readonly string[],
  limit: string,
  seconds: number,
  id: string,
  fixed: readonly string[],
): void {
  const body = refusalBody(seconds);
  const retry = String(seconds);
  res.writeHead(429, [
    ...cors,
    "x-ratelimit-limit",
    limit,
    "x-ratelimit-remaining",
    "0",
    "x-ratelimit-reset",
    retry,
    "retry-after",
    retry,
    "x-request-id",
    id,
    ...fixed,
    "content-length",
    String(body.length),
  ]);
  res.end(body);
}

/** A client's key: its address (IPv6 by /64), as @fastify/rate-limit's own default. */
const clientKey = (request: FastifyRequest): string => normalizeIP(request.ip);

/** The 429 body of a refusal with `seconds` left, serialised once per second value. */
const refusalBodies = new Map<number, string>();
function refusalBody(seconds: number): string {
  let body = refusalBodies.get(seconds);
  if (body === undefined) {
    body = JSON.stringify({
      statusCode: 429,
      error: reason(429),
      message: `Too many requests, retry in ${seconds} s`,
      code: "rateLimit.exceeded",
    });
    if (refusalBodies.size < 4096) refusalBodies.set(seconds, body);
  }
  return body;
}

/**
 * CORS for the portal's origin(s) without credentials, and a rate limiter that only acts on
 * routes which opt in with `config.rateLimit`. The helmet headers are {@link securityHeaders}.
 */
export default fp<SecurityOptions>(
  async function security(app, opts) {
    app.decorate("rateLimitMax", opts.rateLimitMax);
    await app.register(cors, {
      origin: opts.corsOrigins.includes("*") ? "*" : opts.corsOrigins,
      credentials: false,
      methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
      allowedHeaders: [
        "Authorization",
        "If-None-Match",
        "Content-Type",
        "x-api-key",
        "X-Request-Id",
        // Purchase and lead creation from the browser, safe to retry (issue 24).
        "Idempotency-Key",
      ],
      exposedHeaders: ["ETag", "Retry-After", "X-Request-Id", "Idempotent-Replayed"],
      maxAge: 600,
    });
    const counters = new RateLimitCounters(opts.db, opts.clock);
    app.decorate("rateLimitCounters", counters);
    app.addHook("onClose", async () => counters.close());
    await app.register(rateLimit, {
      global: false,
      // Hits leased from the database (migration 0004) and handed out from memory: the limit
      // holds across instances and a refusal of a key known to be over it costs no statement.
      store: databaseRateLimitStore(counters) as never,
      keyGenerator: clientKey,
      onExceeded: (request) => opts.onRefused?.(request.routeOptions.url ?? "unknown"),
      max: opts.rateLimitMax,
      timeWindow: "1 minute",
      errorResponseBuilder: (_req, context) => ({
        statusCode: 429,
        error: reason(429),
        message: `Too many requests, retry in ${Math.ceil(context.ttl / 1000)} s`,
        code: "rateLimit.exceeded",
      }),
    });
    // The fast refusal (issue 22): a client the database already put over its limit for the
    // window is answered in the route's first onRequest hook, before the limiter, the body, the
    // validation, the error handler and the onSend hooks, with the same status, headers and body
    // as the limiter's 429 (serialised once). Exact: it refuses only what the counters would
    // refuse from memory anyway, and counts nothing.
    // The headers every refusal repeats after the per-request ones (taken on the first
    // refusal: helmet's are set up by a later plugin).
    let fixedHeaders: string[] | undefined;
    const fixed = () =>
      (fixedHeaders ??= [
        "content-type",
        "application/json; charset=utf-8",
        ...(app.securityHeaderList ?? []).flat(),
      ]);
    const doorRoutes = new Map<string, DoorRoute>();
    const defaultBodyLimit = app.initialConfig.bodyLimit ?? 1024 * 1024;
    // The fast refusal (issue 22): a client the database already put over its limit for the
    // window is answered in the route's first onRequest hook, before the limiter, the body, the
    // validation, the error handler and the onSend hooks, with the same status, headers and body
    // as the limiter's 429 (serialised once). Exact: it refuses only what the counters would
    // refuse from memory anyway, and counts nothing. Its answers also teach the door (below) the
    // route's CORS headers for the request's Origin.
    app.addHook("onRoute", (route: RouteOptions) => {
      const config = route.config as
        { rateLimit?: { max?: unknown } | false; ownBodyLimit?: boolean } | undefined;
      if (config?.rateLimit == null || config.rateLimit === false) return;
      const prefix = routeKeyPrefix(route);
      const max = config.rateLimit.max;
      const url = route.url;
      let door: DoorRoute | undefined;
      if (!/[:*]/.test(url)) {
        door = {
          url,
          prefix,
          bodyLimit: config.ownBodyLimit
            ? Number.POSITIVE_INFINITY
            : (route.bodyLimit ?? defaultBodyLimit),
          corsByOrigin: new Map(),
        };
        const path = url.length > 1 && url.endsWith("/") ? url.slice(0, -1) : url;
        for (const method of [route.method].flat()) doorRoutes.set(`${method} ${path}`, door);
      }
      const refuseKnown = (
        request: FastifyRequest,
        reply: FastifyReply,
        done: HookHandlerDoneFunction,
      ) => {
        const left = counters.refusing(prefix + clientKey(request));
        if (left === 0) return done();
        opts.onRefused?.(url);
        const limit = String(
          typeof max === "function" ? (max as (r: FastifyRequest) => number)(request) : max,
        );
        // CORS's headers (its onRequest hook ran; no other hook sets one before this).
        const cors: string[] = [];
        const set = reply.getHeaders();
        for (const name in set) cors.push(name, String(set[name]));
        if (door) {
          door.limit = limit;
          const origin = request.headers.origin ?? "";
          if (door.corsByOrigin.size < DOOR_ORIGINS_PER_ROUTE || door.corsByOrigin.has(origin))
            door.corsByOrigin.set(origin, cors);
        }
        reply.hijack();
        writeRefusal(reply.raw, cors, limit, Math.ceil(left / 1000), request.id, fixed());
      };
      route.onRequest = [refuseKnown, ...(route.onRequest == null ? [] : [route.onRequest].flat())];
    });

    const trust = doorTrust(opts.trustProxy);
    let answered = 0;
    app.decorate("refusalDoor", {
      get answered() {
        return answered;
      },
      refuse(req: IncomingMessage, res: ServerResponse): boolean {
        const raw = req.url;
        if (raw === undefined || app.draining) return false;
        const query = raw.indexOf("?");
        let path = query < 0 ? raw : raw.slice(0, query);
        if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
        const door = doorRoutes.get(`${req.method} ${path}`);
        if (door === undefined || door.limit === undefined) return false;
        const headers = req.headers;
        if (headers["if-none-match"] !== undefined) return false;
        const declared = headers["content-length"];
        if (declared !== undefined && Number(declared) > door.bodyLimit) return false;
        const cors = door.corsByOrigin.get(headers.origin ?? "");
        if (cors === undefined) return false;
        const address = doorClientAddress(req, trust);
        if (address === undefined) return false;
        const left = counters.refusing(door.prefix + normalizeIP(address));
        if (left === 0) return false;
        answered += 1;
        opts.onRefused?.(door.url);
        writeRefusal(res, cors, door.limit, Math.ceil(left / 1000), opts.requestId(req), fixed());
        return true;
      },
    } satisfies RefusalDoor);
  },
  { name: "security" },
);

/** Options of {@link securityHeaders}. */
export interface SecurityHeadersOptions {
  /** HSTS and upgrade-insecure-requests only make sense behind HTTPS in production. */
  production: boolean;
}

/**
 * Helmet's headers on every answer but a 304. Register it after the etag plugin: its onSend hook
 * must see the final status.
 *
 * The headers do not depend on the request (no CSP nonces), so they are computed once;
 * @fastify/helmet would rebuild helmet and re-parse the CSP on every request (16% of CPU on a
 * content GET). A header the route already set wins (images send their own strict CSP).
 *
 * A 304 carries only what guides the cache update (ETag, Cache-Control, Vary, Date and CORS):
 * RFC 9110 section 15.4.5 asks a sender not to repeat other metadata, and the browser keeps the
 * headers of the stored 200, helmet's included. That saves about 530 of the 830 bytes of each
 * revalidation.
 */
export const securityHeaders = fp<SecurityHeadersOptions>(
  async function securityHeaders(app, opts) {
    const headers = Object.entries(
      helmetHeaders({
        // Content images are fetched by the portal on another origin.
        crossOriginResourcePolicy: { policy: "cross-origin" },
        contentSecurityPolicy: {
          directives: {
            defaultSrc: ["'self'"],
            imgSrc: ["'self'", "data:"],
            styleSrc: ["'self'", "'unsafe-inline'"],
            scriptSrc: ["'self'"],
            upgradeInsecureRequests: opts.production ? [] : null,
          },
        },
        hsts: opts.production,
      }),
    );
    app.decorate("securityHeaderList", headers);
    app.addHook("onSend", (_request, reply, payload, done) => {
      if (reply.statusCode !== 304) {
        for (const [name, value] of headers) if (!reply.hasHeader(name)) reply.header(name, value);
      }
      done(null, payload);
    });
  },
  { name: "security-headers", dependencies: ["etag"] },
);

/**
 * The headers helmet sets with these options, computed once by running its middleware against a
 * recording response.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * Route config that turns the shared rate limiter on for a route. `share` scales the configured
 * per-minute maximum (e.g. 1/3 for authenticate), so tests that raise it raise every route.
 */
export const rateLimited = (share = 1) => ({
  rateLimit: {
    timeWindow: "1 minute",
    max: (request: FastifyRequest) =>
      Math.max(
        1,
        Math.floor(
          (request.server as FastifyInstance & { rateLimitMax: number }).rateLimitMax * share,
        ),
      ),
  },
});

/** Types the app instance for `rateLimited` consumers. */
export type { FastifyInstance };
