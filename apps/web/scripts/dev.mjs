// `pnpm --filter @portal/web dev`: the render server of src/server/app.ts with Vite in middleware
// mode in front (modules served from source, hot reload). Pages are rendered by the current
// src/entry-server.tsx on every request (loaded through Vite's SSR module loader, so an edit needs
// no restart). Same settings as the built server (src/server/env.ts); no CSP (Vite's client runs
// inline code) and no page cache (every reload renders again).
import { createServer as createVite } from "vite";
import react from "@vitejs/plugin-react";

process.env.NODE_ENV ??= "development";
const vite = await createVite({
  server: { middlewareMode: true },
  appType: "custom",
});
const load = (path) => vite.ssrLoadModule(path);

const { readWebEnv, serverPortalConfig } = await load("/src/server/env.ts");
const env = readWebEnv();
globalThis.__PORTAL_CONFIG__ = serverPortalConfig(env);

const [{ createWebServer }, { bootScriptSource }, { api }] = await Promise.all([
  load("/src/server/app.ts"),
  load("/src/entry-server.tsx"),
  load("/src/shared/api.ts"),
]);

// The browser loads the client entry from source, after Vite's client and React's refresh runtime.
const manifest = {
  scriptFormat: "module",
  routes: {
    __root__: {
      scripts: [
        { attrs: { type: "module" }, children: react.preambleCode.replace("__BASE__", "/") },
        { attrs: { type: "module", src: "/@vite/client" } },
        { attrs: { type: "module", src: "/src/entry-client.tsx" } },
      ],
    },
  },
};

const app = await createWebServer({
  render: async (options) => (await load("/src/entry-server.tsx")).render(options),
  bootScript: bootScriptSource(),
  manifest,
  staticFiles: vite.middlewares,
  siteUrl: env.siteUrl,
  serviceOrigins: [new URL(env.apiBaseUrl).origin],
  firstByteMs: env.firstByteMs,
  cache: { maxAge: 0, staleWhileRevalidate: 0, maxEntries: 0 },
  loadConfig: async () => (await api.config.getConfig()).data,
  configMaxAgeMs: 5_000,
  production: false,
  csp: false,
  logger: { level: process.env.LOG_LEVEL ?? "info" },
});
await app.listen({ port: env.port, host: env.host });
console.log(`portal (development) on http://${env.host}:${env.port}/ (services ${env.apiBaseUrl})`);

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    void Promise.all([app.close(), vite.close()]).then(() => process.exit(0));
  });
}
