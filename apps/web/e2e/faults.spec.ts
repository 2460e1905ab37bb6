// The portal in front of failing services: a fault-injecting proxy (plain Node over real HTTP)
// between a portal of its own (the built server, dist/server/main.js) and the services. During
// each fault every page is the honest page in its language and is never kept; once the services
// heal, the first request for each page is the good page.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { Socket } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { artifacts, hydrated, seedIds, servicesUrl, withLanguage } from "./helpers";

const here = dirname(fileURLToPath(import.meta.url));
const ids = seedIds();
const channelName = (lang: string) =>
  String(
    (
      JSON.parse(
        readFileSync(
          join(here, "..", "..", "services", "seed", "content", lang, "channels.json"),
          "utf8",
        ),
      ) as Array<{ id: string; name: string }>
    ).find((item) => String(item.id) === ids.channel)!.name,
  );

type Fault = "down" | "slow" | "500" | "404" | "wrong-shape" | "html" | "reset";

/** What each fault does to the services' answers (the configuration passes: it is kept). */
const FAULTS: Fault[] = ["down", "slow", "500", "404", "wrong-shape", "html", "reset"];

const webPort = Number(new URL(process.env.E2E_BASE_URL ?? "http://localhost:3000").port) + 6;
const proxyPort = Number(new URL(servicesUrl).port) + 6;
const web = `http://localhost:${webPort}`;
// Long enough for a healthy call on a loaded CI machine, short enough for six slow pages.
const CONTENT_TIMEOUT_MS = 3000;

/** The honest page's texts, exactly as the catalogs have them. */
const honest = {
  bm: {
    lang: "ms",
    title: "Kami tidak dapat memuatkan halaman ini",
    body: "Perkhidmatan tidak menjawab. Semak sambungan anda, kemudian cuba lagi.",
    retry: "Cuba lagi",
    notFound: "Halaman tidak dijumpai",
  },
  en: {
    lang: "en",
    title: "We could not load this page",
    body: "The service did not answer. Check your connection, then try again.",
    retry: "Try again",
    notFound: "Page not found",
  },
} as const;

/**
 * Pages requested during a fault, with the heading each shows once healed. Each fault has pages
 * of its own (the banner parameter is part of every page's key): a page kept from before a fault
 * is served stale during it, as a CDN would, and this test is about pages rendered in the fault.
 */
const pages = (lang: "bm" | "en", fault: Fault) =>
  [
    { base: "/channels", h1: lang === "bm" ? "Saluran" : "Channels" },
    { base: `/channels/${ids.channel}`, h1: channelName(lang) },
    { base: "/movies", h1: lang === "bm" ? "Filem" : "Movies" },
  ].map((item) => ({
    ...item,
    path: withLanguage(`${item.base}?hidePromotion=${fault}`, lang),
    canonical: `${web}${withLanguage(item.base, lang)}`,
  }));

let fault: Fault | undefined;
let proxy: Server;
let portal: ChildProcess;
const sockets = new Set<Socket>();

function cors(req: IncomingMessage) {
  return {
    "access-control-allow-origin": req.headers.origin ?? "*",
    "access-control-allow-credentials": "true",
  };
}

function forward(req: IncomingMessage, res: ServerResponse) {
  const upstream = httpRequest(
    `${servicesUrl}${req.url}`,
    { method: req.method, headers: { ...req.headers, host: new URL(servicesUrl).host } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, { ...answer.headers, ...cors(req) });
      answer.pipe(res);
    },
  );
  upstream.on("error", () => res.destroy());
  req.pipe(upstream);
}

/** The fault proxy: passes everything through, or fails the content calls as `fault` says. */
function handle(req: IncomingMessage, res: ServerResponse) {
  if (req.method === "OPTIONS") {
    res.writeHead(204, {
      ...cors(req),
      "access-control-allow-methods": "GET, POST, PUT, PATCH, DELETE",
      "access-control-allow-headers": req.headers["access-control-request-headers"] ?? "*",
    });
    return res.end();
  }
  if (!fault || !req.url?.startsWith("/content/")) return forward(req, res);
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { ...cors(req), "content-type": "application/json; charset=utf-8" });
    res.end(JSON.stringify(body));
  };
  switch (fault) {
    case "slow":
      // Beyond the portal's own timeout for its calls, then the real answer.
      return void setTimeout(() => forward(req, res), CONTENT_TIMEOUT_MS + 2500);
    case "500":
      return json(500, { statusCode: 500, error: "Internal Server Error", message: "boom" });
    case "404":
      return json(404, { statusCode: 404, error: "Not Found", message: "no such content" });
    case "wrong-shape":
      return json(200, { response: { unexpected: true }, statusCode: 200 });
    case "html":
      res.writeHead(200, { ...cors(req), "content-type": "text/html; charset=utf-8" });
      return res.end("<!doctype html><html><body><h1>502 Bad Gateway</h1>nginx</body></html>");
    case "reset":
      return req.socket.destroy();
    default:
      return forward(req, res);
  }
}

