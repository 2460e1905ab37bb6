#!/usr/bin/env node
// Adopts the @portal/* packages the way another team would, and runs every README example.
//
//   node scripts/consumer.mjs            the CI step (`npm test` runs it):
//     1. every ts/tsx/js code block of packages/*/README.md is a region of an example file
//        (`<!-- example: examples/file.ts#region -->` above the block) and matches it exactly;
//     2. packs every publishable package (pnpm pack, as `pnpm release` would publish it);
//     3. installs the tarballs into a fresh npm project outside the workspace (third-party
//        dependencies from the npm registry; any @portal/* fetch fails, so the tarballs must be
//        enough on their own);
//     4. type-checks every packages/*/examples/ file there under moduleResolution node16 and
//        bundler, emitting ESM with the node16 build;
//     5. starts the services on a free port (SERVICES_PORT to choose) with an empty data folder;
//     6. runs each example with Node (PORTAL_URL points at the services); each one checks its
//        own results and exits non-zero when they are wrong;
//     7. builds the sign-up app of scripts/consumer-app/ (Vite + React 19 + TypeScript, the whole
//        sign-up with <FibreSignUp>) in another fresh npm project from the tarballs: counts its
//        lines, type-checks it, renders it with renderToString in Node, serves its build and signs
//        up to an order number in Chromium in bm and in en (scripts/consumer-sign-up.mjs);
//     8. installs React 18.3 and react-intl 7.1.11 and runs the React examples again.
//   node scripts/consumer.mjs --readmes           step 1 only
//   node scripts/consumer.mjs --readmes --write   rewrites the README blocks from the examples
//   --keep                                        keeps the temporary project (its path is printed)
import { execFileSync, spawn } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { parse } from "yaml";
import { serveStatic, signUpInChromium } from "./consumer-sign-up.mjs";

const args = new Set(process.argv.slice(2));
const root = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const step = (text) => console.log(`\n[consumer ${elapsed()}] ${text}`);
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: "1" };
/** The services' environment: not production, so the OTP mock (123456) works. */
const PORTAL_ENV = "development";

function run(cmd, argv, options = {}) {
  console.log(`$ ${cmd} ${argv.join(" ")}`);
  execFileSync(cmd, argv, { cwd: root, stdio: "inherit", env, ...options });
}

/**
 * The .npmrc of a fresh project: nothing of the @portal scope may come from a registry, so the
 * tarballs must be enough. npm still asks that registry about a sibling's range (lead-flow's
 * "@portal/ui": "^0.2.0") although the tarball at the root satisfies it; a short retry back-off
 * keeps each refused ask from costing minutes (npm's default waits 10 s, then up to 60 s).
 */
const NPMRC = [
  "@portal:registry=http://127.0.0.1:9/",
  "fund=false",
  "audit=false",
  "fetch-retry-mintimeout=1000",
  "fetch-retry-maxtimeout=2000",
  "",
].join("\n");

/** The oldest versions our React peer ranges accept (@portal/ui, @portal/lead-flow/react). */
const LOWEST_REACT = [
  "react@18.3.1",
  "react-dom@18.3.1",
  "react-intl@7.1.11",
  "@types/react@18.3.x",
  "@types/react-dom@18.3.x",
];

const appSource = join(root, "scripts", "consumer-app");
/** The app's own code, which must stay under 60 lines (its package.json and tsconfig aside). */
const APP_CODE = [
  "index.html",
  "vite.config.ts",
  "src/main.tsx",
  "src/sign-up.tsx",
  "src/server.tsx",
];
const appTimes = [];
let lapStarted = Date.now();
/** Seconds since the last lap. */
const lap = () => {
  const seconds = (Date.now() - lapStarted) / 1000;
  lapStarted = Date.now();
  return seconds;
};

const packages = readdirSync(join(root, "packages"))
  .map((dir) => ({ dir, path: join(root, "packages", dir) }))
  .map((p) => ({ ...p, manifest: JSON.parse(readFileSync(join(p.path, "package.json"), "utf8")) }))
  .filter((p) => !p.manifest.private);

// ---------------------------------------------------------------------------------------------
// 1. README blocks and example files

