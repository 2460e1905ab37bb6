import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * `GET /metrics` in the Prometheus text format (prom-client; not part of any contract), and the
 * request-duration histogram by method, route template and status. Requests that match no route
 * count under the route `unmatched`, so scanners cannot grow the label set.
 */
export default fp(
  async function metrics(app: FastifyInstance) {
    const { httpDuration, registry } = app.metrics;
    app.addHook("onResponse", (request, reply, done) => {
      httpDuration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? "unmatched",
          status_code: reply.statusCode,
        },
        reply.elapsedTime / 1000,
      );
      done();
    });
    app.get("/metrics", async (_request, reply) => {
      reply.header("cache-control", "no-store").type(registry.contentType);
      return registry.metrics();
    });
  },
  { name: "metrics" },
);
