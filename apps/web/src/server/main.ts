// The web server in production: `node dist/server/main.js` (`pnpm --filter @portal/web serve`).
// It serves dist/client (hashed assets immutable, precompressed copies by Accept-Encoding) and
// renders every other path on the server. Settings: src/server/env.ts and the README.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import sirv from "sirv";
import { readWebEnv, serverPortalConfig } from "./env";
import { createResponseChecks } from "./response-checks";
import { createWarmContent } from "./warm-content";

// React and the router pick their production builds from NODE_ENV when they load (below).
process.env.NODE_ENV ??= "production";
const env = readWebEnv();
// The app's modules read the service URLs when they load: set them first, with the fetch that
// checks every answer against its contract (openapi/) before a page is rendered from it.
// In front of it, the warm content (src/server/warm-content.ts): a tag the services confirmed
// less than CONTENT_FRESH_MS ago is answered 304 here, with no loopback round trip.
const checks = await createResponseChecks();
const warm = createWarmContent(checks.check, { freshMs: env.contentFreshMs });
globalThis.__PORTAL_CONFIG__ = { ...serverPortalConfig(env), fetch: warm.fetch };

const clientDir = join(dirname(fileURLToPath(import.meta.url)), "..", "client");
const manifestFile = join(clientDir, "router-manifest.json");
if (!existsSync(manifestFile)) {
  console.error(`${manifestFile} is missing: run \`pnpm --filter @portal/web build\` first`);
  process.exit(1);
}

const [{ createWebServer }, { render, bootScriptSource }, { api }] = await Promise.all([
  import("./app"),
  import("../entry-server"),
  import("../shared/api"),
]);

const staticFiles = sirv(clientDir, {
  etag: true,
  brotli: true,
  gzip: true,
  setHeaders(res, pathname) {
    res.setHeader(
      "Cache-Control",
      pathname.startsWith("/assets/")
        ? "public, max-age=31536000, immutable"
        : "public, max-age=3600",
    );
    res.setHeader("X-Content-Type-Options", "nosniff");
  },
});

const app = await createWebServer({
  render,
  bootScript: bootScriptSource(),
  manifest: JSON.parse(readFileSync(manifestFile, "utf8")),
  staticFiles: (req, res, next) => {
    if (req.url === "/router-manifest.json") return next();
    // sirv streams a file it listed at start-up with no error handler: a file removed since (a
    // rebuild of dist/) would crash the server. The request ends instead; the server stays up.
    res.once("pipe", (file: NodeJS.ReadableStream) =>
      file.once("error", (error) => {
        console.error(`static file ${req.url}: ${error.message}`);
        res.destroy();
      }),
    );
    return staticFiles(req, res, next);
  },
  siteUrl: env.siteUrl,
  serviceOrigins: [new URL(env.apiBaseUrl).origin],
  firstByteMs: env.firstByteMs,
  cache: {
    maxAge: env.cacheSeconds,
    staleWhileRevalidate: env.staleSeconds,
    maxEntries: env.cacheEntries,
  },
  loadConfig: async () => (await api.config.getConfig()).data,
  configMaxAgeMs: 60_000,
  production: env.production,
  csp: true,
  renders: env.renders,
  timeouts: env.timeouts,
  logger: { level: process.env.LOG_LEVEL ?? "info" },
});

await app.listen({ port: env.port, host: env.host });
console.log(`portal rendered on http://${env.host}:${env.port}/ (services ${env.apiBaseUrl})`);

let closing = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    void app.close().then(() => process.exit(0));
    setTimeout(() => process.exit(0), 5000).unref();
  });
}
