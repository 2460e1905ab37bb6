/**
 * Issue 20: the price a visitor compares is the price they pay. On the services' day of the suite
 * (CLOCK_START, 21 November 2026 in Malaysia) the year-end deal prices Suria Fibre 500Mbps at
 * RM129/month for 6 months, as its banner promises, and the football season the Sports Pack at
 * RM20/month for 3 months: home, /fibre, the plan's page and the pack's page show those net
 * prices with their periods, and their JSON-LD Offer carries them. Campaigns not yet started are
 * listed apart and say when they start; a campaign's call to action opens what it says. A second
 * services instance whose clock is on 1 February 2027 (the deals over) shows the regular prices
 * and answers 410 for an ended campaign.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { checkScreen, servicesEnv, servicesUrl, settled, withLanguage } from "./helpers";

const here = dirname(fileURLToPath(import.meta.url));

const text = {
  bm: {
    fibre500: "RM129/bulan untuk 6 bulan pertama, kemudian RM169/bulan",
    fibre500After: "RM169/bulan",
    until500: "Harga tawaran untuk langganan sehingga 31 Januari 2027",
    sports: "RM20/bulan untuk 3 bulan pertama, kemudian RM40/bulan",
    home300: "RM159/bulan",
    freeInstallation: "Pemasangan percuma",
    startsCard: "Bermula 15 Jan 2027",
    startsPage: "Promosi ini bermula pada 15 Januari 2027.",
    ended: "Promosi ini tamat pada 31 Disember 2026.",
    seePackages: "Lihat pakej",
  },
  en: {
    fibre500: "RM129/month for the first 6 months, then RM169/month",
    fibre500After: "RM169/month",
    until500: "Offer price for sign-ups until 31 January 2027",
    sports: "RM20/month for the first 3 months, then RM40/month",
    home300: "RM159/month",
    freeInstallation: "Free installation",
    startsCard: "Starts 15 Jan 2027",
    startsPage: "This promotion starts on 15 January 2027.",
    ended: "This promotion ended on 31 December 2026.",
    seePackages: "See packages",
  },
} as const;

/** The schema.org Product of a page, from its head. */
async function productOffer(page: Page) {
  const items = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (json) => JSON.parse(json) as Record<string, unknown>,
  );
  const product = items.find((item) => item["@type"] === "Product");
  expect(product, "a Product in the page's JSON-LD").toBeTruthy();
  return product!.offers as Record<string, unknown>;
}

for (const lang of ["bm", "en"] as const) {
  const t = text[lang];
  test.describe(`prices in ${lang}`, () => {
    test("home, /fibre and the plan's page show the year-end deal's net price, as the banner promises", async ({
      page,
    }) => {
      await page.goto(withLanguage("/", lang));
      await settled(page);
      // The banner promises RM129 a month for Suria Fibre 500Mbps...
      const banner = page.getByTestId("banner-promotion");
      await expect(banner).toContainText("RM129");
      // ...and the plan's card on the home page says RM129 for 6 months, then RM169.
      const homeCard = page
        .getByTestId("home-combos-fibre")
        .locator(".pui-card", { has: page.locator('a[href*="/fibre/fibre-500"]') });
      await expect(homeCard.getByTestId("price").locator(".price")).toHaveText(t.fibre500);
      await checkScreen(page, `prices-home-${lang}`);

      await page.goto(withLanguage("/fibre", lang));
      await settled(page);
      const card = page.locator(".pui-card", { has: page.locator('a[href*="/fibre/fibre-500"]') });
      await expect(card.getByTestId("price").locator(".price")).toHaveText(t.fibre500);

      await page.goto(withLanguage("/fibre/fibre-500", lang));
      await settled(page);
      const price = page.locator("main").getByTestId("price");
      await expect(price.locator(".price")).toHaveText(t.fibre500);
      await expect(price).toContainText(t.until500);
      await checkScreen(page, `prices-fibre-500-${lang}`);
      expect(await productOffer(page)).toMatchObject({
        "@type": "Offer",
        price: "129.00",
        priceCurrency: "MYR",
        priceValidUntil: "2027-01-31",
      });
    });

    test("the Sports Pack's page shows RM20 for 3 months, and its Offer carries it", async ({
      page,
    }) => {
      await page.goto(withLanguage("/packages/sports-pack", lang));
      await settled(page);
      await expect(page.locator("main").getByTestId("price").locator(".price")).toHaveText(
        t.sports,
      );
      expect(await productOffer(page)).toMatchObject({
        price: "20.00",
        priceCurrency: "MYR",
        priceValidUntil: "2027-05-31",
      });
      await checkScreen(page, `prices-sports-pack-${lang}`);
      await page.goto(withLanguage("/packages", lang));
      await settled(page);
      const card = page.locator(".pui-card", {
        has: page.locator('a[href*="/packages/sports-pack"]'),
      });
      await expect(card.getByTestId("price").locator(".price")).toHaveText(t.sports);
    });

    test("a bundle and a TV plan show their price of the day", async ({ page }) => {
      await page.goto(withLanguage("/bundles/bundle-home-300", lang));
      await settled(page);
      await expect(page.locator("main").getByTestId("price").locator(".price")).toHaveText(
        t.home300,
      );
      expect(await productOffer(page)).toMatchObject({ price: "159.00", priceCurrency: "MYR" });
      expect((await productOffer(page)).priceValidUntil).toBeUndefined();
      await checkScreen(page, `prices-bundle-${lang}`);
      // Free installation runs until 31 December 2026.
      await page.goto(withLanguage("/tv/tv-asas", lang));
      await settled(page);
      await expect(page.locator("main").getByTestId("price")).toContainText(t.freeInstallation);
    });

    test("campaigns: running and coming soon apart, an upcoming one says when it starts", async ({
      page,
    }) => {
      await page.goto(withLanguage("/campaigns", lang));
      await settled(page);
      const current = page.getByTestId("campaigns-current");
      const upcoming = page.getByTestId("campaigns-upcoming");
      await expect(current.locator('a[href*="/campaigns/year-end-fibre-deal"]')).toHaveCount(1);
      await expect(current.locator('a[href*="/campaigns/lunar-new-year"]')).toHaveCount(0);
      const lunar = upcoming.locator(".pui-card", {
        has: page.locator('a[href*="/campaigns/lunar-new-year"]'),
      });
      await expect(lunar).toContainText(t.startsCard);
      await checkScreen(page, `prices-campaigns-${lang}`);

      await page.goto(withLanguage("/campaigns/lunar-new-year", lang));
      await settled(page);
      await expect(page.getByTestId("campaign-status")).toHaveText(t.startsPage);
      await checkScreen(page, `prices-campaign-upcoming-${lang}`);

      // A running campaign lists its plans with their price.
      await page.goto(withLanguage("/campaigns/year-end-fibre-deal", lang));
      await settled(page);
      await expect(
        page.getByTestId("offer-fibre-500").getByTestId("price").locator(".price"),
      ).toHaveText(t.fibre500);
    });

    test("free installation's call to action opens the TV packages", async ({ page }) => {
      await page.goto(withLanguage("/campaigns/free-installation", lang));
      await settled(page);
      const cta = page.getByRole("link", { name: t.seePackages, exact: true });
      // The content's link; the router keeps the language when it navigates.
      await expect(cta).toHaveAttribute("href", "/tv");
      await cta.click();
      await expect(page).toHaveURL(new RegExp(`/tv${lang === "en" ? "\\?language=en" : ""}$`));
      await settled(page);
      await expect(page.locator('.pui-card a[href*="/tv/tv-asas"]')).toHaveCount(1);
    });
  });
}

