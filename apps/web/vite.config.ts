import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import formatjs from "@formatjs/vite-plugin";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { defaultClientConditions, defineConfig, loadEnv, type Plugin } from "vite";

/**
 * Build only: tells public/early-fetch.js (data-chunks) which lazy chunks the first page needs,
 * so it can modulepreload them while the framework downloads: the shell catalog of each language
 * and the page chunks of the routes it prefetches for (home, channel detail).
 */
function earlyChunks(): Plugin {
  const wanted: Record<string, RegExp> = {
    bm: /[\\/]lang[\\/]compiled[\\/]bm\.json$/,
    en: /[\\/]lang[\\/]compiled[\\/]en\.json$/,
    home: /[\\/]routes[\\/]index\.tsx\?tsr-split=component/,
    channel: /[\\/]routes[\\/]channels\.\$channelId\.tsx\?tsr-split=component/,
  };
  return {
    name: "portal:early-chunks",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, { bundle }) {
        const chunks: Record<string, string> = {};
        for (const item of Object.values(bundle ?? {})) {
          if (item.type !== "chunk" || !item.facadeModuleId) continue;
          for (const [key, test] of Object.entries(wanted)) {
            if (test.test(item.facadeModuleId)) chunks[key] = `/${item.fileName}`;
          }
        }
        return html.replace(
          'src="/early-fetch.js"',
          `src="/early-fetch.js" data-chunks="${JSON.stringify(chunks).replace(/"/g, "&quot;")}"`,
        );
      },
    },
  };
}

/** Writes the build-time service URLs (VITE_*) into index.html for public/early-fetch.js. */
function earlyFetchUrls(mode: string): Plugin {
  const env = loadEnv(mode, process.cwd(), "VITE_");
  const urls = {
    apiBaseUrl: env.VITE_API_BASE_URL,
    content: env.VITE_CONTENT_URL,
    config: env.VITE_CONFIG_URL,
  };
  return {
    name: "portal:early-fetch-urls",
    transformIndexHtml: (html) =>
      html.replace("%PORTAL_BUILD_URLS%", JSON.stringify(urls).replace(/"/g, "&quot;")),
  };
}

/**
 * Build only: the app's stylesheets (a few KB) are inlined into index.html as <style>, so the
 * first paint waits for no request.
 */
function inlineEntryCss(): Plugin {
  return {
    name: "portal:inline-entry-css",
    apply: "build",
    enforce: "post",
    transformIndexHtml: {
      order: "post",
      handler(html, { bundle }) {
        if (!bundle) return html;
        return html.replace(
          /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g,
          (tag, file: string) => {
            const asset = bundle[file];
            if (!asset || asset.type !== "asset") return tag;
            // The link (media "not all": never applied, fetched at idle priority) stays so that
            // Vite's preload helper sees the stylesheet as present and a lazy chunk does not
            // load it again on the way to the first page's content.
            return `<style>${String(asset.source)}</style><link rel="stylesheet" href="/${file}" media="not all">`;
          },
        );
      },
    },
  };
}

/**
 * Build only: writes a brotli (quality 11) and a gzip (level 9) copy next to every text file of
 * dist/ of at least 1 KB, for scripts/serve.mjs or any CDN that serves precompressed files:
 * smaller than compressing on the fly (the framework chunk: 88 KB brotli against 101 KB gzip).
 * runtime-config.js is left alone: a deployment replaces that file, and a stale compressed copy
 * would be served instead.
 */
function precompress(): Plugin {
  let outDir = "dist";
  const text = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  return {
    name: "portal:precompress",
    apply: "build",
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!text.test(file) || file.endsWith("runtime-config.js")) continue;
        const size = statSync(file).size;
        if (size < 1024) continue;
        const body = readFileSync(file);
        const br = brotliCompressSync(body, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: size },
        });
        const gz = gzipSync(body, { level: 9 });
        if (br.length < size) writeFileSync(`${file}.br`, br);
        if (gz.length < size) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

// WEB_PORT, or PORT as given by the root `pnpm start` to `serve`; 3000 by default.
const port = Number(process.env.WEB_PORT ?? process.env.PORT ?? 3000);

export default defineConfig(({ command, mode }) => ({
  plugins: [
    // The router plugin must come before the React plugin (it rewrites route files for code splitting).
    tanstackRouter({ target: "react", autoCodeSplitting: true }),
    // defaultMessage strings become ASTs at build time, so the runtime needs no ICU parser.
    // Production builds also drop defaultMessage (the compiled catalogs hold every message; a test
    // checks that bm and en cover every id), which saves bytes in every chunk.
    formatjs({ ast: true, removeDefaultMessage: command === "build" }),
    react(),
    inlineEntryCss(),
    earlyFetchUrls(mode),
    earlyChunks(),
    precompress(),
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
            // Not shared/sanitise: it pulls DOMPurify, which only pages with CMS HTML load. Not
            // shared/components/highlight: it pulls @portal/support-search (flexsearch, the
            // stemmers: 24 KB), which only the search and support pages load. Not
            // shared/lead-flow and shared/lead-journey: they pull @portal/lead-flow and the lead
            // rules of @portal/validation (15 KB), which only the sign-up journey's pages load.
            {
              name: "shell",
              test: /(vite[\\/]preload-helper|packages[\\/](ui|api-client)[\\/]src|node_modules[\\/]openapi-fetch|apps[\\/]web[\\/]src[\\/](shared(?![\\/](sanitise|lead-flow|lead-journey|components[\\/]highlight))|features[\\/](banners|bundles|campaigns|channels|combos|distributors|home|legal|movies|packages|referral|search|store|support)[\\/]api))[\\/]/,
            },
          ],
        },
      },
    },
  },
}));
