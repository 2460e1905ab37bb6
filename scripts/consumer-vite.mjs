#!/usr/bin/env node
// Adoption as it happens today: a new app made the way a team makes one, with current versions,
// not ours (npm test's consumer step runs it after scripts/consumer.mjs).
//   1. `npm create vite@latest app -- --template react-ts` (whatever versions it brings today:
//      TypeScript 7, React 19, Vite 8 when written) in a temporary folder;
//   2. `npm install` of the five packed @portal/* tarballs and `react-intl` (the newest: npm
//      must find no peer conflict, e.g. no ERESOLVE over react-intl 8's optional TypeScript 5);
//   3. every TypeScript block of the READMEs of lead-flow, ui and validation (whole modules; the
//      api-client's and support-search's are parts of Node scripts), copied into src/readme/, and a page that
//      renders <FibreSignUp> on the server and hydrates it: `npm run build` (the template's
//      `tsc -b && vite build`, so the README blocks are type-checked by the template's tsconfig:
//      no Node types), then `vite build --ssr`;
//   4. renderToString in Node into dist/index.html; served on a free port and opened in Debian's
//      Chromium: hydration must happen (an effect marks the root) with no hydration error, no
//      page error, and the "use client" line of every React entry kept in the built packages;
//   5. the same again on the lower ends of the peer ranges: React 18.3, react-intl 7.1.11,
//      TypeScript 5.9.
// Prints each task's seconds. `--keep` keeps the folder.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serveStatic } from "./consumer-sign-up.mjs";

const root = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
const keep = process.argv.includes("--keep");
const work = mkdtempSync(join(tmpdir(), "portal-vite-app-"));
const app = join(work, "app");
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: "1", npm_config_yes: "true" };
const times = [];
let lapStarted = Date.now();
const lap = (task) => {
  times.push({ task, seconds: Number(((Date.now() - lapStarted) / 1000).toFixed(1)) });
  lapStarted = Date.now();
};
const step = (text) => console.log(`\n[consumer-vite] ${text}`);
function run(cmd, argv, options = {}) {
  console.log(`$ ${cmd} ${argv.join(" ")}`);
  return execFileSync(cmd, argv, { cwd: app, stdio: "inherit", env, ...options });
}
/** As in scripts/consumer.mjs: no @portal/* may come from a registry, only the tarballs. */
const NPMRC =
  "@portal:registry=http://127.0.0.1:9/\nfund=false\naudit=false\nfetch-retry-mintimeout=1000\nfetch-retry-maxtimeout=2000\n";
const npmInstall = (...names) =>
  run("npm", [
    "install",
    "--no-audit",
    "--no-fund",
    "--prefer-offline",
    "--loglevel=error",
    ...names,
  ]);

const packages = readdirSync(join(root, "packages"))
  .map((dir) => ({ dir, path: join(root, "packages", dir) }))
  .map((p) => ({ ...p, manifest: JSON.parse(readFileSync(join(p.path, "package.json"), "utf8")) }))
  .filter((p) => !p.manifest.private);