async function listen() {
  proxy = createServer(handle);
  proxy.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => proxy.listen(proxyPort, "127.0.0.1", resolve));
}

/** Connection refused: the proxy stops listening and drops its open connections. */
async function goDown() {
  await new Promise<void>((resolve) => {
    proxy.close(() => resolve());
    for (const socket of sockets) socket.destroy();
  });
}

/**
 * The portal uses an answer the services confirmed for at most CONTENT_FRESH_MS with no round trip
 * (src/server/warm-content.ts): a fault shows on every page once that long has passed since it
 * began (as a CDN serves a fresh copy). Healing needs no wait: a failed revalidation forgot them.
 */
const CONTENT_FRESH_MS = 1000;

async function setFault(next: Fault | undefined) {
  if (fault === "down" && next !== "down") await listen();
  if (next === "down") await goDown();
  fault = next;
  if (next) await new Promise((resolve) => setTimeout(resolve, CONTENT_FRESH_MS + 100));
}

test.describe.configure({ mode: "serial" });

test.describe("the portal in front of failing services", () => {
  test.beforeAll(async () => {
    await listen();
    portal = spawn(process.execPath, ["dist/server/main.js"], {
      cwd: join(here, ".."),
      stdio: "ignore",
      env: {
        ...process.env,
        WEB_PORT: String(webPort),
        API_BASE_URL: `http://127.0.0.1:${proxyPort}`,
        CONTENT_TIMEOUT_MS: String(CONTENT_TIMEOUT_MS),
        // Content may hold the first byte longer than the call timeout: a slow service is then
        // a whole page (503) rather than a streamed one (200 no-store, the error streamed in).
        FIRST_BYTE_BUDGET_MS: String(CONTENT_TIMEOUT_MS + 1000),
        // A real 404 is kept as its header says (60 s in production, min(60, this) here).
        PAGE_CACHE_SECONDS: "3",
        CONTENT_FRESH_MS: String(CONTENT_FRESH_MS),
        LOG_LEVEL: "error",
      },
    });
    for (let i = 0; i < 80; i++) {
      const ready = await fetch(`${web}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      if (i === 79) throw new Error("the portal in front of the fault proxy did not start");
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // Warm the services' answers (their first reads are the slowest) on URLs of no test.
    for (const lang of ["bm", "en"] as const)
      for (const item of pages(lang, "warm" as Fault)) await fetch(`${web}${item.path}`);
  });

  test.afterAll(async () => {
    portal?.kill("SIGTERM");
    fault = undefined;
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => proxy?.close(resolve));
  });

  for (const name of FAULTS) {
    test(`${name}: honest page in its language, never kept; healed, the good page at once`, async ({
      request,
    }) => {
      test.setTimeout(180_000);
      // Each request carries a new utm_content: the same cache key as the page's own URL.
      const suffix = `utm_content=${name}`;
      const at = (path: string) =>
        `${path}${path.includes("?") ? "&" : "?"}${suffix}-${Date.now().toString(36)}`;
      await setFault(name);
      const requested: string[] = [];
      for (const lang of ["bm", "en"] as const) {
        for (const item of pages(lang, name)) {
          const path = item.path;
          requested.push(path);
          const response = await request.get(`${web}${at(path)}`, { maxRedirects: 0 });
          const html = await response.text();
          const headers = response.headers();
          expect(headers["x-cache"], path).not.toBe("HIT");
          expect(html, path).toContain(`<html lang="${honest[lang].lang}"`);
          expect(html, path).toContain('class="brand-mark"');
          if (name === "404") {
            expect(response.status(), path).toBe(404);
            expect(html, path).toContain(honest[lang].notFound);
            expect(headers["cache-control"], path).toBe("public, max-age=0, s-maxage=3");
          } else {
            expect(response.status(), path).toBe(503);
            expect(headers["retry-after"], path).toBe("30");
            expect(headers["cache-control"], path).toBe("no-store");
            expect(html, path).toMatch(new RegExp(`<h[1-3][^>]*>${honest[lang].title}</h[1-3]>`));
            expect(html, path).toContain(honest[lang].body);
            // Asked again during the fault: rendered again, never a kept copy.
            const again = await request.get(`${web}${at(path)}`);
            expect(again.status(), path).toBe(503);
            expect(again.headers()["x-cache"], path).toBe("MISS");
          }
        }
      }
      if (name === "down") {
        // /readyz asks the services at most once a second: within that second it may still
        // answer what it learnt before the fault, then it says 503.
        await expect
          .poll(async () => (await request.get(`${web}/readyz`)).status(), { timeout: 5000 })
          .toBe(503);
      }
      await setFault(undefined);
      // A real 404 is kept as long as its header said (here 3 s); nothing else was kept.
      if (name === "404") await new Promise((resolve) => setTimeout(resolve, 3100));
      for (const lang of ["bm", "en"] as const) {
        for (const item of pages(lang, name)) {
          const response = await request.get(`${web}${item.path}`);
          expect(response.status(), item.path).toBe(200);
          const html = await response.text();
          expect(html, item.path).toContain(`<html lang="${honest[lang].lang}"`);
          expect(html, item.path).toMatch(new RegExp(`<h1[^>]*>${item.h1}</h1>`));
          // (The catalog in the page's data holds the text; no heading shows it.)
          expect(html, item.path).not.toMatch(new RegExp(`<h[1-3][^>]*>${honest[lang].title}<`));
          // Kept now, and the same copy for any utm_* variant; the canonical link holds no utm_*.
          const variant = await request.get(`${web}${item.path}&utm_source=mail&gclid=x`);
          expect(variant.headers()["x-cache"], item.path).toBe("HIT");
          const canonical = /<link rel="canonical" href="([^"]+)"/.exec(await variant.text())?.[1];
          expect(canonical, item.path).toBe(item.canonical);
        }
      }
      expect(requested).toHaveLength(6);
    });
  }

  /** During a fault, hydrated in Chromium: still the branded page, never the router's default. */
  async function hydratedHonest(page: Page, lang: "bm" | "en", path: string) {
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    const response = await page.goto(`${web}${withLanguage(path, lang)}`);
    expect(response?.status()).toBe(503);
    await hydrated(page);
    // Give the browser's own retry and any late error time to show.
    await page.waitForTimeout(1500);
    await expect(page.locator("html")).toHaveAttribute("lang", honest[lang].lang);
    await expect(page.getByRole("heading", { name: honest[lang].title })).toBeVisible();
    await expect(page.getByText(honest[lang].body)).toBeVisible();
    await expect(page.getByRole("button", { name: honest[lang].retry })).toBeVisible();
    await expect(page.locator("header").getByRole("link", { name: /Suria/ })).toBeVisible();
    await expect(page.getByText("Something went wrong!")).toHaveCount(0);
    expect(await page.content()).not.toContain("Could not find required `intl` object");
    expect(problems).toEqual([]);
  }

  for (const name of ["500", "down"] as const) {
    test(`${name}: a hydrated page stays the branded page in bm and en (Chromium)`, async ({
      page,
    }) => {
      await setFault(name);
      try {
        for (const lang of ["bm", "en"] as const) {
          await hydratedHonest(
            page,
            lang,
            `/movies?utm_content=chromium-${name}-${Date.now().toString(36)}`,
          );
          await page.setViewportSize({ width: 1280, height: 900 });
          await page.screenshot({ path: join(artifacts, `outage-${name}-${lang}-1280.png`) });
          await page.setViewportSize({ width: 375, height: 812 });
          await page.screenshot({ path: join(artifacts, `outage-${name}-${lang}-375.png`) });
          await page.setViewportSize({ width: 1280, height: 900 });
        }
        // Healed: Try again shows the page, in the visitor's language.
        await setFault(undefined);
        await page.getByRole("button", { name: honest.en.retry }).click();
        await expect(page.getByRole("heading", { level: 1, name: "Movies" })).toBeVisible();
      } finally {
        await setFault(undefined);
      }
    });
  }
});
