import { expect, test } from "@playwright/test";
import { checkScreen, linkIn, settled } from "./helpers";

// Fit for a phone (issue 15): banners take at most a fifth of the first screen and hand the
// focus on when closed, the home page shows its hero above the fold, the channel line-up stays
// within three screens per 20 channels. Measured on a 375 x 812 phone.

const PHONE = { width: 375, height: 812 };

for (const lang of ["bm", "en"] as const) {
  test.describe(`on a phone (${lang})`, () => {
    test.use({ viewport: PHONE });

    test("the two banners take at most a fifth of the first screen; the hero is above the fold", async ({
      page,
    }) => {
      await page.goto(`/?language=${lang}`);
      await settled(page);
      const announcement = page.locator("section.pui-banner--announcement");
      const promotion = page.locator("section.pui-banner--promotion");
      await expect(announcement).toBeVisible();
      await expect(promotion).toBeVisible();
      const heights = await Promise.all(
        [announcement, promotion].map(async (b) => (await b.boundingBox())!.height),
      );
      expect(heights[0]! + heights[1]!).toBeLessThanOrEqual(PHONE.height / 5);
      // The hero's title and its button are on the first screen.
      const title = await page.locator("#hero-title").boundingBox();
      const cta = await page.locator(".hero a").first().boundingBox();
      expect(title!.y + title!.height).toBeLessThanOrEqual(PHONE.height);
      expect(cta!.y + cta!.height).toBeLessThanOrEqual(PHONE.height);
      await checkScreen(page, `home-phone-${lang}`);
    });

    test("closing a banner with the keyboard keeps the focus on the next control", async ({
      page,
    }) => {
      await page.goto(`/?language=${lang}`);
      await settled(page);
      const announcement = page.locator("section.pui-banner--announcement");
      const promotionLink = page.locator("section.pui-banner--promotion a").first();
      await announcement.getByRole("button").focus();
      await page.keyboard.press("Enter");
      await expect(announcement).toHaveCount(0);
      // The next control after the closed banner: the promotion's link.
      await expect(promotionLink).toBeFocused();
      const promotionClose = page.locator("section.pui-banner--promotion").getByRole("button");
      await promotionClose.focus();
      await page.keyboard.press("Enter");
      await expect(page.locator("section.pui-banner")).toHaveCount(0);
      // Then the header's first control, never the page's body.
      const focused = await page.evaluate(() => document.activeElement?.closest("header") !== null);
      expect(focused).toBe(true);
      expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
    });

    test("the channel line-up is at most three screens per 20 channels", async ({ page }) => {
      await page.goto(`/channels?language=${lang}`);
      await settled(page);
      const list = page.getByTestId("channel-list");
      await expect(list).toBeVisible();
      // One page of the listing (24 channels; the rest on ?page=2 and 3).
      const count = await list.locator("li").count();
      expect(count).toBe(24);
      const height = (await list.boundingBox())!.height;
      expect(height / count).toBeLessThanOrEqual((3 * PHONE.height) / 20);
      // Every row names its channel and links to it.
      const first = list.locator("li").first();
      await expect(first.getByRole("link")).toHaveAttribute(
        "href",
        linkIn("/channels/[a-z0-9-]+", lang),
      );
      await checkScreen(page, `channels-phone-${lang}`);
    });
  });
}