/** Every ts/tsx block of a README, named by its example region (`<!-- example: file#region -->`). */
function readmeBlocks(pkg) {
  const text = readFileSync(join(pkg.path, "README.md"), "utf8");
  return [
    ...text.matchAll(/(?:<!-- example: [\w./-]+?#([\w-]+) -->\n\n)?```(tsx?)\n([\s\S]*?)^```$/gm),
  ].map((m, i) => ({ name: m[1] ?? String(i + 1), ext: m[2], code: m[3] }));
}

/** The lead-flow README's quick start: its src/index.css block. */
function quickStartCss() {
  const text = readFileSync(join(root, "packages/lead-flow/README.md"), "utf8");
  const css = /^ *```css\n([\s\S]*?)^ *```$/m.exec(text);
  if (!css)
    throw new Error("packages/lead-flow/README.md: no css block (the quick start's src/index.css)");
  return css[1].replace(/^ +/gm, "");
}

// The page: the README's quick start (its App.tsx) and its React example (a flow per render with
// the hooks: the server snapshot is the first client render), marked once hydrated; its services are
// nowhere (port 9: the first step loads nothing).
const PAGE = `import { useEffect } from "react";
import App from "./readme/lead-flow-quick-start";
import { App as HooksApp } from "./readme/lead-flow-react";

export function Page() {
  useEffect(() => {
    document.getElementById("root")!.dataset.hydrated = "yes";
  }, []);
  return (
    <>
      <App servicesUrl="http://127.0.0.1:9" />
      <HooksApp servicesUrl="http://127.0.0.1:9" />
    </>
  );
}
`;
const MAIN = `import "./index.css";
import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { Page } from "./page";

hydrateRoot(
  document.getElementById("root")!,
  <StrictMode>
    <Page />
  </StrictMode>,
);
`;
const SERVER = `import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { Page } from "./page";

export const render = () =>
  renderToString(
    <StrictMode>
      <Page />
    </StrictMode>,
  );
`;

/**
 * The READMEs whose blocks are whole modules for a browser app. The blocks of @portal/api-client
 * and @portal/support-search are parts of Node scripts (one example file read in several blocks,
 * its services' URL from process.env.PORTAL_URL): scripts/consumer.mjs type-checks and runs them.
 */
const BROWSER_READMES = ["lead-flow", "ui", "validation"];

/** The React entries of the packages, whose built files must start with "use client". */
const CLIENT_ENTRIES = [
  ["@portal/lead-flow", "dist/react/index.js"],
  ["@portal/lead-flow", "dist/sign-up/fibre-sign-up.js"],
  ["@portal/ui", "dist/banner.js"],
  ["@portal/validation", "dist/react/index.js"],
];

function checkUseClient() {
  const missing = CLIENT_ENTRIES.filter(([name, file]) => {
    const text = readFileSync(join(app, "node_modules", name, file), "utf8");
    return !/^["']use client["'];?/.test(text.trimStart());
  });
  if (missing.length > 0)
    throw new Error(
      `no "use client" line at the top of: ${missing.map((m) => m.join("/")).join(", ")}`,
    );
  console.log(`"use client" kept: ${CLIENT_ENTRIES.map((m) => m.join("/")).join(", ")}`);
}

/** Builds, renders on the server, hydrates in Chromium; label names the run in the times. */
async function buildRenderHydrate(label) {
  step(`${label}: npm run build (tsc -b with the template's tsconfig, then vite build)`);
  rmSync(join(app, "dist"), { recursive: true, force: true });
  run("npm", ["run", "--silent", "build"]);
  run("npx", [
    "vite",
    "build",
    "--ssr",
    "src/entry-server.tsx",
    "--outDir",
    "dist-server",
    "--logLevel",
    "warn",
  ]);
  lap(`${label}: type-check and build`);

  step(`${label}: renderToString into dist/index.html`);
  const { render } = await import(`${join(app, "dist-server", "entry-server.js")}?${Date.now()}`);
  const html = render();
  if (!html.includes("<h2"))
    throw new Error(`${label}: the server render has no heading:\n${html.slice(0, 500)}`);
  const indexFile = join(app, "dist", "index.html");
  const index = readFileSync(indexFile, "utf8").replace(
    '<div id="root"></div>',
    `<div id="root">${html}</div>`,
  );
  writeFileSync(indexFile, index);
  console.log(`${html.length} characters of server HTML`);

  step(`${label}: hydrate in Chromium`);
  const server = await serveStatic(join(app, "dist"), 0);
  const url = `http://127.0.0.1:${server.address().port}/`;
  const { chromium } = createRequire(join(root, "packages/lead-flow/package.json"))(
    "playwright-core",
  );
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  try {
    const page = await browser.newPage();
    const problems = [];
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    page.on("console", (m) => {
      if (m.type() === "error" && /hydrat|did not match|#418|#423|#425/i.test(m.text()))
        problems.push(`console: ${m.text()}`);
    });
    await page.goto(url);
    await page.waitForSelector("#root[data-hydrated=yes]", { timeout: 20_000 });
    await page.waitForTimeout(500);
    if (problems.length > 0) throw new Error(`${label}:\n  ${problems.join("\n  ")}`);
    console.log(`${label}: hydrated, no hydration or page error`);
  } finally {
    await browser.close();
    server.close();
  }
  lap(`${label}: render on the server, hydrate in Chromium`);
}

try {
  step("build and pack the packages");
  run(
    "pnpm",
    ["exec", "turbo", "run", "build", "--filter=./packages/*", "--output-logs=errors-only"],
    { cwd: root },
  );
  const tarballs = join(work, "tarballs");
  mkdirSync(tarballs);
  for (const p of packages)
    run("pnpm", ["pack", "--pack-destination", tarballs], { cwd: p.path, stdio: "ignore" });
  lap("build and pack");

  step("npm create vite@latest app -- --template react-ts");
  run(
    "npm",
    ["create", "--yes", "vite@latest", "app", "--", "--template", "react-ts", "--no-interactive"],
    { cwd: work, stdin: "ignore" },
  );
  writeFileSync(join(app, ".npmrc"), NPMRC);
  const template = JSON.parse(readFileSync(join(app, "package.json"), "utf8"));
  console.log(
    `the template's versions: ${JSON.stringify({ ...template.dependencies, ...template.devDependencies })}`,
  );
  npmInstall();
  lap("create the app, install its template");

  step("npm install the tarballs and react-intl (the newest)");
  npmInstall(...readdirSync(tarballs).map((f) => join(tarballs, f)), "react-intl");
  const version = (name) =>
    JSON.parse(readFileSync(join(app, "node_modules", name, "package.json"), "utf8")).version;
  const installed = Object.fromEntries(
    ["react", "react-intl", "typescript", "vite"].map((n) => [n, version(n)]),
  );
  console.log(`installed: ${JSON.stringify(installed)}`);
  lap("install the tarballs and react-intl");
  checkUseClient();

  step("every README block of every package, in src/readme/; the page, its server entry");
  mkdirSync(join(app, "src", "readme"));
  let blocks = 0;
  for (const p of packages.filter((p) => BROWSER_READMES.includes(p.dir))) {
    readmeBlocks(p).forEach((b) => {
      writeFileSync(join(app, "src", "readme", `${p.dir}-${b.name}.${b.ext}`), b.code);
      blocks++;
    });
  }
  console.log(`${blocks} README blocks`);
  writeFileSync(join(app, "src", "page.tsx"), PAGE);
  writeFileSync(join(app, "src", "index.css"), quickStartCss());
  writeFileSync(join(app, "src", "main.tsx"), MAIN);
  writeFileSync(join(app, "src", "entry-server.tsx"), SERVER);
  rmSync(join(app, "src", "App.tsx"));
  await buildRenderHydrate(
    `today's template (TypeScript ${installed.typescript}, React ${installed.react}, react-intl ${installed["react-intl"]})`,
  );

  step("the lower ends of the peer ranges: React 18.3, react-intl 7.1.11, TypeScript 5.9");
  npmInstall(
    "react@18.3.1",
    "react-dom@18.3.1",
    "react-intl@7.1.11",
    "@types/react@18.3.x",
    "@types/react-dom@18.3.x",
    "typescript@5.9.x",
  );
  lap("install the lower ends");
  await buildRenderHydrate("lower ends (TypeScript 5.9, React 18.3, react-intl 7.1.11)");
} finally {
  if (keep) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
console.table(times);
console.log(
  `a new Vite app adopts the packages: ${times.reduce((s, t) => s + t.seconds, 0).toFixed(0)} s`,
);
