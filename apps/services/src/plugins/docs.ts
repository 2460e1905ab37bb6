import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { OpenApiDocument } from "../openapi/spec.js";

/**
 * API reference pages at /docs: Swagger UI served from the package's own files (no CDN), with a
 * picker over every mounted contract, each served dereferenced at /docs/openapi/{service}.json.
 */
export default fp(
  async function docs(app: FastifyInstance) {
    const names = [...app.contractDocuments.keys()];
    const first =
      app.contractDocuments.get(names[0] ?? "") ?? ({ openapi: "3.1.0" } as OpenApiDocument);
    // @fastify/swagger-ui reads `fastify.swagger()` and depends on a plugin of that name; our
    // contracts are hand-written, so a stand-in serves them instead of generating one.
    await app.register(
      fp(
        async (instance) => {
          instance.decorate("swagger", () => first);
        },
        { name: "@fastify/swagger" },
      ),
    );
    app.get("/docs/openapi/:service.json", { config: {} }, async (request, reply) => {
      const doc = app.contractDocuments.get((request.params as { service: string }).service);
      if (!doc) return reply.callNotFound();
      return doc;
    });
    await app.register(swaggerUi, {
      routePrefix: "/docs",
      uiConfig: {
        urls: names.map((name) => ({ name, url: `/docs/openapi/${name}.json` })),
        deepLinking: true,
      },
      theme: { title: "Suria portal services API" },
    });
  },
  { name: "docs" },
);