test.describe("after the deals (services on 1 February 2027)", () => {
  const base = new URL(process.env.E2E_BASE_URL ?? "http://localhost:3000");
  const webPort = Number(base.port) + 3;
  const servicesPort = Number(new URL(servicesUrl).port) + 3;
  const webUrl = `http://localhost:${webPort}`;
  let services: ChildProcess;
  let web: ChildProcess;
  let dataDir: string;

  const waitFor = async (url: string, what: string) => {
    for (let i = 0; i < 240; i++) {
      const up = await fetch(url).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`${what} did not start`);
  };

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dataDir = mkdtempSync(join(tmpdir(), "portal-e2e-prices-"));
    services = spawn(process.execPath, ["dist/server.js"], {
      cwd: join(here, "..", "..", "services"),
      stdio: "ignore",
      env: servicesEnv(servicesPort, dataDir, webUrl, { CLOCK_START: "2027-02-01T10:00:00+08:00" }),
    });
    await waitFor(`http://127.0.0.1:${servicesPort}/config/`, "the services of 1 February");
    web = spawn(process.execPath, ["dist/server/main.js"], {
      cwd: join(here, ".."),
      stdio: "ignore",
      env: {
        ...process.env,
        WEB_PORT: String(webPort),
        API_BASE_URL: `http://127.0.0.1:${servicesPort}`,
        LOG_LEVEL: "error",
      },
    });
    await waitFor(`${webUrl}/healthz`, "the portal of 1 February");
  });

  test.afterAll(async () => {
    web?.kill("SIGTERM");
    services?.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  for (const lang of ["bm", "en"] as const) {
    const t = text[lang];
    test(`the regular price, no banner, and 410 for an ended campaign (${lang})`, async ({
      page,
      request,
    }) => {
      await page.goto(`${webUrl}${withLanguage("/fibre/fibre-500", lang)}`);
      await settled(page);
      await expect(page.getByTestId("banner-promotion")).toHaveCount(0);
      const price = page.locator("main").getByTestId("price");
      await expect(price.locator(".price")).toHaveText(t.fibre500After);
      await expect(price).not.toContainText(t.until500);
      const offer = await productOffer(page);
      expect(offer).toMatchObject({ price: "169.00", priceCurrency: "MYR" });
      expect(offer.priceValidUntil).toBeUndefined();

      const ended = await request.get(
        `${webUrl}${withLanguage("/campaigns/free-installation", lang)}`,
      );
      expect(ended.status()).toBe(410);
      await page.goto(`${webUrl}${withLanguage("/campaigns/free-installation", lang)}`);
      await settled(page);
      await expect(page.getByTestId("campaign-status")).toHaveText(t.ended);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      await expect(page.getByRole("link", { name: t.seePackages, exact: true })).toHaveCount(0);

      await page.goto(`${webUrl}${withLanguage("/campaigns", lang)}`);
      await settled(page);
      await expect(page.locator('a[href*="/campaigns/free-installation"]')).toHaveCount(0);
      await expect(page.locator('a[href*="/campaigns/year-end-fibre-deal"]')).toHaveCount(0);
    });
  }
});
