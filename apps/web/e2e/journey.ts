import { expect, type Page } from "@playwright/test";
import { settled } from "./helpers";

// The sign-up journey's steps as a visitor takes them, shared by the journey specs.

// A 1x1 PNG.
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
export const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

/** A fresh Malaysian mobile number per journey (the services cap OTP sends per phone). */
export function mobile(): string {
  return `012${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
}

/** Opens a journey page with no saved journey, in a language. */
export async function fresh(page: Page, path: string, lang: "bm" | "en" = "en") {
  await page.goto(`${path}${path.includes("?") ? "&" : "?"}language=${lang}`);
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith("portal.lead-flow")) localStorage.removeItem(key);
    }
  });
  await page.reload();
  await settled(page);
}

export const en = {
  postcode: /^Postcode/,
  landed: /^Landed/,
  find: "Find my address",
  check: "Check coverage",
  pick: "Choose your address",
  continue: "Continue: choose your plan",
};
export const bm = {
  postcode: /^Poskod/,
  landed: /^Bertanah/,
  find: "Cari alamat saya",
  check: "Semak liputan",
  pick: "Pilih alamat anda",
  continue: "Teruskan: pilih pelan anda",
};

/** Address search, the picker (first address, or the one the filter leaves) and its coverage. */
export async function address(
  page: Page,
  postcode: string,
  options: { lang?: "bm" | "en"; street?: string; filter?: string } = {},
) {
  const t = options.lang === "bm" ? bm : en;
  await page.getByLabel(t.postcode).fill(postcode);
  await page.getByLabel(t.landed).check();
  if (options.street) await page.locator('input[name="streetName"]').fill(options.street);
  await page.getByRole("button", { name: t.find }).click();
  await expect(page.getByRole("heading", { name: t.pick })).toBeFocused();
  if (options.filter) await page.locator('input[name="addressFilter"]').fill(options.filter);
  await page.locator('input[name="address"]').first().check();
  await page.getByRole("button", { name: t.check }).click();
  await expect(page.getByTestId("coverage-result")).toBeVisible();
}

/** From a covered result to the plan step. */
export async function toPlans(page: Page, lang: "bm" | "en" = "en") {
  await page.getByRole("link", { name: (lang === "bm" ? bm : en).continue }).click();
  await expect(page.getByTestId("step-heading")).toHaveText(
    lang === "bm" ? "Langkah 1 daripada 7: Pelan anda" : "Step 1 of 7: Your plan",
  );
}

/** Picks a plan (recorded and priced by the service) and goes on to the details. */
export async function choosePlan(page: Page, id: string) {
  await page.getByTestId(`plan-${id}`).locator("input").check();
  await expect(page.getByTestId("order-price")).toBeVisible();
  await page.getByTestId("plan-continue").click();
}

/** Details, OTP, consent and one document (the quick path), in English. */
export async function detailsToReview(page: Page, phone = mobile()) {
  await expect(page.getByTestId("step-heading")).toHaveText("Step 2 of 7: Your details");
  await page.getByLabel(/^Full name/).fill("Aminah binti Yusof");
  await page.getByLabel(/^Mobile number/).fill(phone);
  await page.getByLabel(/^Email/).fill("aminah@example.my");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.getByTestId("step-heading")).toHaveText("Step 3 of 7: Verify your mobile");
  await page.getByRole("button", { name: "Send code" }).click();
  await page.getByLabel(/^6-digit code/).fill("123456");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("step-heading")).toHaveText("Step 4 of 7: Consent");
  await page.getByLabel(/^I have read the notice/).check();
  await page.getByRole("button", { name: "Agree and continue" }).click();
  await expect(page.getByTestId("step-heading")).toHaveText("Step 5 of 7: Documents");
  await page.getByLabel(/^Utility bill/).check();
  await page
    .getByTestId("slot-bill")
    .locator('input[type="file"]')
    .setInputFiles({ name: "bill.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(page.getByTestId("slot-bill")).toContainText("Uploaded: bill.pdf");
  await page.getByRole("button", { name: "Continue to the installation slot" }).click();
  const picked = await pickSlot(page);
  await expect(page.getByTestId("step-heading")).toHaveText("Step 7 of 7: Review and submit");
  return picked;
}

/**
 * The installation slot step: the first slot offered (its label, e.g. "Morning, 09:00–13:00",
 * under its day), held for the visitor, then Continue. Answers what the visitor picked.
 */
export async function pickSlot(page: Page, lang: "bm" | "en" = "en") {
  await expect(page.getByTestId("step-heading")).toHaveText(
    lang === "bm" ? "Langkah 6 daripada 7: Slot pemasangan" : "Step 6 of 7: Installation slot",
  );
  const day = page.getByTestId("slot-day").first();
  const date = (await day.locator("legend").textContent())!;
  const option = day.locator('input[name="installationSlot"]').first();
  const window = (await day.locator("label").first().textContent())!;
  // "2026-11-26 morning"
  const [iso, slot] = (await option.getAttribute("value"))!.split(" ") as [string, string];
  // Checked once the services confirm the hold (a controlled radio): click, then wait for it.
  await option.click();
  await expect(option).toBeChecked();
  await expect(page.getByTestId("slot-status")).toContainText(
    lang === "bm" ? "dikhaskan untuk anda sehingga" : "is yours until",
  );
  await page
    .getByRole("button", { name: lang === "bm" ? "Teruskan" : "Continue", exact: true })
    .click();
  return { date, window, iso, slot };
}

/** Accepts the terms and submits; answers the order number on the confirmation. */
export async function submit(page: Page) {
  await page.getByLabel(/^I accept the terms/).check();
  await page.getByRole("button", { name: "Submit my sign-up" }).click();
  await expect(page).toHaveURL(/\/signup\/confirmation/);
  await expect(page.getByRole("heading", { name: "Thank you, your sign-up is in" })).toBeVisible();
  return (await page.getByTestId("lead-reference").textContent())!;
}

export const DEAL_EN = "RM129/month for the first 6 months, then RM169/month";
export const DEAL_BM = "RM129/bulan untuk 6 bulan pertama, kemudian RM169/bulan";
