import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import formatjs from "@formatjs/vite-plugin";
import { defaultClientConditions, defineConfig } from "vite";

// WEB_PORT, or PORT as given by the root `pnpm start` to `serve`; 3000 by default.
const port = Number(process.env.WEB_PORT ?? process.env.PORT ?? 3000);

export default defineConfig(({ command }) => ({
  plugins: [
    // The router plugin must come before the React plugin (it rewrites route files for code splitting).
    tanstackRouter({ target: "react", autoCodeSplitting: true }),
    // defaultMessage strings become ASTs at build time, so the runtime needs no ICU parser.
    // Production builds also drop defaultMessage (the compiled catalogs hold every message; a test
    // checks that bm and en cover every id), which saves bytes in every chunk.
    formatjs({ ast: true, removeDefaultMessage: command === "build" }),
    react(),
  ],
  resolve: {
    // Run the workspace packages from source (their private export condition).
    conditions: ["@portal/source", ...defaultClientConditions],
    alias: [
      // react-intl's no-parser build: every message (catalogs and defaultMessage) is precompiled.
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: "@formatjs/icu-messageformat-parser/no-parser.js",
      },
    ],
  },
  server: { port, strictPort: true },
  preview: { port, strictPort: true },
  build: {
    target: "es2022",
    sourcemap: true,
    rolldownOptions: {
      output: {
        // One framework chunk that every route needs (compresses better than many small ones);
        // route code and journey-only libraries stay in their lazy chunks.
        advancedChunks: {
          includeDependenciesRecursively: false,
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|react-intl|@formatjs|intl-messageformat|use-sync-external-store)[\\/]/,
            },
            // The shell's own shared code and @portal/ui: one chunk instead of many small ones.
            {
              name: "shell",
              test: /(vite[\\/]preload-helper|packages[\\/](ui|api-client)[\\/]src|node_modules[\\/]openapi-fetch|apps[\\/]web[\\/]src[\\/](shared|features[\\/](banners|bundles|campaigns|channels|combos|distributors|home|legal|movies|packages|referral|search|store|support)[\\/]api))[\\/]/,
            },
          ],
        },
      },
    },
  },
}));
