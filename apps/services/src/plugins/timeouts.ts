import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { reason } from "../lib/errors.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** How long this route's body may take to arrive, ms (uploads: UPLOAD_BODY_TIMEOUT_MS). */
    bodyTimeoutMs?: number;
  }
}

/** Options of the body-timeout plugin. */
export interface BodyTimeoutOptions {
  /** Default time for a whole request body to arrive after its head, ms (BODY_TIMEOUT_MS). */
  bodyMs: number;
}

/**
 * Cuts off a client whose body trickles in (one byte every few seconds holds a connection
 * forever otherwise): when the body has not arrived whole within the route's body timeout, the
 * answer is 408 (`request.timeout`) and the connection is closed. Header and idle timeouts are
 * the server's own (`headersTimeout`, `connectionTimeout`, `keepAliveTimeout` in app.ts).
 * GET, DELETE and requests without a body start no timer.
 */
export default fp<BodyTimeoutOptions>(
  async function bodyTimeout(app: FastifyInstance, opts) {
    app.addHook("onRequest", (request, reply, done) => {
      const raw = request.raw;
      // Only methods whose operations take a body (the contracts document 408 on those).
      if (request.method !== "POST" && request.method !== "PUT" && request.method !== "PATCH") {
        done();
        return;
      }
      const length = raw.headers["content-length"];
      const hasBody =
        length !== undefined ? length !== "0" : raw.headers["transfer-encoding"] !== undefined;
      if (!hasBody || raw.complete) {
        done();
        return;
      }
      const ms = request.routeOptions.config?.bodyTimeoutMs ?? opts.bodyMs;
      const timer = setTimeout(() => {
        if (raw.complete || reply.sent) return;
        request.log.warn({ ms }, "request body too slow; closing the connection");
        reply
          .code(408)
          .header("connection", "close")
          .send({
            statusCode: 408,
            error: reason(408),
            message: `The request body did not arrive within ${Math.round(ms / 1000)} s`,
            code: "request.timeout",
          });
      }, ms);
      timer.unref();
      const clear = () => clearTimeout(timer);
      raw.once("end", clear);
      raw.once("close", clear);
      done();
    });
  },
  { name: "body-timeout" },
);
