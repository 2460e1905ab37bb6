import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import fp from "fastify-plugin";
import { openapiDir as findOpenApiDir } from "@portal/openapi";
import { openDatabase, type Database } from "./db/database.js";
import { migrate } from "./db/migrate.js";
import { seedReferenceData } from "./db/seed-reference.js";
import { startedClock, systemClock, type Clock } from "./lib/clock.js";
import { loadEnv, type Env } from "./lib/env.js";
import { loggerOptions } from "./lib/logger.js";
import { createValidatorCompiler } from "./openapi/ajv.js";
import { registerContract, type ServiceDefinition } from "./openapi/register.js";
import errorHandler from "./plugins/error-handler.js";
import docs from "./plugins/docs.js";
import etag from "./plugins/etag.js";
import health from "./plugins/health.js";
import metricsPlugin from "./plugins/metrics.js";
import { Metrics } from "./lib/metrics.js";
import bodyTimeout from "./plugins/timeouts.js";
import bodyLimit from "./plugins/body-limit.js";
import jsonBody from "./plugins/json-body.js";
import security, { securityHeaders } from "./plugins/security.js";
import { serviceDefinitions } from "./routes/index.js";
import { createServices, type Services } from "./services/index.js";
import type { SmsProvider } from "./services/sms.js";

/** What `buildApp` accepts; everything has a default read from the environment. */
export interface BuildAppOptions {
  /** Overrides of the environment settings (merged over `loadEnv(process.env)`). */
  env?: Partial<Env>;
  /** An open database to use (tests share one per file); otherwise opened from env. */
  db?: Database;
  /** Time source for tokens, OTP and signed URLs. */
  clock?: Clock;
  /** Pino options, or false for no logs. */
  logger?: FastifyServerOptions["logger"];
  /** Check every answer against its contract (default: outside production). */
  validateResponses?: boolean;
  /** Where SMS are sent (tests); the default is SMS_PROVIDER's. */
  sms?: SmsProvider;
  /** Requests per minute on rate-limited routes (default RATE_LIMIT_MAX, 30). */
  rateLimitMax?: number;
  /** Serve the API reference pages at /docs (default true). */
  docs?: boolean;
  /** Replace or extend the services (e.g. extra content handler tables). */
  services?: (defaults: ServiceDefinition[], openapiDir: string) => ServiceDefinition[];
}

declare module "fastify" {
  interface FastifyInstance {
    env: Env;
    clock: Clock;
    db: Database;
    services: Services;
    metrics: Metrics;
  }
}

/** Options of the `portal` plugin (the app itself). */
export interface PortalPluginOptions {
  env: Env;
  db: Database;
  clock: Clock;
  validateResponses: boolean;
  rateLimitMax: number;
  sms?: SmsProvider;
  services?: BuildAppOptions["services"];
  /** Serve the API reference at /docs. */
  docs: boolean;
}

/**
 * The whole application as a plugin: shared plugins, services as decorators, then one
 * encapsulated plugin per service contract under its base path.
 */
export const portal = fp<PortalPluginOptions>(
  async function portal(app, opts) {
    app.decorate("env", opts.env);
    app.decorate("clock", opts.clock);
    app.decorate("db", opts.db);
    app.decorate("contractOperations", new Map());
    app.decorate("contractDocuments", new Map());
    const metrics = new Metrics(opts.db, () => opts.clock.now(), opts.env.queue.schema);
    app.decorate("metrics", metrics);
    app.decorate(
      "services",
      await createServices({
        env: opts.env,
        db: opts.db,
        clock: opts.clock,
        log: app.log,
        sms: opts.sms,
        metrics,
      }),
    );

    const { retention } = app.services;
    app.addHook("onReady", async () => retention.start(opts.env.retentionIntervalMs));
    app.addHook("onClose", async () => retention.stop());
    // The queue (pg-boss's own schema and migrations) before the first request; the delivery
    // workers here unless QUEUE_WORKER=false (then `pnpm worker` runs them).
    const { queue, fulfilment, sms } = app.services;
    await queue.start();
    await fulfilment.prepare();
    await sms.prepare();
    if (opts.env.queue.worker)
      app.addHook("onReady", async () => {
        await fulfilment.startWorkers();
        await sms.startWorkers();
      });
    app.addHook("onClose", async () => {
      await sms.stopWorkers();
      await fulfilment.stopWorkers();
      await queue.stop(opts.env.timeouts.shutdownMs);
    });

    await app.register(errorHandler);
    await app.register(security, {
      corsOrigins: opts.env.corsOrigins,
      rateLimitMax: opts.rateLimitMax,
      db: opts.db,
      clock: opts.clock,
      onRefused: (route) => metrics.rateLimitRefusals.inc({ route }),
      trustProxy: opts.env.trustProxy,
      requestId,
    });
    await app.register(metricsPlugin);
    app.addHook("onSend", (request, reply, payload, done) => {
      reply.header("x-request-id", request.id);
      done(null, payload);
    });
    await app.register(health);
    await app.register(bodyLimit);
    await app.register(bodyTimeout, { bodyMs: opts.env.timeouts.bodyMs });
    await app.register(jsonBody);
    await app.register(etag);
    // After etag: its onSend hook needs the final status (no helmet headers on a 304).
    await app.register(securityHeaders, { production: opts.env.portalEnv === "production" });

    const openapiDir = findOpenApiDir();
    const defaults = serviceDefinitions(openapiDir);
    const definitions = opts.services ? opts.services(defaults, openapiDir) : defaults;
    for (const service of definitions) {
      if (!existsSync(service.file)) {
        app.log.warn(
          { service: service.name, file: service.file },
          "contract file missing; service not mounted",
        );
        continue;
      }
      await app.register(
        async (scope) => registerContract(scope, service, opts.validateResponses),
        { prefix: service.prefix },
      );
    }
    if (opts.docs) await app.register(docs, { publicUrl: opts.env.publicUrl });
  },
  { name: "portal" },
);

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request's id: the proxy's X-Request-Id when it is a plain token, else a new UUID. */
export function requestId(request: IncomingMessage): string {
  const given = request.headers["x-request-id"];
  return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
}

