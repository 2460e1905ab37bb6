import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { artifacts, settled } from "./helpers";
import { address, detailsToReview, fresh, submit, toPlans } from "./journey";

/**
 * Every way into the sign-up sells (issue 20). The entries are read off the site itself, so a new
 * plan, package or bundle is tested as it is added: the year-end campaign's call to action, every
 * fibre plan page, every TV package page, every bundle page, a pack page and a referral link.
 * Each one, in bm and en, on a 375 px phone and a 1280 px desktop, reaches the details step
 * without choosing again, with the price the entry page showed as the order's price; the
 * campaign's goes on to an order number.
 */

type Lang = "bm" | "en";
interface Entry {
  /** The page the visitor starts on. */
  page: string;
  /** What the link preselects: a plan (package, bundle) or a pack; a referral code. */
  plan?: string;
  pack?: string;
  referral?: string;
}

const text = {
  en: {
    details: "Step 2 of 7: Your details",
    choose: "Choose a plan.",
    signUp: /^(Check coverage|Sign up|Get|Subscribe|Check fibre coverage)/,
  },
  bm: {
    details: "Langkah 2 daripada 7: Butiran anda",
    choose: "Pilih satu pelan.",
    signUp: /^(Semak liputan|Daftar|Dapatkan|Langgan|Semak liputan fiber)/,
  },
} as const;

/** The detail pages a listing links to, e.g. every /fibre/<id> of /fibre. */
async function listed(page: Page, listing: string, prefix: string): Promise<string[]> {
  await page.goto(listing);
  const hrefs = await page
    .locator(`main a[href^="${prefix}"]`)
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  return [...new Set(hrefs)].filter((path) => path.split("/").length === 3).sort();
}

/** The entries of the seeded site: discovered once, before the tests that use them are named. */
async function discover(page: Page): Promise<Entry[]> {
  const id = (path: string) => path.split("/").pop()!;
  const fibre = await listed(page, "/fibre", "/fibre/");
  const tv = await listed(page, "/tv", "/tv/");
  const bundles = await listed(page, "/bundles", "/bundles/");
  expect(fibre.length, "fibre plans on /fibre").toBeGreaterThanOrEqual(4);
  expect(tv.length, "TV packages on /tv").toBeGreaterThanOrEqual(3);
  expect(bundles.length, "bundles on /bundles").toBeGreaterThanOrEqual(4);
  return [
    { page: "/campaigns/year-end-fibre-deal", plan: "fibre-500" },
    ...fibre.map((page) => ({ page, plan: id(page) })),
    ...tv.map((page) => ({ page, plan: id(page) })),
    ...bundles.map((page) => ({ page, plan: id(page) })),
    { page: "/packages/sports-pack", pack: "sports-pack" },
    { page: "/referral?code=SURIA8K2Q", referral: "SURIA8K2Q" },
  ];
}

/** The price the entry page shows for what it sells (the first price of its main content). */
async function shownPrice(page: Page, entry: Entry): Promise<string | undefined> {
  if (!entry.plan && !entry.pack) return undefined;
  // A campaign lists its priced offers: the one the call to action is for.
  const scope = entry.page.startsWith("/campaigns/")
    ? page
        .locator("main")
        .locator(`[data-offer="${entry.plan}"], li, article`)
        .filter({
          has: page.locator(`a[href*="${entry.plan}"]`),
        })
    : page.locator("main");
  const price = scope.getByTestId("price").locator(".price").first();
  await expect(price).toBeVisible();
  return (await price.textContent())!.trim();
}

/** From the entry page through its sign-up link, the address at 47301, to the plan step. */
async function enter(page: Page, entry: Entry, lang: Lang): Promise<string | undefined> {
  await fresh(page, entry.page, lang);
  const price = await shownPrice(page, entry);
  const link = page.locator('main a[href*="/coverage?"]').first();
  await expect(link, `${entry.page} links into the sign-up`).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/coverage\?/);
  await settled(page);
  await address(page, "47301", { lang });
  await toPlans(page, lang);
  return price;
}

/** The plan step as the entry left it: what the link chose is chosen and priced. */
async function checkPlanStep(page: Page, entry: Entry, lang: Lang, price: string | undefined) {
  if (entry.plan) {
    await expect(page.getByTestId(`plan-${entry.plan}`).locator("input")).toBeChecked();
    await expect(page.getByTestId("order-price")).toBeVisible();
    await expect(page.locator(".signup-total")).not.toContainText(text[lang].choose);
    // The price the entry page showed is the one the order records.
    if (price) await expect(page.getByTestId("order-price")).toContainText(price);
  }
  if (entry.pack) {
    await expect(page.getByTestId(`addon-${entry.pack}`).locator("input")).toBeChecked();
    // A pack rides on a plan: the visitor picks one (the first time, not again).
    await page.locator('[data-testid^="plan-"] input').first().check();
    await expect(page.getByTestId("order-price")).toBeVisible();
    await expect(page.getByTestId(`addon-${entry.pack}`).locator("input")).toBeChecked();
    if (price) await expect(page.getByTestId(`addon-${entry.pack}`)).toContainText(price);
  }
  if (entry.referral) {
    await expect(page.getByTestId("referral-applied")).toContainText(entry.referral);
    await page.locator('[data-testid^="plan-"] input').first().check();
    await expect(page.getByTestId("order-price")).toBeVisible();
  }
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, "no horizontal scroll").toBeLessThanOrEqual(0);
}

test.describe("every way into the sign-up sells", () => {
  test.setTimeout(600_000);

  for (const lang of ["bm", "en"] as const) {
    for (const width of [375, 1280]) {
      test(`every entry of the site reaches the details step without choosing again (${lang}, ${width} px)`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        const entries = await discover(page);
        for (const entry of entries) {
          await test.step(`${entry.page}`, async () => {
            const price = await enter(page, entry, lang);
            await checkPlanStep(page, entry, lang, price);
            const name = entry.page.replace(/\W+/g, "-").replace(/^-|-$/g, "");
            await page.screenshot({
              path: join(artifacts, `entry-${name}-plan-${lang}-${width}.png`),
              fullPage: true,
            });
            await page.getByTestId("plan-continue").click();
            await expect(page.getByTestId("step-heading")).toHaveText(text[lang].details);
            await expect(page.getByTestId("step-heading")).toBeFocused();
          });
        }
      });
    }
  }

  test("the campaign's call to action goes on to an order number", async ({ page }) => {
    const entry = { page: "/campaigns/year-end-fibre-deal", plan: "fibre-500" };
    const price = await enter(page, entry, "en");
    await checkPlanStep(page, entry, "en", price);
    await page.getByTestId("plan-continue").click();
    await detailsToReview(page);
    await expect(page.getByTestId("order-summary")).toContainText(price!);
    const order = await submit(page);
    expect(order).toMatch(/^SF\d{10}$/);
    // The confirmation keeps the price the campaign promised.
    await expect(page.getByTestId("order-summary")).toContainText(price!);
    await page.screenshot({ path: join(artifacts, "entries-campaign-order-1280.png") });
  });
});
