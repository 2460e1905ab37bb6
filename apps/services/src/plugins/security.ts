import cors from "@fastify/cors";
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
}

declare module "fastify" {
  interface FastifyInstance {
    /** The rate-limit counters (hits leased from the database, handed out from memory). */
    rateLimitCounters: RateLimitCounters;
    /** Helmet's headers, computed once ({@link securityHeaders}); the fast 429 sends them too. */
    securityHeaderList?: readonly (readonly [string, string])[];
  }
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
    app.addHook("onRoute", (route: RouteOptions) => {
      const config = route.config as { rateLimit?: { max?: unknown } | false } | undefined;
      if (config?.rateLimit == null || config.rateLimit === false) return;
      const prefix = routeKeyPrefix(route);
      const max = config.rateLimit.max;
      const url = route.url;
      // The headers every refusal of this route repeats, after the per-request ones (taken on
      // the first refusal: helmet's are set up by a later plugin).
      let fixed: string[] | undefined;
      const refuseKnown = (
        request: FastifyRequest,
        reply: FastifyReply,
        done: HookHandlerDoneFunction,
      ) => {
        const left = counters.refusing(prefix + clientKey(request));
        if (left === 0) return done();
        opts.onRefused?.(url);
        const seconds = Math.ceil(left / 1000);
        const body = refusalBody(seconds);
        fixed ??= [
          "content-type",
          "application/json; charset=utf-8",
          ...(app.securityHeaderList ?? []).flat(),
        ];
        const limit =
          typeof max === "function" ? (max as (r: FastifyRequest) => number)(request) : max;
        // CORS's headers (its onRequest hook ran), the limiter's, then the fixed ones.
        const headers: string[] = [];
        const set = reply.getHeaders();
        for (const name in set) headers.push(name, String(set[name]));
        headers.push(
          "x-ratelimit-limit",
          String(limit),
          "x-ratelimit-remaining",
          "0",
          "x-ratelimit-reset",
          String(seconds),
          "retry-after",
          String(seconds),
          "x-request-id",
          request.id,
          ...fixed,
          "content-length",
          String(body.length),
        );
        reply.hijack();
        reply.raw.writeHead(429, headers);
        reply.raw.end(body);
      };
      route.onRequest = [refuseKnown, ...(route.onRequest == null ? [] : [route.onRequest].flat())];
    });
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
