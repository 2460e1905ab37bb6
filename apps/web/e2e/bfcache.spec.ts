// Pages stay eligible for the back/forward cache (issue 22): away with a document navigation
// (another site would do the same), then back, and the page comes back as it was left, with no
// reason given for not restoring it. Playwright starts Chromium with the cache off; a visitor's
// browser has it on, and so does this file.
import { expect, test } from "@playwright/test";
import { launchOptions } from "./chromium";
import { hydrated, seedIds } from "./helpers";

const ids = seedIds();

test.use({
  launchOptions: { ...launchOptions, ignoreDefaultArgs: ["--disable-back-forward-cache"] },
});

test.describe("back/forward cache", () => {
  const pages = [
    { name: "home", path: "/" },
    { name: "a plan page", path: `/fibre/${ids.fibreCombo}` },
    { name: "a channel page", path: `/channels/${ids.channel}` },
    { name: "the coverage check", path: "/coverage" },
    { name: "the sign-up", path: "/signup?product=fibre" },
  ];
  for (const item of pages) {
    test(`${item.name} comes back from the back/forward cache`, async ({ page }) => {
      await page.goto(item.path);
      await hydrated(page);
      await page.evaluate(() => {
        addEventListener("pageshow", (event) => {
          (window as unknown as { restored?: boolean }).restored = event.persisted;
        });
      });
      await page.goto("/support");
      // A page restored from the cache fires no load event: wait for the commit.
      await page.goBack({ waitUntil: "commit" });
      await expect(page).toHaveURL(new RegExp(`${item.path.replace(/[?]/g, "\\?")}$`));
      const outcome = await page.evaluate(() => {
        const entry = performance.getEntriesByType(
          "navigation",
        )[0] as PerformanceNavigationTiming & {
          notRestoredReasons?: { reasons?: { reason: string }[] } | null;
        };
        return {
          restored: (window as unknown as { restored?: boolean }).restored ?? false,
          reasons: entry?.notRestoredReasons?.reasons?.map((reason) => reason.reason) ?? [],
        };
      });
      expect(outcome).toEqual({ restored: true, reasons: [] });
    });
  }
});
