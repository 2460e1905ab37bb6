// The next step opens at once, and the way back too (issue 22, "less script on the main thread"):
// - before the page's scripts have started (they start after the first paint, and on a slow phone
//   a visitor may tap first), a plan page prerenders the coverage check on intent, and the
//   coverage check prerenders the sign-up (speculation rules, src/shared/speculation-rules.ts);
// - once hydrated the router opens pages itself and the rules are gone.
// A prerendered page's analytics wait until it is shown: src/shared/__tests__/analytics.test.ts.
// The back/forward cache: e2e/bfcache.spec.ts.
import { expect, test, type Page } from "@playwright/test";
import { hydrated, seedIds, withLanguage } from "./helpers";

const ids = seedIds();
const RULES = "#portal-speculation-rules";

/** Whether the current document was prerendered, then shown (activated). */
const wasPrerendered = (page: Page) =>
  page.evaluate(() => {
    const entry = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming & {
      activationStart?: number;
    };
    return (entry?.activationStart ?? 0) > 0;
  });

test.describe("speculation rules", () => {
  for (const lang of ["bm", "en"] as const) {
    test(`a plan page not yet hydrated prerenders the coverage check on intent (${lang})`, async ({
      page,
    }) => {
      // What Chromium does with the rules, from its own DevTools protocol.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Preload.enable");
      const ruleSets: (string | undefined)[] = [];
      const prerenders: { url: string; status: string; reason?: string }[] = [];
      cdp.on("Preload.ruleSetUpdated", (event) => ruleSets.push(event.ruleSet.errorType));
      cdp.on("Preload.prerenderStatusUpdated", (event) =>
        prerenders.push({
          url: event.key.url,
          status: event.status,
          reason: event.prerenderStatus,
        }),
      );
      // The page's scripts never start: the visitor is faster than a slow phone. (Intercepting
      // requests makes Chromium refuse the prerender itself, "PrerenderingDisabledByDevTools":
      // the attempt is what this test can see.)
      await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      await page.goto(withLanguage(`/fibre/${ids.fibreCombo}`, lang));
      await expect(page.locator(RULES)).toHaveCount(1);
      const rules = JSON.parse((await page.locator(RULES).textContent())!) as {
        prerender: { where: { or: { href_matches: { pathname: string } }[] } }[];
      };
      expect(rules.prerender[0]!.where.or.map((rule) => rule.href_matches.pathname)).toEqual([
        "/coverage",
        "/signup",
      ]);
      // Accepted by the page's CSP and by Chromium's parser: one rule set, no error.
      await expect.poll(() => ruleSets).toEqual([undefined]);
      expect(prerenders).toEqual([]);
      const link = page.locator('main a[href*="/coverage?"]').first();
      const href = await link.getAttribute("href");
      // Moderate eagerness: a 200 ms hover starts the prerender of that link, and only that.
      await link.hover();
      await expect
        .poll(() => [...new Set(prerenders.map((attempt) => attempt.url))])
        .toEqual([new URL(href!, page.url()).href]);
    });
  }

  test("a hydrated page has no rules left: the router opens pages itself", async ({ page }) => {
    await page.goto(`/fibre/${ids.fibreCombo}`);
    await hydrated(page);
    await expect(page.locator(RULES)).toHaveCount(0);
    await page.locator('main a[href*="/coverage?"]').first().click();
    await expect(page).toHaveURL(/\/coverage\?/);
    expect(await wasPrerendered(page)).toBe(false);
  });
});