/** Builds the Fastify app: opens (or takes) the database, migrates, seeds reference data. */
export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const env: Env = { ...loadEnv(), ...options.env };
  const clock = options.clock ?? (env.clockStart ? startedClock(env.clockStart) : systemClock);
  const ownsDb = !options.db;
  const db =
    options.db ??
    (await openDatabase({
      databaseUrl: env.databaseUrl,
      dataDir: env.dataDir,
      max: env.dbPoolMax,
      connectTimeoutMs: env.dbConnectTimeoutMs,
      queryTimeoutMs: env.dbQueryTimeoutMs,
    }));
  await migrate(db);
  await seedReferenceData(db);

  const app = Fastify({
    logger: options.logger ?? loggerOptions(env.logLevel),
    bodyLimit: 64 * 1024,
    // Loading and compiling the contracts can be slow on a busy machine.
    pluginTimeout: 120_000,
    // A hop count is valid at run time (proxy-addr); the types only list the other forms.
    trustProxy: env.trustProxy as boolean | string,
    routerOptions: { ignoreTrailingSlash: true },
    // The health plugin answers 503 with Retry-After while draining (Fastify's own has none).
    return503OnClosing: false,
    // A request id in every log line of the request and in every answer (X-Request-Id); a
    // proxy's X-Request-Id is kept when it is a plain token.
    genReqId: requestId,
    requestIdHeader: false,
    // The HTTP/1 server Fastify would make, with the refusal door in front of its handler: a
    // client already over a route's limit is answered before Fastify (plugins/security.ts).
    // Slow clients: the head must arrive within HEADERS_TIMEOUT_MS (Node answers 408 and
    // closes), a silent socket is closed after IDLE_TIMEOUT_MS, an idle keep-alive connection
    // after KEEP_ALIVE_TIMEOUT_MS; bodies have their own timeout (plugins/timeouts.ts), and no
    // request may take longer than head + upload body altogether.
    serverFactory: (handler) => {
      const server = createServer(
        { headersTimeout: env.timeouts.headersMs, connectionsCheckingInterval: 1000 },
        (req, res) => {
          if (!app.refusalDoor?.refuse(req, res)) handler(req, res);
        },
      );
      server.keepAliveTimeout = env.timeouts.keepAliveMs;
      server.requestTimeout = env.timeouts.headersMs + env.timeouts.uploadBodyMs;
      server.setTimeout(env.timeouts.idleMs);
      return server;
    },
  });
  app.setValidatorCompiler(createValidatorCompiler());
  await app.register(portal, {
    env,
    db,
    clock,
    validateResponses: options.validateResponses ?? env.portalEnv !== "production",
    rateLimitMax: options.rateLimitMax ?? env.rateLimitMax,
    sms: options.sms,
    services: options.services,
    docs: options.docs ?? true,
  });
  if (ownsDb) app.addHook("onClose", async () => db.close());
  return app;
}

export { loadEnv, type Env } from "./lib/env.js";
export { ManualClock, systemClock, type Clock } from "./lib/clock.js";
export { openDatabase, openPglite, openPostgres, type Database } from "./db/database.js";
export type { ServiceDefinition, OperationTable, OperationsFactory } from "./openapi/register.js";
