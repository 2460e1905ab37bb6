import closeWithGrace from "close-with-grace";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.js";
import { loadEnv, type Env } from "./lib/env.js";
import { startTracing } from "./tracing.js";

// One process serves every service on PORT (default 4000).
let env: Env;
let app: FastifyInstance;
let stopTracing: (() => Promise<void>) | undefined;
try {
  // The environment is checked first: a bad variable stops here, named, without a stack.
  env = loadEnv();
  // Before the app: the instrumentation hears Fastify's initialization.
  stopTracing = await startTracing(env);
  app = await buildApp({ env });
} catch (error) {
  // e.g. a development secret in production, or a data folder another process holds.
  console.error((error as Error).message);
  process.exit(1);
}

// Graceful shutdown: readiness turns 503 at once, the listener closes, requests in flight finish;
// past SHUTDOWN_TIMEOUT_MS the process exits anyway (code 1).
closeWithGrace(
  {
    delay: env.timeouts.shutdownMs,
    logger: false,
    onTimeout: (delay) =>
      app.log.error({ delay }, "shutdown deadline passed; exiting with requests in flight"),
  },
  async ({ signal, err }) => {
    if (err) app.log.error({ err }, "shutting down after an uncaught error");
    else app.log.info({ signal }, "shutting down");
    app.draining = true;
    await app.close();
    await stopTracing?.();
  },
);

try {
  await app.listen({ port: env.port, host: env.host });
} catch (error) {
  app.log.error({ err: error }, "could not start");
  process.exit(1);
}