const CODE = new Set(["ts", "tsx", "js", "jsx", "mjs"]);
const MARKER = /^<!-- example: (examples\/[\w./-]+?)(?:#([\w-]+))? -->$/;

/** The lines of a region (`// #region name` ... `// #endregion name`), markers removed, dedented. */
function region(file, name) {
  const lines = readFileSync(file, "utf8").split("\n");
  let body = lines;
  if (name) {
    const start = lines.findIndex((l) => l.trim() === `// #region ${name}`);
    const end = lines.findIndex((l, i) => i > start && l.trim() === `// #endregion ${name}`);
    if (start < 0 || end < 0) return undefined;
    body = lines.slice(start + 1, end);
  }
  body = body.filter((l) => !/^\s*\/\/ #(end)?region\b/.test(l));
  while (body.length > 0 && body[0].trim() === "") body.shift();
  while (body.length > 0 && body.at(-1).trim() === "") body.pop();
  const indent = Math.min(...body.filter((l) => l.trim()).map((l) => l.match(/^ */)[0].length));
  return body.map((l) => l.slice(indent).trimEnd());
}

/** Problems of one README (and, with write, the README with its blocks refreshed). */
function checkReadme(pkg, write) {
  const readme = join(pkg.path, "README.md");
  const lines = readFileSync(readme, "utf8").split("\n");
  const problems = [];
  const where = (i) => `${relative(root, readme)}:${i + 1}`;
  for (let i = 0; i < lines.length; i++) {
    const fence = /^```(\w*)\s*$/.exec(lines[i]);
    if (!fence) continue;
    const end = lines.findIndex((l, j) => j > i && /^```\s*$/.test(l));
    if (end < 0) break;
    if (CODE.has(fence[1])) {
      let m = i - 1;
      while (m >= 0 && lines[m].trim() === "") m--;
      const marker = MARKER.exec(lines[m]?.trim() ?? "");
      if (!marker) {
        problems.push(
          `${where(i)}: a ${fence[1]} block without <!-- example: examples/file#region -->`,
        );
      } else {
        const file = join(pkg.path, marker[1]);
        const expected = existsSync(file) ? region(file, marker[2]) : undefined;
        const actual = lines.slice(i + 1, end).map((l) => l.trimEnd());
        if (!expected) {
          problems.push(`${where(i)}: ${marker[1]}${marker[2] ? `#${marker[2]}` : ""} not found`);
        } else if (expected.join("\n") !== actual.join("\n")) {
          if (write) {
            lines.splice(i + 1, end - i - 1, ...expected);
          } else {
            const at = expected.findIndex((l, k) => l !== actual[k]);
            problems.push(
              `${where(i + 1 + Math.max(at, 0))}: differs from ${marker[1]}#${marker[2]}\n` +
                `    README:  ${actual[at] ?? "(nothing)"}\n    example: ${expected[at] ?? "(nothing)"}`,
            );
          }
        }
      }
    }
    i = lines.findIndex((l, j) => j > i && /^```\s*$/.test(l));
  }
  if (write) writeFileSync(readme, lines.join("\n"));
  return problems;
}

/** Example files of a package (what the project compiles and runs). */
const examplesOf = (pkg) => {
  const dir = join(pkg.path, "examples");
  return existsSync(dir) ? readdirSync(dir).filter((f) => /\.tsx?$/.test(f)) : [];
};

step("README examples match their example files");
const readmeProblems = packages.flatMap((p) => checkReadme(p, args.has("--write")));
for (const p of packages)
  if (examplesOf(p).length === 0) readmeProblems.push(`packages/${p.dir}: no examples/`);
if (readmeProblems.length > 0) {
  console.error(`- ${readmeProblems.join("\n- ")}`);
  console.error(
    "Fix the README or the example (node scripts/consumer.mjs --readmes --write copies the examples into the READMEs).",
  );
  process.exit(1);
}
console.log(`${packages.length} READMEs match their examples.`);
if (args.has("--readmes")) process.exit(0);

// ---------------------------------------------------------------------------------------------
// 2-6. Pack, install, type-check, run

const work = mkdtempSync(join(tmpdir(), "portal-consumer-"));
const project = join(work, "project");
const tarballs = join(work, "tarballs");
let services;
let appServer;
const cleanup = () => {
  services?.kill("SIGTERM");
  appServer?.close();
  if (!args.has("--keep")) rmSync(work, { recursive: true, force: true });
  else console.log(`kept ${work}`);
};
process.once("SIGINT", () => (cleanup(), process.exit(130)));

try {
  step("build the packages and the services");
  run("pnpm", [
    "exec",
    "turbo",
    "run",
    "build",
    "--filter=./packages/*",
    "--filter=@portal/services",
    "--output-logs=errors-only",
  ]);

  step("pack every publishable package");
  mkdirSync(tarballs, { recursive: true });
  for (const p of packages) {
    execFileSync("pnpm", ["pack", "--pack-destination", tarballs], {
      cwd: p.path,
      env,
      stdio: "ignore",
    });
  }
  const files = readdirSync(tarballs).filter((f) => f.endsWith(".tgz"));
  console.log(files.join(", "));
  if (files.length !== packages.length)
    throw new Error(`packed ${files.length} of ${packages.length} packages`);

  step("install the tarballs into a fresh npm project outside the workspace");
  const catalog = parse(readFileSync(join(root, "pnpm-workspace.yaml"), "utf8")).catalog;
  mkdirSync(project, { recursive: true });
  writeFileSync(
    join(project, "package.json"),
    JSON.stringify(
      {
        name: "portal-consumer",
        private: true,
        type: "module",
        dependencies: {
          ...Object.fromEntries(
            packages.map((p) => {
              const file = files.find((f) =>
                f.startsWith(p.manifest.name.replace("@", "").replace("/", "-") + "-"),
              );
              return [p.manifest.name, `file:${join(tarballs, file)}`];
            }),
          ),
          react: catalog.react,
          "react-dom": catalog["react-dom"],
          "react-intl": catalog["react-intl"],
        },
        devDependencies: {
          typescript: catalog.typescript,
          "@types/node": catalog["@types/node"],
          "@types/react": catalog["@types/react"],
          "@types/react-dom": catalog["@types/react-dom"],
        },
      },
      null,
      2,
    ),
  );
  writeFileSync(join(project, ".npmrc"), NPMRC);
  run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], {
    cwd: project,
  });

  step("type-check every example under moduleResolution node16 and bundler");
  for (const p of packages) {
    mkdirSync(join(project, "examples", p.dir), { recursive: true });
    for (const f of examplesOf(p))
      cpSync(join(p.path, "examples", f), join(project, "examples", p.dir, f));
  }
  const common = {
    target: "ES2022",
    lib: ["ES2023", "DOM", "DOM.Iterable"],
    jsx: "react-jsx",
    strict: true,
    noUncheckedIndexedAccess: true,
    verbatimModuleSyntax: true,
    skipLibCheck: false,
    types: ["node"],
  };
  const tsconfig = (name, options) =>
    writeFileSync(
      join(project, name),
      JSON.stringify(
        { compilerOptions: { ...common, ...options }, include: ["examples"] },
        null,
        2,
      ),
    );
  tsconfig("tsconfig.node16.json", {
    module: "node16",
    moduleResolution: "node16",
    outDir: "out",
    rootDir: "examples",
  });
  tsconfig("tsconfig.bundler.json", {
    module: "esnext",
    moduleResolution: "bundler",
    noEmit: true,
  });
  const tsc = join(project, "node_modules", "typescript", "bin", "tsc");
  run(process.execPath, [tsc, "-p", "tsconfig.node16.json"], { cwd: project });
  run(process.execPath, [tsc, "-p", "tsconfig.bundler.json"], { cwd: project });

  const port = Number(process.env.SERVICES_PORT) || (await freePort());
  const portalUrl = `http://127.0.0.1:${port}`;
  const app = buildApp(catalog, files, portalUrl);
  appServer = await serveStatic(join(app, "dist"), 0);
  const appUrl = `http://127.0.0.1:${appServer.address().port}`;

  step("start the services");
  services = spawn(process.execPath, [join(root, "apps/services/dist/server.js")], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: portalUrl,
      DATA_DIR: join(work, "data"),
      PORTAL_ENV,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      CORS_ORIGIN: appUrl, // the sign-up app's origin
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitForReady(`${portalUrl}/health/ready`, 120_000);
  console.log(`services ready at ${portalUrl}`);

  step("run every example with Node");
  const results = [];
  for (const p of packages) {
    for (const f of examplesOf(p)) {
      const script = join(project, "out", p.dir, f.replace(/\.tsx?$/, ".js"));
      const t = Date.now();
      console.log(`\n> node ${relative(project, script)}`);
      // The services' URL as the first argument (the lead-flow examples read it there; no
      // process.env in code other teams copy into a browser bundle) and as PORTAL_URL.
      run(process.execPath, [script, portalUrl], {
        cwd: project,
        env: { ...env, PORTAL_URL: portalUrl },
      });
      results.push({
        example: `packages/${p.dir}/examples/${f}`,
        seconds: (Date.now() - t) / 1000,
      });
    }
  }
  console.table(results);

  step("the sign-up app in Chromium, in bm and in en: from the address to an order number");
  await appInChromium(app, appUrl);
  console.table(appTimes);

  step("the lower end of the React peer ranges: React 18.3 and react-intl 7 (ui, lead-flow/react)");
  run(
    "npm",
    ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error", ...LOWEST_REACT],
    {
      cwd: project,
    },
  );
  run(process.execPath, [tsc, "-p", "tsconfig.bundler.json"], { cwd: project });
  for (const p of packages) {
    for (const f of examplesOf(p).filter((f) => f.endsWith(".tsx"))) {
      const script = join(project, "out", p.dir, f.replace(/\.tsx$/, ".js"));
      run(process.execPath, [script, portalUrl], {
        cwd: project,
        env: { ...env, PORTAL_URL: portalUrl },
      });
    }
  }
  step(
    `every example ran: ${results.length} examples of ${packages.length} packages, React 19 and 18;` +
      ` the sign-up app (${appTimes.reduce((sum, t) => sum + t.seconds, 0).toFixed(1)} s)`,
  );
} finally {
  cleanup();
}

// ---------------------------------------------------------------------------------------------
// 7. The sign-up app (scripts/consumer-app/)

/**
 * Copies the app into a fresh npm project, installs the tarballs it needs (@portal/lead-flow and
 * its @portal dependencies), React 19 and the catalog's vite and @vitejs/plugin-react from the
 * registry, type-checks it, builds it for the browser and for Node, and renders it with Node.
 * Answers its folder.
 */
function buildApp(catalog, files, servicesUrl) {
  step("the sign-up app (scripts/consumer-app): its own code");
  const lines = APP_CODE.map((f) => ({
    file: f,
    lines: readFileSync(join(appSource, f), "utf8").trimEnd().split("\n").length,
  }));
  const total = lines.reduce((sum, f) => sum + f.lines, 0);
  console.table(lines);
  console.log(`the app's own code: ${total} lines`);
  if (total >= 60)
    throw new Error(`the sign-up app is ${total} lines of its own code, not under 60`);

  step("the sign-up app: a fresh npm project with the tarballs, React 19, Vite");
  lap();
  const app = join(work, "app");
  cpSync(appSource, app, {
    recursive: true,
    filter: (path) => !/\/(node_modules|dist|dist-server)$/.test(path),
  });
  const leadFlow = packages.find((p) => p.manifest.name === "@portal/lead-flow").manifest;
  const needed = [
    leadFlow.name,
    ...Object.keys(leadFlow.dependencies).filter((d) => d.startsWith("@portal/")),
  ];
  const tarball = (name) => files.find((f) => f.startsWith(`${name.slice(1).replace("/", "-")}-`));
  const manifest = JSON.parse(readFileSync(join(app, "package.json"), "utf8"));
  manifest.dependencies = {
    ...Object.fromEntries(needed.map((name) => [name, `file:${join(tarballs, tarball(name))}`])),
    react: catalog.react,
    "react-dom": catalog["react-dom"],
    "react-intl": catalog["react-intl"],
  };
  manifest.devDependencies = Object.fromEntries(
    [
      "vite",
      "@vitejs/plugin-react",
      "typescript",
      "@types/node",
      "@types/react",
      "@types/react-dom",
    ].map((d) => [d, catalog[d]]),
  );
  writeFileSync(join(app, "package.json"), JSON.stringify(manifest, null, 2));
  writeFileSync(join(app, ".npmrc"), NPMRC);
  run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], {
    cwd: app,
  });
  appTimes.push({ task: "npm install", seconds: lap() });

  step("the sign-up app: tsc --noEmit with the published types");
  run("npm", ["run", "--silent", "typecheck"], { cwd: app });
  appTimes.push({ task: "type-check", seconds: lap() });

  step("the sign-up app: vite build (the browser's bundle, then the server's)");
  run("npm", ["run", "--silent", "build"], {
    cwd: app,
    env: { ...env, VITE_SERVICES_URL: servicesUrl, VITE_PORTAL_ENV: PORTAL_ENV },
  });
  appTimes.push({ task: "vite build", seconds: lap() });

  step("the sign-up app rendered on the server: renderToString in bm and en");
  run("npm", ["run", "--silent", "render"], { cwd: app });
  appTimes.push({ task: "render on the server", seconds: lap() });
  return app;
}

/** The whole sign-up in Chromium, in bm then in en; screenshots of each confirmation. */
async function appInChromium(app, appUrl) {
  // The workspace's Playwright (the catalog's playwright-core), so the app's project stays clean.
  const require = createRequire(join(root, "packages", "lead-flow", "package.json"));
  const { chromium } = require("playwright-core");
  const appRequire = createRequire(join(app, "package.json"));
  const shots = join(tmpdir(), `portal-sign-up-app-${Date.now()}`);
  mkdirSync(shots, { recursive: true });
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
    lap();
    for (const language of ["bm", "en"]) {
      const messages = JSON.parse(
        readFileSync(appRequire.resolve(`@portal/lead-flow/lang/${language}.json`), "utf8"),
      );
      const result = await signUpInChromium({
        browser,
        appUrl,
        language,
        messages,
        shots,
        timeout: 20_000,
      });
      console.log(`${language}: order number ${result.orderNumber} (${result.steps.join(", ")})`);
      appTimes.push({ task: `Chromium, ${language}`, seconds: lap() });
    }
  } finally {
    await browser.close();
  }
  console.log(`screenshots of the confirmations (375 and 1280 px): ${shots}`);
}

/** A port nobody listens on now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** Polls until the URL answers 200 (or the services exit, or the time is up). */
async function waitForReady(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (services.exitCode !== null) throw new Error(`the services exited (${services.exitCode})`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
}
