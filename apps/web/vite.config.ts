import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import formatjs from "@formatjs/vite-plugin";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { defaultClientConditions, defaultServerConditions, defineConfig, type Plugin } from "vite";
import { routeChunksScript, startAfterPaintScript } from "./src/server/start-after-paint";

/**
 * Client build only: writes dist/client/router-manifest.json, TanStack Router's manifest for the
 * server (what Start builds for itself): the entry script and its chunks for the root route, and
 * for every route the chunk of its component (code split) with the chunks it imports, which the
 * page loads at once (after its first paint) so hydration waits for no second round trip. Route ids come from
 * src/routeTree.gen.ts (file -> id); the CSS (one file, cssCodeSplit off) is linked from every page
 * as a hashed, immutable stylesheet (README "One stylesheet, linked"), not inlined.
 */
function routerManifest(): Plugin {
  return {
    name: "portal:router-manifest",
    enforce: "post",
    applyToEnvironment: (environment) => environment.name === "client",
    apply: "build",
    generateBundle(_options, bundle) {
      const tree = readFileSync(join(import.meta.dirname, "src/routeTree.gen.ts"), "utf8");
      const fileToVar = new Map<string, string>();
      for (const [, name, file] of tree.matchAll(
        /import \{ Route as (\w+) \} from "\.\/routes\/([^"]+)";/g,
      ))
        fileToVar.set(file!, name!);
      const varToId = new Map<string, string>();
      for (const [, name, id] of tree.matchAll(/= (\w+)\.update\(\{\s*id: "([^"]+)"/g))
        varToId.set(name!, id!);
      const chunks = Object.values(bundle).filter((item) => item.type === "chunk");
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (fileName: string, seen = new Set<string>()): string[] => {
        if (seen.has(fileName)) return [];
        seen.add(fileName);
        const chunk = byFile.get(fileName);
        return [fileName, ...(chunk?.imports ?? []).flatMap((next) => closure(next, seen))];
      };
      const entry = chunks.find((chunk) => chunk.isEntry)!;
      const rootFiles = new Set(closure(entry.fileName));
      const cssAssets = Object.values(bundle).filter(
        (item) => item.type === "asset" && item.fileName.endsWith(".css"),
      );
      const css = cssAssets.map((item) => `/${item.fileName}`);
      // No modulepreload links in the head: the page's scripts start after its first paint
      // (src/server/start-after-paint.ts says why).
      const routes: Record<string, unknown> = {
        __root__: {
          preloads: [],
          scripts: [
            {
              attrs: {},
              children: startAfterPaintScript(
                `/${entry.fileName}`,
                [...rootFiles].filter((file) => file !== entry.fileName).map((f) => `/${f}`),
              ),
            },
          ],
          css,
        },
      };
      for (const chunk of chunks) {
        const match = chunk.facadeModuleId?.match(
          /[\\/]src[\\/]routes[\\/](.+)\.tsx\?tsr-split=component/,
        );
        const id = match && varToId.get(fileToVar.get(match[1]!) ?? "");
        if (!id) continue;
        const files = closure(chunk.fileName)
          .filter((file) => !rootFiles.has(file))
          .map((file) => `/${file}`);
        routes[id] = { preloads: [], scripts: [{ attrs: {}, children: routeChunksScript(files) }] };
      }
      this.emitFile({
        type: "asset",
        fileName: "router-manifest.json",
        source: JSON.stringify({ scriptFormat: "module", routes }, null, 2),
      });
    },
  };
}

/**
 * The client build's root files: the entry and every chunk it imports, which every page has
 * loaded before any dynamic import can run. `preloadDepsOf` leaves them out of the preload lists
 * that Vite writes beside each dynamic import (its `__vite__mapDeps`): listing them again only
 * added their names to the chunks, the entry's map of every route among them.
 */
