import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import formatjs from "@formatjs/vite-plugin";
import { defaultClientConditions, defineConfig } from "vite";

const port = Number(process.env.WEB_PORT ?? 3000);

export default defineConfig({
  plugins: [
    // The router plugin must come before the React plugin (it rewrites route files for code splitting).
    tanstackRouter({ target: "react", autoCodeSplitting: true }),
    // defaultMessage strings become ASTs at build time, so the runtime needs no ICU parser.
    formatjs({ ast: true }),
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
  build: { target: "es2022", sourcemap: true },
});
