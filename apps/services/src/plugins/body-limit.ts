import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { reason } from "../lib/errors.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The handler checks the declared length itself, with its own code (uploads). */
    ownBodyLimit?: boolean;
  }
}

/**
 * A body whose `Content-Length` exceeds the route's limit is refused with 413 before a byte of it
 * is read, and the connection is closed so the rest is never read either. Fastify's JSON parser
 * did this already; @fastify/multipart reads the stream itself and used to read a 30 MB form
 * whole before answering 400.
 */
export default fp(
  async function bodyLimit(app: FastifyInstance) {
    app.addHook("onRequest", (request, reply, done) => {
      const declared = request.headers["content-length"];
      if (declared === undefined || request.routeOptions.config?.ownBodyLimit) return done();
      const limit = request.routeOptions.bodyLimit;
      if (!limit || !(Number(declared) > limit)) return done();
      reply
        .code(413)
        .header("connection", "close")
        .send({
          statusCode: 413,
          error: reason(413),
          message: `The body exceeds ${limit} bytes`,
          code: "request.tooLarge",
        });
    });
  },
  { name: "body-limit" },
);
