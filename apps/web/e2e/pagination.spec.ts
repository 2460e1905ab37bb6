import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { artifacts, settled, withLanguage } from "./helpers";

// Issue 22: the listings show one page (24 items) and numbered links a crawler and a browser
// without scripts follow; the current page is aria-current; each page is its own canonical URL.

const seed = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "services", "seed");
const count = (file: string, keep: (item: { genre?: string }) => boolean = () => true) =>
  (JSON.parse(readFileSync(join(seed, "content", "en", `${file}.json`), "utf8")) as []).filter(keep)
    .length;
const CHANNELS = count("channels"); // 63: pages of 24, 24 and 15
const MOVIES = count("movies"); // 30: pages of 24 and 6
const PAGE = 24;

const words = {
  bm: {
    nav: "Penomboran halaman",
    page: "Halaman",
    of: "daripada",
    next: "Seterusnya",
    prev: "Sebelumnya",
  },
  en: { nav: "Pagination", page: "Page", of: "of", next: "Next", prev: "Previous" },
} as const;
type Lang = keyof typeof words;

/** The absolute URL the page's canonical link should hold. */
const canonicalOf = (page: Page, path: string) => new URL(path, page.url()).href;

async function expectPage(
  page: Page,
  lang: Lang,
  {
    n,
    pages,
    items,
    path,
    list,
  }: { n: number; pages: number; items: number; path: string; list: string },
) {
  const w = words[lang];
  const nav = page.getByRole("navigation", { name: w.nav });
  await expect(nav).toBeVisible();
  await expect(nav.getByText(`${w.page} ${n} ${w.of} ${pages}`)).toBeVisible();
  const current = nav.locator('[aria-current="page"]');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveText(String(n));
  await expect(current).toHaveAttribute("aria-label", `${w.page} ${n}`);
  await expect(page.locator(list)).toHaveCount(items);
  const expected = withLanguage(n === 1 ? path : `${path}?page=${n}`, lang);
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(expected);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    canonicalOf(page, expected),
  );
  // Numbered links are plain links to ?page=n (page 1 without it).
  for (let other = 1; other <= pages; other += 1) {
    const href = withLanguage(other === 1 ? path : `${path}?page=${other}`, lang);
    await expect(
      nav.getByRole("link", { name: `${w.page} ${other}`, exact: true }),
    ).toHaveAttribute("href", href);
  }
  await expect(nav.getByRole("link", { name: w.prev })).toHaveCount(n > 1 ? 1 : 0);
  await expect(nav.getByRole("link", { name: w.next })).toHaveCount(n < pages ? 1 : 0);
}

const CHANNEL_ROWS = '[data-testid="channel-list"] > li';
const MOVIE_CARDS = ".pui-grid .pui-card";

for (const lang of ["bm", "en"] as const) {
  const w = words[lang];
  for (const width of [375, 1280]) {
    test(`channels and movies page by their links (${lang}, ${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      const pages = Math.ceil(CHANNELS / PAGE);
      await page.goto(withLanguage("/channels", lang));
      await settled(page);
      const channels = { pages, path: "/channels", list: CHANNEL_ROWS };
      await expectPage(page, lang, { ...channels, n: 1, items: PAGE });
      await page.screenshot({
        path: join(artifacts, `pagination-channels-${lang}-${width}.png`),
        fullPage: true,
      });

      const nav = page.getByRole("navigation", { name: w.nav });
      await nav.getByRole("link", { name: `${w.page} 2`, exact: true }).click();
      await settled(page);
      await expectPage(page, lang, { ...channels, n: 2, items: PAGE });

      await nav.getByRole("link", { name: w.next }).click();
      await settled(page);
      await expectPage(page, lang, { ...channels, n: 3, items: CHANNELS - 2 * PAGE });
      await page.screenshot({
        path: join(artifacts, `pagination-channels-p3-${lang}-${width}.png`),
        fullPage: true,
      });

      // Keyboard: the previous link is reachable and follows with Enter.
      await nav.getByRole("link", { name: w.prev }).focus();
      await page.keyboard.press("Enter");
      await settled(page);
      await expectPage(page, lang, { ...channels, n: 2, items: PAGE });

      if (width === 375) {
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
      }

      const movies = { pages: Math.ceil(MOVIES / PAGE), path: "/movies", list: MOVIE_CARDS };
      await page.goto(withLanguage("/movies", lang));
      await settled(page);
      await expectPage(page, lang, { ...movies, n: 1, items: PAGE });
      await page
        .getByRole("navigation", { name: w.nav })
        .getByRole("link", { name: `${w.page} 2`, exact: true })
        .click();
      await settled(page);
      await expectPage(page, lang, { ...movies, n: 2, items: MOVIES - PAGE });
    });
  }

  test(`the genre filter keeps working and starts at its first page (${lang})`, async ({
    page,
  }) => {
    const sports = count("channels", (item) => item.genre === "sports");
    await page.goto(withLanguage("/channels?page=2", lang));
    await settled(page);
    await page.getByRole("combobox").selectOption("sports");
    await expect
      .poll(() => Object.fromEntries(new URL(page.url()).searchParams))
      .toEqual(lang === "en" ? { genre: "sports", language: "en" } : { genre: "sports" });
    await settled(page);
    await expect(page.locator(CHANNEL_ROWS)).toHaveCount(Math.min(sports, PAGE));
    await expect(page.getByRole("navigation", { name: w.nav })).toHaveCount(sports > PAGE ? 1 : 0);
  });

  test(`without JavaScript the links still page (${lang})`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(withLanguage("/channels", lang));
    const nav = page.getByRole("navigation", { name: w.nav });
    await nav.getByRole("link", { name: `${w.page} 3`, exact: true }).click();
    await page.waitForURL(`**${withLanguage("/channels?page=3", lang)}`);
    await expect(page.locator(CHANNEL_ROWS)).toHaveCount(CHANNELS - 2 * PAGE);
    await expect(nav.locator('[aria-current="page"]')).toHaveText("3");
    await nav.getByRole("link", { name: w.prev }).click();
    await page.waitForURL(`**${withLanguage("/channels?page=2", lang)}`);
    await expect(nav.locator('[aria-current="page"]')).toHaveText("2");
    await expect(page.locator(CHANNEL_ROWS)).toHaveCount(PAGE);
    await context.close();
  });
}

test("a page that does not exist is the 404 page; ?page=1 is page 1", async ({ request }) => {
  for (const path of [
    "/channels?page=4",
    "/channels?page=0",
    "/channels?page=abc",
    "/movies?page=3",
    "/channels?genre=cooking",
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
  }
  const first = await request.get("/channels?page=1");
  expect(first.status()).toBe(200);
  const html = await first.text();
  expect(html).toMatch(/<link rel="canonical" href="[^"]*\/channels"/);
  const third = await (await request.get("/channels?page=3&language=en")).text();
  expect(third).toMatch(/<link rel="canonical" href="[^"]*\/channels\?page=3&amp;language=en"/);
});
