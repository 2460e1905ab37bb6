import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { DATABASE_RETRY_AFTER_SECONDS } from "../db/database.js";
import { reason } from "../lib/errors.js";

/** How long readiness waits for the database's `select 1`. */
export const READINESS_TIMEOUT_MS = 1000;

declare module "fastify" {
  interface FastifyInstance {
    /** Set at the start of a graceful shutdown: readiness answers 503 from then on. */
    draining: boolean;
  }
}

/**
 * Health checks for a load balancer or an orchestrator (not part of any contract):
 *
 * - `GET /health/live` (and `/health`, `/livez`): 200 while the process answers at all. Restart the
 *   process only when this fails; a database outage does not fail it.
 * - `GET /health/ready` (and `/readyz`): 200 when the database answers `select 1` within 1 s; 503 with
 *   `Retry-After` while it does not, or once a graceful shutdown has begun. Send traffic only
 *   while this is 200.
 */
export default fp(
  async function health(app: FastifyInstance) {
    app.decorate("draining", false);
    // While draining, every new request is refused with Retry-After (another instance serves it).
    app.addHook("onRequest", (_request, reply, done) => {
      if (!app.draining) return done();
      reply
        .code(503)
        .header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS))
        .header("connection", "close")
        .send({
          statusCode: 503,
          error: reason(503),
          message: "The instance is shutting down",
          code: "service.shuttingDown",
        });
    });
    const live = async () => ({ response: { status: "ok" } });
    app.get("/health", live);
    app.get("/health/live", live);
    // The names orchestrators (Kubernetes) probe by convention answer the same.
    app.get("/livez", live);
    const readiness = async (_request: FastifyRequest, reply: FastifyReply) => {
      reply.header("cache-control", "no-store");
      const status = app.draining
        ? "shuttingDown"
        : (await app.db.ping(READINESS_TIMEOUT_MS))
          ? "ok"
          : "databaseUnavailable";
      if (status === "ok") return { response: { status, database: "ok" } };
      return reply
        .code(503)
        .header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS))
        .send({
          statusCode: 503,
          error: reason(503),
          message:
            status === "shuttingDown"
              ? "The instance is shutting down"
              : "The database does not answer",
          code: status === "shuttingDown" ? "service.shuttingDown" : "database.unavailable",
        });
    };
    app.get("/health/ready", readiness);
    app.get("/readyz", readiness);
  },
  { name: "health" },
);
