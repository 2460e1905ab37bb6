import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * JSON bodies with prototype-poisoning protection, where an empty body counts as no body (the
 * portal POSTs some calls with an empty body and a JSON content type).
 */
export default fp(
  async function jsonBody(app: FastifyInstance) {
    const parse = app.getDefaultJsonParser("error", "error");
    app.removeContentTypeParser("application/json");
    app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
      if (body === "" || (typeof body === "string" && body.trim() === ""))
        return done(null, undefined);
      parse(request, body as string, done);
    });
  },
  { name: "json-body" },
);
