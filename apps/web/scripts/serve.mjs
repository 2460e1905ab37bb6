#!/usr/bin/env node
// Serves the built portal (dist/) the way a CDN would, for `pnpm start` and the E2E/budget runs:
//   - the precompressed .br/.gz file the build wrote next to each text asset, chosen by the
//     request's Accept-Encoding (brotli first), with Vary: Accept-Encoding;
//   - hashed files under /assets/ cached for a year (immutable), everything else revalidated
//     (no-cache + ETag): index.html, runtime-config.js (replaced on deployment), early-fetch.js;
//   - the app's index.html for any path without a file extension (client-side routes); a missing
//     file with an extension is a 404.
// WEB_PORT, or PORT (as the root `pnpm start` passes it), default 3000; HOST default localhost.
import { createServer } from "node:http";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import sirv from "sirv";

const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
if (!existsSync(join(dist, "index.html"))) {
  console.error(`${dist}/index.html is missing: run \`pnpm --filter @portal/web build\` first`);
  process.exit(1);
}
const port = Number(process.env.WEB_PORT ?? process.env.PORT ?? 3000);
const host = process.env.HOST ?? "localhost";

const files = sirv(dist, {
  single: true,
  etag: true,
  brotli: true,
  gzip: true,
  setHeaders(res, pathname) {
    res.setHeader(
      "Cache-Control",
      pathname.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
    );
    res.setHeader("X-Content-Type-Options", "nosniff");
  },
});

const server = createServer((req, res) => {
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.writeHead(405, { Allow: "GET, HEAD" }).end();
    return;
  }
  files(req, res);
});
server.listen(port, host, () => {
  console.log(`portal served from ${dist} on http://${host}:${port}/`);
});
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => server.close(() => process.exit(0)));