function rootChunks(): {
  plugin: Plugin;
  preloadDepsOf: (file: string, deps: string[]) => string[];
} {
  const root = new Set<string>();
  return {
    plugin: {
      name: "portal:root-chunks",
      apply: "build",
      applyToEnvironment: (environment) => environment.name === "client",
      generateBundle: {
        // Before Vite's import analysis writes the preload lists (it calls preloadDepsOf).
        order: "pre",
        handler(_options, bundle) {
          root.clear();
          const visit = (fileName: string) => {
            const chunk = bundle[fileName];
            if (root.has(fileName) || chunk?.type !== "chunk") return;
            root.add(fileName);
            for (const next of chunk.imports) visit(next);
          };
          for (const chunk of Object.values(bundle))
            if (chunk.type === "chunk" && chunk.isEntry) visit(chunk.fileName);
        },
      },
    },
    // The imported file itself is fetched by the import; alone, it needs no preload list.
    preloadDepsOf: (file, deps) => {
      const rest = deps.filter((dep) => !root.has(dep));
      return rest.length === 1 && rest[0] === file ? [] : rest;
    },
  };
}
const roots = rootChunks();

/**
 * Client build only: writes a brotli (quality 11) and a gzip (level 9) copy next to every text
 * file of dist/client of at least 1 KB, which the server (sirv) sends by Accept-Encoding, as a CDN
 * that serves precompressed files would: smaller than compressing on the fly.
 */
