// Opens every story of the built catalogue (storybook-static/) in Debian's Chromium, in Malay and
// in English, at a phone width (375 px) and a desktop width (1280 px), and collects the
// accessibility report Storybook's a11y addon makes after each render (axe-core, WCAG 2.0-2.2 A
// and AA, configured in .storybook/preview.tsx: the same check the catalogue's panel shows).
// Fails on any violation, on a story that throws (a string missing from a catalog throws too) or
// whose play function fails, and on a story without an a11y report.
//   node scripts/check-catalogue.mjs [--root <package dir>] [--screenshots <dir>]
// --root checks another package's catalogue (its storybook-static/), e.g. @portal/lead-flow's.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { chromium } from "playwright-core";
import { preview } from "vite";

const rootAt = process.argv.indexOf("--root");
const root = rootAt > 0 ? resolve(process.argv[rootAt + 1]) : join(import.meta.dirname, "..");
const staticDir = join(root, "storybook-static");
const shotsAt = process.argv.indexOf("--screenshots");
const screenshots = shotsAt > 0 ? process.argv[shotsAt + 1] : undefined;

const LANGUAGES = ["bm", "en"];
const WIDTHS = [375, 1280];

const index = JSON.parse(readFileSync(join(staticDir, "index.json"), "utf8"));
// CATALOGUE_ONLY=<text> checks only the stories whose id contains it (while working on one).
const only = process.env.CATALOGUE_ONLY;
const stories = Object.values(index.entries).filter(
  (e) => e.type === "story" && (!only || e.id.includes(only)),
);
if (stories.length === 0) throw new Error("the catalogue has no stories");

const server = await preview({
  configFile: false,
  logLevel: "silent",
  root,
  build: { outDir: staticDir },
  preview: { port: 0, host: "127.0.0.1", strictPort: false },
});
const base = server.resolvedUrls?.local[0];
if (!base) throw new Error("the catalogue server did not start");

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
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

const problems = [];
let checks = 0;
const started = Date.now();
try {
  for (const width of WIDTHS) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    // Storybook reports each story once it has rendered, run its play function and its checks
    // (storyFinished, with the a11y addon's report), or that it failed.
    await page.addInitScript(() => {
      const listen = () => {
        const channel = window.__STORYBOOK_ADDONS_CHANNEL__;
        if (!channel) return void setTimeout(listen, 10);
        channel.on("storyFinished", (detail) => {
          window.__storyStatus = {
            storyId: detail.storyId,
            status: detail.status,
            reporters: detail.reporters,
          };
        });
        for (const event of [
          "storyErrored",
          "storyThrewException",
          "playFunctionThrewException",
          "storyMissing",
        ])
          channel.on(event, (error) => {
            window.__storyStatus = {
              status: event,
              detail: error?.description ?? error?.message ?? "",
            };
          });
      };
      listen();
    });
    for (const language of LANGUAGES) {
      // One page load per language and width; then Storybook switches stories in place.
      await page.goto(
        `${base}iframe.html?id=${stories[0].id}&viewMode=story&globals=locale:${language}`,
      );
      for (const [i, story] of stories.entries()) {
        const label = `${story.id} [${language}, ${width} px]`;
        if (i > 0)
          await page.evaluate((storyId) => {
            window.__storyStatus = undefined;
            window.__STORYBOOK_ADDONS_CHANNEL__.emit("setCurrentStory", {
              storyId,
              viewMode: "story",
            });
          }, story.id);
        const status = await page
          .waitForFunction(
            (storyId) =>
              window.__storyStatus &&
              (!window.__storyStatus.storyId || window.__storyStatus.storyId === storyId) &&
              window.__storyStatus,
            story.id,
            { timeout: 30_000 },
          )
          .then((handle) => handle.jsonValue());
        checks += 1;
        const a11y = status.reporters?.find((r) => r.type === "a11y");
        if (status.status !== "success" && !(a11y && a11y.status !== "passed")) {
          problems.push(`${label}: ${status.status} ${status.detail ?? ""}`);
          continue;
        }
        const lang = await page.evaluate(() => document.documentElement.lang);
        if (lang !== (language === "bm" ? "ms" : "en"))
          problems.push(`${label}: html lang ${lang}`);
        if (!a11y) problems.push(`${label}: no accessibility report`);
        else if (a11y.status !== "passed") {
          const violations = a11y.result?.violations ?? [];
          if (violations.length === 0)
            problems.push(
              `${label}: a11y ${a11y.status} ${JSON.stringify(a11y.result?.error ?? "")}`,
            );
          for (const v of violations)
            problems.push(
              `${label}: ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
            );
        }
        if (screenshots)
          await page.screenshot({
            path: join(screenshots, `${story.id}.${language}.${width}.png`),
            fullPage: true,
          });
      }
    }
    await page.close();
  }
} finally {
  await browser.close();
  await new Promise((resolve) => server.httpServer.close(resolve));
}

const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (problems.length > 0) {
  console.error(
    `catalogue: ${problems.length} problem(s) in ${checks} checks:\n- ${problems.join("\n- ")}`,
  );
  process.exit(1);
}
console.log(
  `catalogue: ${stories.length} stories x ${LANGUAGES.length} languages x ${WIDTHS.length} widths = ${checks} renders, every a11y report passed, ${seconds} s`,
);
