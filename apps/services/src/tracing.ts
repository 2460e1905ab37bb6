import type { Env } from "./lib/env.js";
import { loggedUrl } from "./lib/logger.js";

/**
 * Starts OpenTelemetry tracing when its standard variables ask for it
 * (`OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`; the SDK reads the other
 * `OTEL_*` variables itself, e.g. `OTEL_SERVICE_NAME`, `OTEL_BSP_SCHEDULE_DELAY`). Every request
 * becomes a span (`@fastify/otel`, through Fastify's diagnostics channel, so it works under ESM
 * without a loader hook), exported over OTLP/HTTP. Returns the shutdown function, or undefined
 * when tracing is off; the SDK is loaded only then.
 */
export async function startTracing(env: Env): Promise<(() => Promise<void>) | undefined> {
  if (!env.otelEndpoint) return undefined;
  const [{ NodeSDK }, { OTLPTraceExporter }, { FastifyOtelInstrumentation }] = await Promise.all([
    import("@opentelemetry/sdk-node"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@fastify/otel"),
  ]);
  const sdk = new NodeSDK({
    serviceName: env.otelServiceName,
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        // The span's url.path is the request URL with its query: masked as in the logs (a
        // search keyword or a referral code may be a MyKad or a phone number).
        requestHook: (span, request) => span.setAttribute("url.path", loggedUrl(request.url)),
      }),
    ],
  });
  sdk.start();
  return () => sdk.shutdown();
}