function precompress(): Plugin {
  let outDir = "dist/client";
  const text = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  return {
    name: "portal:precompress",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      outDir = join(config.root, config.environments.client?.build.outDir ?? "dist/client");
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!text.test(file) || file.endsWith("router-manifest.json")) continue;
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

/**
 * The compiled message catalogs are fetched as hashed JSON files (src/shared/i18n.tsx), never
 * inlined as data: URLs (the CSP's connect-src has no data:; and they are the cacheable part of a
 * page), in the client and the server build alike.
 */
const catalogsNotInlined = (file: string) =>
  /[\\/]lang[\\/]compiled[\\/]/.test(file) ? false : undefined;

// Workspace packages run from source (their private export condition), in both environments.
const sourceCondition = "@portal/source";

export default defineConfig(({ command }) => ({
  plugins: [
    // The router plugin must come before the React plugin (it rewrites route files for code splitting).
    tanstackRouter({ target: "react", autoCodeSplitting: true }),
    // defaultMessage strings become ASTs at build time, so the runtime needs no ICU parser.
    // Production builds also drop defaultMessage (the compiled catalogs hold every message; a test
    // checks that bm and en cover every id), which saves bytes in every chunk.
    formatjs({ ast: true, removeDefaultMessage: command === "build" }),
    react(),
    routerManifest(),
    precompress(),
    roots.plugin,
  ],
  resolve: {
    conditions: [sourceCondition, ...defaultClientConditions],
    alias: [
      // react-intl's no-parser build: every message (catalogs and defaultMessage) is precompiled.
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: "@formatjs/icu-messageformat-parser/no-parser.js",
      },
    ],
  },
  ssr: {
    resolve: {
      conditions: [sourceCondition, ...defaultServerConditions],
      externalConditions: [sourceCondition],
    },
    // Bundled into the server build (ESM-only or aliased above); the rest stays in node_modules.
    noExternal: [/^@portal\//, "react-intl", /^@formatjs\//, "intl-messageformat"],
  },
  builder: {
    async buildApp(builder) {
      await builder.build(builder.environments.client!);
      await builder.build(builder.environments.ssr!);
    },
  },
  environments: {
    client: {
      // TanStack Router's inline-CSS support stays off: the pages link their stylesheet.
      define: { "process.env.TSS_INLINE_CSS_ENABLED": JSON.stringify("false") },
      build: {
        outDir: "dist/client",
        target: "es2022",
        sourcemap: true,
        assetsInlineLimit: catalogsNotInlined,
        modulePreload: { resolveDependencies: roots.preloadDepsOf },
        // One stylesheet (about 8 KB brotli, hashed, immutable), linked from every page: fetched
        // once per visit, and no route's CSS is fetched again when its chunk loads.
        cssCodeSplit: false,
        rolldownOptions: {
          input: "src/entry-client.tsx",
          output: {
            // One framework chunk that every route needs (compresses better than many small
            // ones); route code and journey-only libraries stay in their lazy chunks.
            advancedChunks: {
              includeDependenciesRecursively: false,
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|react-intl|@formatjs|intl-messageformat|use-sync-external-store|seroval|seroval-plugins|cookie-es|tiny-invariant|tiny-warning)[\\/]/,
                },
                // The shell's own shared code and @portal/ui: one chunk instead of many small
                // ones. Not shared/sanitise (DOMPurify, only pages with CMS HTML load it), nor
                // shared/field-refusal (it reads @portal/validation: the form pages only), nor
                // shared/components/highlight (@portal/support-search/text, search and support
                // pages only), nor shared/lead-journey (@portal/lead-flow,
                // its sign-up components and the lead rules, journeys only) and the journeys'
                // shared/journey-navigation, nor the detail pages' layout (shared/components/
                // detail-layout and next-step, 1 KB gzip that home, coverage and the sign-up never
                // draw). shared/lead-flow holds no flow code (route files call its enterLeadFlow)
                // and joins. So do the pieces of @portal/validation every page loads (the
                // analytics' masking, the address constants, the referral code's rule: four
                // chunks of 0.2-0.4 KB) and the order tracking's head messages (0.7 KB).
                // The journey routes' helper fibre-journey/api/journey-product (no valibot) joins,
                // and so do the message descriptors that route heads import (every page loads
                // them: eight chunks of 0.2-0.4 KB each were 1 KB of chunk overhead).
                // The URLs of the compiled catalogs (src/shared/i18n.tsx) join too (0.4 KB), and
                // @portal/support-search/query, the support route's loader's query rule (on its
                // own, a 0.2 KB chunk every page loaded, and a name in the entry's preload map).
                // The form hook with its state and the validation messages: one chunk, as it was
                // before the sign-up's steps were split (its own chunk would add a name to the
                // entry's preload map, which every page loads).
                {
                  name: "use-schema-form",
                  test: /packages[\\/]validation[\\/]src[\\/](react[\\/]use-schema-form\.ts|form[\\/]state\.ts|messages\.ts|messages[\\/])/,
                },
                // What the sign-up's steps and the confirmation share (the stepper's "continue on
                // your phone", prices, the order summary, how a slot reads) and the confirmation:
                // one chunk, as journey-pages was, where five small ones would add names to the
                // entry's preload map, which every page loads.
                {
                  name: "sign-up-parts",
                  test: /packages[\\/]lead-flow[\\/]src[\\/]sign-up[\\/](order-summary\.tsx|price\.tsx|handoff\.tsx|slot-format\.ts|confirmation\.tsx)$/,
                },
                {
                  name: "shell",
                  test: /(apps[\\/]web[\\/]src[\\/]features[\\/](bundles|campaigns|channels|fibre-journey|movies|packages|search|store|support[\\/]components)[\\/]messages\.ts|apps[\\/]web[\\/]src[\\/]features[\\/]order-tracking[\\/]head-messages\.ts|packages[\\/]validation[\\/]src[\\/](address-fields|constants|personal-data|mykad-date|referral-code)\.ts$|packages[\\/]support-search[\\/]src[\\/]query(-entry)?\.ts$|vite[\\/]preload-helper|packages[\\/](ui|api-client)[\\/]src|node_modules[\\/]openapi-fetch|apps[\\/]web[\\/]src[\\/](shared(?![\\/](sanitise|lead-journey|journey-navigation|field-refusal|components[\\/](highlight|detail-layout|next-step)))|features[\\/](banners|bundles|campaigns|channels|combos|distributors|entitled|home|legal|movies|packages|referral|search|store|support)[\\/]api[\\/])|apps[\\/]web[\\/]src[\\/]features[\\/]fibre-journey[\\/]api[\\/]journey-product\.ts|apps[\\/]web[\\/]src[\\/]lang[\\/]compiled[\\/].*\.json\?url$)/,
                },
              ],
            },
          },
        },
      },
    },
    ssr: {
      build: {
        outDir: "dist/server",
        target: "node20",
        sourcemap: true,
        copyPublicDir: false,
        // The same file names as the client build's, which the server lists in each page.
        assetsInlineLimit: catalogsNotInlined,
        rolldownOptions: { input: { main: "src/server/main.ts" } },
      },
    },
  },
}));
