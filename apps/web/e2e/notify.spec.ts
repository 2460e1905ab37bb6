import { createHmac } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { artifacts, seriousViolations, servicesUrl, settled } from "./helpers";
import { mobile } from "./journey";

/**
 * Issue 24, "Notify me when it arrives", in Chromium on a phone, bm and en: the link of a
 * "coverage has arrived" SMS opens the sign-up at the registered address with the plan wanted
 * chosen, and Continue goes on to the details; a tampered link says it no longer works.
 *
 * The registration is made through the real API with its address and plan. The link's token is
 * signed here as the services sign it (TokenService.signCompact with the development
 * TOKEN_SECRET the E2E services run with): the coverage import that sends the SMS is an operator
 * command, which cannot open the PGlite folder the running services hold, so the registration is
 * at an address that is covered already. The import and the SMS job are the services' tests
 * (src/routes/interests.test.ts), which also check this very token form.
 */
test.use({ viewport: { width: 375, height: 812 } });

const SHOTS = process.env.NOTIFY_SHOTS_DIR ?? join(artifacts, "notify");
const TOKEN_SECRET = process.env.TOKEN_SECRET ?? "dev-only-token-secret-change-me-0123456789";
const ADDRESS_ID = "SGR-47301-000001";
const FORMATTED = "2, Jalan SS 7/26, Kelana Jaya, 47301 Petaling Jaya, Selangor";

/** The services' compact token of `kind` for `sub`, expiring 30 days from now. */
function coverageToken(sub: string): string {
  const exp = (Math.floor(Date.now() / 1000) + 30 * 86_400).toString(36);
  const mac = createHmac("sha256", TOKEN_SECRET)
    .update(`suria-portal-services.coverage.${sub}.${exp}`)
    .digest()
    .subarray(0, 16)
    .toString("base64url");
  return `${sub}.${exp}.${mac}`;
}

/** A registration with the address, the plan and the consent; answers its id. */
async function registerInterest(language: "bm" | "en"): Promise<string> {
  const res = await fetch(`${servicesUrl}/shop/api/v3/register-interest`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      name: "Nur Aisyah",
      phoneNumber: mobile(),
      product: "fibre",
      postalCode: "47301",
      addressId: ADDRESS_ID,
      packageId: "fibre-300",
      contactConsent: true,
      language,
    }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { response: { interestId: string } }).response.interestId;
}

/** axe-clean, no sideways scroll, screenshots at 375 and 1280 px (then back to 375). */
async function shoot(page: Page, name: string) {
  await settled(page);
  expect(await seriousViolations(page), name).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `${name}: no horizontal scroll at 375 px`).toBeLessThanOrEqual(0);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
}

const TEXT = {
  en: {
    plan: "Step 1 of 7: Your plan",
    details: "Step 2 of 7: Your details",
    address: `For ${FORMATTED}`,
    gone: "This link no longer works",
  },
  bm: {
    plan: "Langkah 1 daripada 7: Pelan anda",
    details: "Langkah 2 daripada 7: Butiran anda",
    address: `Untuk ${FORMATTED}`,
    gone: "Pautan ini tidak lagi berfungsi",
  },
} as const;

test.describe("the coverage SMS's link", () => {
  test.setTimeout(120_000);

  for (const lang of ["en", "bm"] as const) {
    test(`opens the sign-up at the address with the plan chosen (${lang})`, async ({ page }) => {
      const t = TEXT[lang];
      const token = coverageToken(await registerInterest(lang));
      await page.goto(`/signup/notify/${token}?language=${lang}`);
      // Malay is the default language: no parameter.
      const search = lang === "en" ? "\\?language=en" : "";
      await expect(page).toHaveURL(new RegExp(`/signup${search}$`));
      await expect(page.getByTestId("step-heading")).toHaveText(t.plan);
      await expect(page.getByText(t.address)).toBeVisible();
      await expect(page.getByTestId("plan-fibre-300").locator("input")).toBeChecked();
      await expect(page.getByTestId("order-price")).toBeVisible();
      await shoot(page, `plan-${lang}`);
      await page.getByTestId("plan-continue").click();
      await expect(page.getByTestId("step-heading")).toHaveText(t.details);
    });

    test(`a tampered link no longer works (${lang})`, async ({ page }) => {
      const token = coverageToken(await registerInterest(lang));
      const tampered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
      await page.goto(`/signup/notify/${tampered}?language=${lang}`);
      await expect(page.getByTestId("notice-gone")).toHaveText(TEXT[lang].gone);
      await shoot(page, `gone-${lang}`);
    });
  }
});
