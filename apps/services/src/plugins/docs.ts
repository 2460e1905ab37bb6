import swagger, { type StaticDocumentSpec } from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import {
  SERVICES,
  combineContracts,
  withServer,
  type OpenApiDocument,
  type ServiceName,
} from "@portal/openapi";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** Options of the API reference. */
export interface DocsOptions {
  /** Absolute base URL the services are reached at (PUBLIC_URL): every `servers` entry uses it. */
  publicUrl: string;
}

// A copy without shared objects (a dereferenced contract reuses one object wherever a $ref
// pointed), so the YAML has no anchors and aliases, which parsers cap as an exhaustion attack.
// Our documents are OpenAPI 3.1; the plugin's types name 3.0, and static mode serves them as given.
const asStatic = (doc: OpenApiDocument): StaticDocumentSpec["document"] =>
  JSON.parse(JSON.stringify(doc)) as StaticDocumentSpec["document"];

/** Where each service's own document is served. */
export const serviceDocumentPath = (service: ServiceName, format: "json" | "yaml"): string =>
  `/docs/openapi/${service}.${format}`;

/**
 * The API reference at /docs: @fastify/swagger in static mode serves the contracts as they are
 * (no document is generated from routes), @fastify/swagger-ui shows them from its own files (no
 * CDN). `/docs/json` and `/docs/yaml` hold every service in one document (paths under their base
 * path); `/docs/openapi/{service}.json|yaml` hold each service alone. Every `servers` entry is
 * built from PUBLIC_URL, so "Try it out" calls the address the services are reached at.
 */
export default fp<DocsOptions>(
  async function docs(app: FastifyInstance, opts) {
    const contracts = new Map<ServiceName, OpenApiDocument>();
    for (const s of SERVICES) {
      const doc = app.contractDocuments.get(s.name);
      if (doc) contracts.set(s.name, doc);
    }
    const whole = combineContracts(contracts, opts.publicUrl, {
      title: "Suria portal services",
      version: contracts.get("shop")?.info.version ?? "1.15.6",
      description:
        "Every service of the portal in one document, each path under its service's base path " +
        `(${SERVICES.map((s) => s.basePath).join(", ")}). Each service alone: ` +
        `/docs/openapi/{service}.json or .yaml.`,
    });
    await app.register(swagger, {
      mode: "static",
      specification: { document: asStatic(whole) },
    });

    // One encapsulated @fastify/swagger per service: its `swagger()` answers that document.
    for (const [name, doc] of contracts) {
      await app.register(async (scope) => {
        await scope.register(swagger, {
          mode: "static",
          specification: { document: asStatic(withServer(name, doc, opts.publicUrl)) },
        });
        scope.get(serviceDocumentPath(name, "json"), { config: {} }, async () => scope.swagger());
        scope.get(serviceDocumentPath(name, "yaml"), { config: {} }, async (_request, reply) =>
          reply.type("application/yaml").send(scope.swagger({ yaml: true })),
        );
      });
    }

    await app.register(swaggerUi, {
      routePrefix: "/docs",
      uiConfig: {
        urls: [
          { name: "all services", url: "/docs/json" },
          ...[...contracts.keys()].map((name) => ({
            name,
            url: serviceDocumentPath(name, "json"),
          })),
        ],
        deepLinking: true,
      },
      theme: { title: "Suria portal services API" },
    });
  },
  { name: "docs" },
);
