import type { ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Page } from "@playwright/test";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const seedDir = join(here, "..", "..", "services", "seed");

/** Where the specs save their screenshots (not committed). */
export const artifacts = join(here, "..", "artifacts");
mkdirSync(artifacts, { recursive: true });

/** The services the portal under test calls (scripts/with-servers.mjs reads SERVICES_PORT too). */
export const servicesUrl =
  process.env.E2E_SERVICES_URL ?? `http://localhost:${process.env.SERVICES_PORT ?? "4000"}`;

/** Axe-clean, no sideways scroll at 360 px, and screenshots at 1280 and 375 px. */
export async function checkScreen(page: Page, name: string) {
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: join(artifacts, `${name}-1280.png`), fullPage: true });
  // Phones from 360 px: nothing scrolls sideways.
  await page.setViewportSize({ width: 360, height: 780 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, "no horizontal scroll at 360 px").toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: join(artifacts, `${name}-375.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A path in a language: Malay (the default) has no parameter, English `language=en`. */
export const withLanguage = (path: string, lang: string) =>
  lang === "bm" ? path : `${path}${path.includes("?") ? "&" : "?"}language=${lang}`;

/**
 * The href of an internal link in a language, as a pattern: `path` is a regular expression's
 * source for the path; English links keep `language=en`, Malay ones have no parameter.
 */
export const linkIn = (path: string, lang: string) =>
  new RegExp(`^${path}${lang === "bm" ? "" : `\\?language=${lang}`}$`);

/** First ids of the seed content, so the routes below open real documents. */
export function seedIds() {
  const first = (file: string, pick: (x: Record<string, unknown>) => boolean = () => true) => {
    const list = JSON.parse(
      readFileSync(join(seedDir, "content", "en", `${file}.json`), "utf8"),
    ) as Array<Record<string, unknown>>;
    return String(list.find(pick)!.id);
  };
  return {
    channel: first("channels"),
    movie: first("movies"),
    pack: first("packages"),
    bundle: first("bundles"),
    campaign: first("campaigns"),
    article: first("articles"),
    fibreCombo: first("combos", (c) => c.product === "fibre"),
    tvCombo: first("combos", (c) => c.product === "tv"),
  };
}

/** Runs axe-core (WCAG 2.1 A/AA rules) and returns serious and critical violations. */
export async function seriousViolations(page: Page) {
  // Evaluated through the DevTools protocol: the page's CSP (no inline scripts) stays in force.
  if (!(await page.evaluate(() => "axe" in window))) {
    await page.evaluate(readFileSync(require.resolve("axe-core/axe.min.js"), "utf8"));
  }
  const result = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: unknown,
            opts: unknown,
          ) => Promise<{
            violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }>;
          }>;
        };
      }
    ).axe;
    return axe.run(document, {
      runOnly: {
        type: "tag",
        values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"],
      },
    });
  });
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
}

/**
 * Resolves once the page has hydrated: the router removes its `$_TSR` marker when the page is
 * hydrated and its stream has ended. The scripts start after the first paint
 * (src/server/start-after-paint.ts), so `page.goto` (the load event) no longer means they ran.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => !("$_TSR" in window), undefined, { timeout: 15_000 });
}

/** Waits until the page has rendered its content (no loading region left) and hydrated. */
export async function settled(page: Page) {
  await expect(page.locator("main#main")).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await hydrated(page);
}

/** A TCP port free on this machine now (for a spec that starts its own services and portal). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Waits until a URL answers 2xx (a server a spec started), or throws after `seconds`. */
export async function waitFor(url: string, seconds = 150) {
  for (let i = 0; i < seconds * 2; i++) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // Not yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

/** Stops the servers a spec started (SIGTERM), waits for them to exit, then removes their data. */
export async function stopServers(children: readonly ChildProcess[], dataDir: string) {
  for (const child of children) child.kill("SIGTERM");
  await Promise.all(
    children.map((child) =>
      child.exitCode === null ? new Promise((resolve) => child.once("exit", resolve)) : null,
    ),
  );
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

/**
 * The environment of a services instance a spec starts: its port on 127.0.0.1, its own PGlite
 * data folder (never the suite's `DATABASE_URL`), the portal it answers (CORS) and the day of the
 * suite's prices (2026-11-21, 10:00 in Malaysia) unless `overrides` say otherwise.
 */
export const servicesEnv = (
  port: number,
  dataDir: string,
  corsOrigin: string,
  overrides: Record<string, string> = {},
) => ({
  ...process.env,
  PORT: String(port),
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  CORS_ORIGIN: corsOrigin,
  LOG_LEVEL: "error",
  CLOCK_START: "2026-11-21T10:00:00+08:00",
  ...overrides,
});
