import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { seedIds, seriousViolations, settled, withLanguage } from "./helpers";

const artifacts = join(dirname(fileURLToPath(import.meta.url)), "..", "artifacts");
mkdirSync(artifacts, { recursive: true });
const ids = seedIds();

/** Every route of the portal, with a locator that proves its main content came from the services. */
const routes: Array<{ name: string; path: string; main: string }> = [
  { name: "home", path: "/", main: '[data-testid="info-box"]' },
  { name: "product-fibre", path: "/fibre", main: ".pui-grid .pui-card" },
  { name: "combo-fibre", path: `/fibre/${ids.fibreCombo}`, main: ".price" },
  { name: "combo-tv", path: `/tv/${ids.tvCombo}`, main: ".price" },
  { name: "channels", path: "/channels", main: '[data-testid="channel-list"] li' },
  { name: "channel", path: `/channels/${ids.channel}`, main: ".facts" },
  { name: "movies", path: "/movies", main: ".pui-grid .pui-card" },
  { name: "movie", path: `/movies/${ids.movie}`, main: ".facts" },
  { name: "packages", path: "/packages", main: ".pui-grid .pui-card" },
  { name: "package", path: `/packages/${ids.pack}`, main: ".price" },
  { name: "bundles", path: "/bundles", main: ".pui-grid .pui-card" },
  { name: "bundle", path: `/bundles/${ids.bundle}`, main: ".facts" },
  { name: "campaigns", path: "/campaigns", main: ".pui-grid .pui-card" },
  { name: "campaign", path: `/campaigns/${ids.campaign}`, main: ".pui-rich-text" },
  { name: "store", path: "/store", main: ".pui-grid .pui-card" },
  { name: "article", path: `/store/${ids.article}`, main: ".pui-rich-text" },
  { name: "distributors", path: "/distributors?state=selangor", main: ".dealer" },
  { name: "search", path: "/search?keyword=pelangi", main: '[data-testid="search-count"]' },
  { name: "privacy-notice", path: "/legal/privacy-notice", main: ".pui-rich-text" },
  { name: "privacy-policy", path: "/legal/privacy-policy", main: ".pui-rich-text" },
  { name: "terms-of-use", path: "/legal/terms-of-use", main: ".pui-rich-text" },
  { name: "terms-and-conditions", path: "/legal/terms-and-conditions", main: ".pui-rich-text" },
  { name: "not-found", path: "/this/does/not-exist", main: '[data-testid="not-found"]' },
];

for (const lang of ["bm", "en"] as const) {
  test.describe(`routes in ${lang}`, () => {
    for (const route of routes) {
      test(`${route.name} renders, is accessible and is captured`, async ({ page }) => {
        const separator = route.path.includes("?") ? "&" : "?";
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.goto(`${route.path}${separator}language=${lang}`);
        await settled(page);
        await expect(page.locator(route.main).first()).toBeVisible();
        await expect(page.locator("html")).toHaveAttribute("lang", lang === "bm" ? "ms" : "en");
        expect(await page.title()).toMatch(/Suria/);
        expect(await page.locator('meta[name="description"]').getAttribute("content")).toBeTruthy();
        expect(await seriousViolations(page)).toEqual([]);
        // Every text is translated: no raw message id (e.g. "fibre.nav.coverage") in the page.
        const texts = await page
          .locator("header a, footer a, nav a, h1, h2, button, label")
          .allInnerTexts();
        expect(texts.filter((text) => /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(text.trim()))).toEqual([]);
        await page.screenshot({
          path: join(artifacts, `${route.name}-${lang}-1280.png`),
          fullPage: true,
        });
        await page.setViewportSize({ width: 375, height: 812 });
        await expect(page.locator(route.main).first()).toBeVisible();
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, "no horizontal scroll at 375 px").toBeLessThanOrEqual(0);
        await page.screenshot({
          path: join(artifacts, `${route.name}-${lang}-375.png`),
          fullPage: true,
        });
      });
    }
  });
}

for (const lang of ["bm", "en"] as const) {
  test(`header: the support link fits at 1280 px and is in the menu at 375 px (${lang})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/?language=${lang}`);
    await settled(page);
    const nav = page.locator(".pui-header__nav");
    // Internal links keep the page's language (none for Malay, the default).
    const support = nav.locator(`a[href="${withLanguage("/support", lang)}"]`);
    await expect(support).toHaveText(lang === "bm" ? "Bantuan" : "Support");
    // Desktop: no scroller and every link entirely inside the window (nothing cut off).
    expect(await nav.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    for (const box of await nav
      .locator("a")
      .evaluateAll((links) =>
        links.map((link) => link.getBoundingClientRect().toJSON() as DOMRect),
      )) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(1280);
    }
    await page.locator("header").screenshot({ path: join(artifacts, `header-${lang}-1280.png`) });
    // Mobile: the nav opens from the Menu button, and every link is there in full (no scroller).
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(support).toBeHidden();
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(support).toBeInViewport({ ratio: 1 });
    expect(await nav.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await page.locator("header").screenshot({ path: join(artifacts, `header-${lang}-375.png`) });
    await support.click();
    await expect(page).toHaveURL(/\/support/);
  });

  test(`fibre pages link to the coverage check with the package (${lang})`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/fibre?language=${lang}`);
    await settled(page);
    const ctas = page.getByTestId("coverage-cta");
    await expect(ctas.first()).toHaveAttribute("href", withLanguage("/coverage", lang));
    await expect(ctas.nth(1)).toHaveAttribute(
      "href",
      new RegExp(`^/coverage\\?package=[\\w-]+${lang === "en" ? "&language=en" : ""}$`),
    );
    await page.screenshot({ path: join(artifacts, `product-fibre-cta-${lang}-1280.png`) });
    await page.goto(`/fibre/${ids.fibreCombo}?language=${lang}`);
    await settled(page);
    const cta = page.getByTestId("coverage-cta");
    await expect(cta).toHaveText(lang === "bm" ? "Semak liputan" : "Check coverage");
    await expect(cta).toHaveAttribute(
      "href",
      withLanguage(`/coverage?package=${ids.fibreCombo}`, lang),
    );
    await page.screenshot({ path: join(artifacts, `combo-fibre-cta-${lang}-1280.png`) });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: join(artifacts, `combo-fibre-cta-${lang}-375.png`) });
    await cta.click();
    await expect(page).toHaveURL(new RegExp(`/coverage\\?package=${ids.fibreCombo}`));
  });
}
