import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { seriousViolations, settled } from "./helpers";

/**
 * The fibre journey against the real services (mock OTP 123456 outside production): coverage,
 * details with inline and server errors, OTP (wrong, too early, locked), consent in the UI
 * language, uploads (wrong type, over size, progress, failure and retry, remove), package,
 * confirmation, reload and lost-token resumes, and register interest. Every screen is checked
 * with axe-core and captured at 1280 and 375 px in both languages.
 */
const artifacts = join(dirname(fileURLToPath(import.meta.url)), "..", "artifacts");
mkdirSync(artifacts, { recursive: true });

const TOKEN_KEY = "portal.lead-flow.token";
// A 1x1 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

/** A fresh Malaysian mobile number per test (the services allow 5 OTP sends per phone an hour). */
function mobile(): string {
  return `012${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
}

async function switchLanguage(page: Page, lang: "bm" | "en") {
  const button = page.locator(`.pui-lang button[lang="${lang === "bm" ? "ms" : "en"}"]`);
  if ((await button.getAttribute("aria-pressed")) !== "true") await button.click();
  await expect(page.locator("html")).toHaveAttribute("lang", lang === "bm" ? "ms" : "en");
}

/** axe-clean, no horizontal scroll at 375 px, screenshots at 1280 and 375 px in bm and en. */
async function capture(page: Page, name: string) {
  const start = (await page.locator("html").getAttribute("lang")) === "ms" ? "bm" : "en";
  for (const lang of start === "en" ? (["en", "bm"] as const) : (["bm", "en"] as const)) {
    await switchLanguage(page, lang);
    await settled(page);
    expect(await page.title()).toMatch(/\| Suria$/);
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toBeTruthy();
    expect(await seriousViolations(page), `${name} in ${lang}`).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({
      path: join(artifacts, `fibre-${name}-${lang}-1280.png`),
      fullPage: true,
    });
    await page.setViewportSize({ width: 375, height: 812 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, `${name} in ${lang}: no horizontal scroll at 375 px`).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: join(artifacts, `fibre-${name}-${lang}-375.png`),
      fullPage: true,
    });
  }
  await switchLanguage(page, start);
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function fresh(page: Page, path: string) {
  await page.goto(`${path}${path.includes("?") ? "&" : "?"}language=en`);
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith("portal.lead-flow")) localStorage.removeItem(key);
    }
  });
  await page.reload();
  await settled(page);
}

/** Address search and coverage for a covered landed address in 47301; lands on the details step. */
async function reachDetails(page: Page) {
  await fresh(page, "/coverage");
  await page.getByLabel(/^Postcode/).fill("47301");
  await page.getByLabel(/^Landed/).check();
  await page.getByLabel(/^Street name/).fill("SS 7/19");
  await page.getByRole("button", { name: "Find my address" }).click();
  await expect(page.getByRole("heading", { name: "Choose your address" })).toBeVisible();
  await page.locator('input[name="address"]').first().check();
  await page.getByRole("button", { name: "Check coverage" }).click();
  await expect(page.getByTestId("coverage-result")).toContainText("is available");
  await page.getByRole("link", { name: "Continue to sign up" }).click();
  await expect(page.getByTestId("step-heading")).toHaveText("Step 1 of 5: Your details");
}

async function fillDetails(page: Page, phone: string) {
  await page.getByLabel(/^Full name/).fill("Aminah binti Yusof");
  await page.getByLabel(/^Mobile number/).fill(phone);
  await page.getByLabel(/^Alternate number/).fill("");
  await page.getByLabel(/^Email/).fill("aminah@example.my");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.getByTestId("step-heading")).toHaveText("Step 2 of 5: Verify your mobile");
}

test.describe("fibre journey", () => {
  test.setTimeout(240_000);

  test("address to confirmation, with every error path on the way", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await fresh(page, "/coverage");
    await capture(page, "coverage-form");

    // Postcode and residence type are checked before anything is sent.
    await page.getByLabel(/^Postcode/).fill("4730");
    await page.getByRole("button", { name: "Find my address" }).click();
    await expect(page.getByText("A postcode has exactly 5 digits.")).toBeVisible();
    await expect(page.getByText("Choose landed or multi-storey.")).toBeVisible();
    await expect(page.getByLabel(/^Postcode/)).toBeFocused();
    await expect(page.getByLabel(/^Postcode/)).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel(/^Postcode/).fill("47301");
    await page.getByLabel(/^Landed/).check();
    await page.getByLabel(/^Street name/).fill("SS 7/19");
    await page.getByLabel(/^State/).selectOption("selangor");
    await page.getByRole("button", { name: "Find my address" }).click();
    await expect(page.getByRole("heading", { name: "Choose your address" })).toBeFocused();
    await page.getByRole("button", { name: "Check coverage" }).click();
    await expect(page.getByText("Choose an address from the list.")).toBeVisible();
    await page.locator('input[name="address"]').first().check();
    await capture(page, "coverage-picker");
    await page.getByRole("button", { name: "Check coverage" }).click();
    await expect(page.getByTestId("coverage-result")).toContainText(
      "Good news: Suria Fibre is available at your address",
    );
    await expect(page.getByTestId("coverage-result")).toContainText("up to 1000 Mbps");
    await capture(page, "coverage-covered");
    await page.getByRole("link", { name: "Continue to sign up" }).click();

    // Details: inline validation in the visitor's language, then a server refusal on one field.
    await expect(page.getByTestId("step-heading")).toHaveText("Step 1 of 5: Your details");
    await page.getByLabel(/^Email/).fill("aminah@");
    await page.getByLabel(/^Full name/).focus();
    await expect(
      page.getByText("Enter a valid email address, for example name@example.com."),
    ).toBeVisible();
    await switchLanguage(page, "bm");
    await page.getByRole("button", { name: "Simpan dan teruskan" }).click();
    await expect(page.getByLabel(/^Nama penuh/)).toBeFocused();
    await expect(page.getByText("Ruangan ini wajib diisi.").first()).toBeVisible();
    await switchLanguage(page, "en");
    await capture(page, "signup-details-errors");

    const phone = mobile();
    await page.getByLabel(/^Full name/).fill("Aminah binti Yusof");
    await page.getByLabel(/^Mobile number/).fill(phone);
    await page.getByLabel(/^Alternate number/).fill(phone);
    await page.getByLabel(/^Email/).fill("aminah@example.my");
    await page.getByRole("button", { name: "Save and continue" }).click();
    // The services refuse an alternate number equal to the main one (isAlternateNumberInValid).
    await expect(
      page.getByText("We could not accept this alternate number.", { exact: false }),
    ).toBeVisible();
    await expect(page.getByLabel(/^Alternate number/)).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel(/^Alternate number/).fill("");
    await page.getByRole("button", { name: "Save and continue" }).click();

    // OTP: send, a resend that comes too early, a wrong code, a reload, the right code.
    await expect(page.getByTestId("step-heading")).toHaveText("Step 2 of 5: Verify your mobile");
    await capture(page, "signup-otp");
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByTestId("otp-sent")).toBeVisible();
    const input = page.getByLabel(/^6-digit code/);
    await expect(input).toHaveAttribute("autocomplete", "one-time-code");
    await expect(input).toHaveAttribute("inputmode", "numeric");
    await expect(page.getByTestId("otp-countdown")).toHaveText(/new code in [23]:\d\d\./);
    await page.getByRole("button", { name: "Send a new code" }).click();
    await expect(page.getByTestId("otp-send-error")).toContainText("Please wait");
    await input.fill("000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("That code is not right. You have 4 more tries.")).toBeVisible();
    await capture(page, "signup-otp-wrong");

    await page.reload();
    await settled(page);
    await expect(page.getByTestId("step-heading")).toHaveText("Step 2 of 5: Verify your mobile");
    await expect(page.getByTestId("otp-countdown")).toHaveText(/new code in [12]:\d\d\./);
    await page.getByLabel(/^6-digit code/).fill("123456");
    await page.getByRole("button", { name: "Verify" }).click();

    // Consent: the text in the current language, and that language is sent.
    await expect(page.getByTestId("step-heading")).toHaveText("Step 3 of 5: Consent");
    await capture(page, "signup-consent");
    await switchLanguage(page, "bm");
    await expect(page.getByTestId("consent-language")).toHaveText(
      "Persetujuan anda direkodkan dalam Bahasa Melayu.",
    );
    await page.getByRole("button", { name: "Setuju dan teruskan" }).click();
    await expect(page.getByText("Tandakan kotak ini", { exact: false })).toBeVisible();
    await page.getByLabel(/^Saya telah membaca notis ini/).check();
    const consent = page.waitForRequest((r) => r.url().endsWith("/api/v3/consent"));
    await page.getByRole("button", { name: "Setuju dan teruskan" }).click();
    expect((await consent).postDataJSON()).toEqual({ language: "bm" });
    await switchLanguage(page, "en");

    // Documents: wrong type and over-size refused before upload; progress; failure and retry.
    await expect(page.getByTestId("step-heading")).toHaveText("Step 4 of 5: Documents");
    await capture(page, "signup-documents");
    const front = page.getByTestId("slot-front");
    const back = page.getByTestId("slot-back");
    await front.locator('input[type="file"]').setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("not an identity card"),
    });
    await expect(front.getByTestId("upload-error")).toHaveText(
      "Upload a PNG, BMP, JPG, JPEG or PDF file.",
    );
    await front.locator('input[type="file"]').setInputFiles({
      name: "huge.png",
      mimeType: "image/png",
      buffer: Buffer.alloc(5_000_001, 1),
    });
    await expect(front.getByTestId("upload-error")).toHaveText("The file is larger than 5 MB.");
    await capture(page, "signup-documents-errors");

    // Hold the PUT so the progress bar can be seen, then let it through.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/uploads/**", async (route) => {
      if (route.request().method() !== "PUT") return route.continue();
      await held;
      await route.continue();
    });
    await front.locator('input[type="file"]').setInputFiles({
      name: "mykad-front.png",
      mimeType: "image/png",
      buffer: PNG,
    });
    await expect(front.getByTestId("upload-progress")).toBeVisible();
    await expect(front).toContainText("Uploading mykad-front.png");
    release();
    await expect(front).toContainText("Uploaded: mykad-front.png");
    await expect(front.getByRole("img", { name: "Preview of mykad-front.png" })).toBeVisible();
    await page.unroute("**/uploads/**");

    // The first PUT of the back fails; retry succeeds.
    let failOnce = true;
    await page.route("**/uploads/**", async (route) => {
      if (route.request().method() === "PUT" && failOnce) {
        failOnce = false;
        return route.abort("failed");
      }
      return route.continue();
    });
    await back.locator('input[type="file"]').setInputFiles({
      name: "mykad-back.pdf",
      mimeType: "application/pdf",
      buffer: PDF,
    });
    await expect(back.getByRole("alert")).toContainText("mykad-back.pdf could not be uploaded");
    await capture(page, "signup-documents-failed");
    await back.getByRole("button", { name: "Retry upload" }).click();
    await expect(back).toContainText("Uploaded: mykad-back.pdf");
    await page.unroute("**/uploads/**");

    // Remove (document delete), then upload again.
    const deleted = page.waitForRequest(
      (r) => r.method() === "DELETE" && /\/api\/v3\/document\/[^/]+\.pdf$/.test(r.url()),
    );
    await back.getByRole("button", { name: "Remove mykad-back.pdf" }).click();
    await deleted;
    await expect(back.locator('input[type="file"]')).toBeAttached();
    // This time by drag and drop onto the drop zone.
    const dataTransfer = await page.evaluateHandle((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], "mykad-back.pdf", { type: "application/pdf" }));
      return transfer;
    }, PDF.toString("latin1"));
    await back.locator(".fibre-drop").dispatchEvent("dragover", { dataTransfer });
    await back.locator(".fibre-drop").dispatchEvent("drop", { dataTransfer });
    await expect(back).toContainText("Uploaded: mykad-back.pdf");
    await capture(page, "signup-documents-done");
    await page.getByRole("button", { name: "Continue to packages" }).click();

    // Package, terms, submit (order update, then purchase); a reload stays at this step.
    await expect(page.getByTestId("step-heading")).toHaveText("Step 5 of 5: Package");
    await page.reload();
    await settled(page);
    await expect(page.getByTestId("step-heading")).toHaveText("Step 5 of 5: Package");
    await page.getByRole("button", { name: "Submit my sign-up" }).click();
    await expect(page.getByText("Choose a package.")).toBeVisible();
    await page.locator(".fibre-package input").first().check();
    await capture(page, "signup-package");
    await page.getByRole("button", { name: "Submit my sign-up" }).click();
    await expect(page.getByText("Accept the terms and conditions to submit.")).toBeVisible();
    await page.getByLabel(/^I accept the terms/).check();
    await page.getByRole("button", { name: "Submit my sign-up" }).click();

    await expect(page).toHaveURL(/\/signup\/confirmation/);
    await expect(page.getByTestId("lead-reference")).toHaveText(/^SF\d{10}$/);
    const reference = await page.getByTestId("lead-reference").textContent();
    await capture(page, "confirmation");
    await page.reload();
    await settled(page);
    await expect(page.getByTestId("lead-reference")).toHaveText(reference!);
  });

  test("a wrong code five times locks the code", async ({ page }) => {
    await reachDetails(page);
    await fillDetails(page, mobile());
    await page.getByRole("button", { name: "Send code" }).click();
    const input = page.getByLabel(/^6-digit code/);
    for (let i = 4; i >= 1; i--) {
      await input.fill("111111");
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(
        page.getByText(`You have ${i} more ${i === 1 ? "try" : "tries"}.`, { exact: false }),
      ).toBeVisible();
    }
    await input.fill("111111");
    await page.getByRole("button", { name: "Verify" }).click();
    const locked = page.getByText(
      "This code is locked after too many wrong tries. Ask for a new code.",
    );
    await expect(locked).toBeVisible();
    // Even the right code is refused now: the service answers 410 otp.locked.
    const refused = page.waitForResponse((r) => r.url().includes("/verify-otp"));
    await input.fill("123456");
    await page.getByRole("button", { name: "Verify" }).click();
    expect((await refused).status()).toBe(410);
    await expect(locked).toBeVisible();
    await capture(page, "signup-otp-locked");
  });

  test("an expired code says so, not that it is locked", async ({ page }) => {
    await reachDetails(page);
    await fillDetails(page, mobile());
    await page.getByRole("button", { name: "Send code" }).click();
    // The 10 minutes are the service's clock: its answer for a code past them.
    await page.route("**/verify-otp", (route) =>
      route.fulfill({
        status: 410,
        contentType: "application/json",
        json: {
          statusCode: 410,
          error: "Gone",
          message: "The code has expired",
          code: "otp.expired",
        },
      }),
    );
    await page.getByLabel(/^6-digit code/).fill("123456");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(
      page.getByText("This code has expired: a code lasts 10 minutes. Ask for a new code."),
    ).toBeVisible();
    await expect(page.getByText("This code is locked", { exact: false })).toHaveCount(0);
  });

  test("a reload resumes at the saved step; a lost token offers a fresh start", async ({
    page,
  }) => {
    await reachDetails(page);
    await page.reload();
    await settled(page);
    await expect(page.getByTestId("step-heading")).toHaveText("Step 1 of 5: Your details");

    await page.evaluate((key) => localStorage.removeItem(key), TOKEN_KEY);
    await page.reload();
    await settled(page);
    await expect(page.getByTestId("session-ended")).toHaveText("Your sign-up session has ended");
    await capture(page, "signup-session-ended");
    await page.getByRole("button", { name: "Start again" }).click();
    await expect(page).toHaveURL(/\/coverage/);
    await expect(page.getByLabel(/^Postcode/)).toHaveValue("");

    // Opening the sign-up without a journey points to the coverage check.
    await fresh(page, "/signup");
    await expect(page.getByTestId("not-started")).toBeVisible();
    await capture(page, "signup-not-started");
  });

  test("a lead update refused for coverage shows the coverage message", async ({ page }) => {
    await reachDetails(page);
    // The real service judges the address: swap in one it does not cover (45000, no fibre).
    await page.route("**/update-sbb-lead", async (route) => {
      const body = route.request().postDataJSON() as Record<string, unknown>;
      await route.continue({
        postData: JSON.stringify({ ...body, address: { addressId: "SGR-45000-000001" } }),
      });
    });
    await page.getByLabel(/^Full name/).fill("Aminah binti Yusof");
    await page.getByLabel(/^Mobile number/).fill(mobile());
    await page.getByLabel(/^Email/).fill("aminah@example.my");
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect(page.getByTestId("not-in-coverage")).toContainText(
      "Suria Fibre is no longer available at this address.",
    );
    await expect(page.getByTestId("step-heading")).toHaveText("Step 1 of 5: Your details");
    await capture(page, "signup-not-in-coverage");
  });

  test("a failed address search says so and can be tried again", async ({ page }) => {
    await fresh(page, "/coverage");
    await page.route("**/greenfield-search", (route) => route.abort("failed"));
    await page.getByLabel(/^Postcode/).fill("47301");
    await page.getByLabel(/^Multi-storey/).check();
    await page.getByRole("button", { name: "Find my address" }).click();
    await expect(page.getByRole("alert")).toContainText("Something went wrong on our side.");
    await capture(page, "coverage-error");
    await page.unroute("**/greenfield-search");
    await page.getByRole("button", { name: "Find my address" }).click();
    await expect(page.getByRole("heading", { name: "Choose your address" })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
  });

  test("the coverage check works with the keyboard alone, with a visible focus", async ({
    page,
  }) => {
    // Arriving from a combo page: the lead is created with that package.
    await fresh(page, "/coverage?package=fibre-300");
    const lead = page.waitForRequest((r) => r.url().endsWith("/generate-sbb-lead"));
    const focusOutline = () =>
      page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    await page.getByLabel(/^Postcode/).focus();
    await page.keyboard.type("47301");
    await page.keyboard.press("Tab");
    await expect(page.getByLabel(/^Landed/)).toBeFocused();
    expect(await focusOutline()).not.toBe("none");
    await page.keyboard.press("Space");
    await expect(page.getByLabel(/^Landed/)).toBeChecked();
    await page.getByLabel(/^Street name/).focus();
    await page.keyboard.type("SS 7/19");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Choose your address" })).toBeFocused();
    expect((await lead).postDataJSON()).toMatchObject({ product: "fibre", packageId: "fibre-300" });
    await page.keyboard.press("Tab");
    await expect(page.locator('input[name="address"]').first()).toBeFocused();
    await page.keyboard.press("Space");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Check coverage" })).toBeFocused();
    expect(await focusOutline()).not.toBe("none");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: /is available at your address/ })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Continue to sign up" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("step-heading")).toHaveText("Step 1 of 5: Your details");
  });

  test("not covered leads to register interest, which is validated and sent", async ({ page }) => {
    await fresh(page, "/coverage");
    await page.getByLabel(/^Postcode/).fill("45000");
    await page.getByLabel(/^Landed/).check();
    await page.getByRole("button", { name: "Find my address" }).click();
    await page.locator('input[name="address"]').first().check();
    await page.getByRole("button", { name: "Check coverage" }).click();
    await expect(page.getByTestId("coverage-result")).toContainText(
      "Suria Fibre is not available at your address yet",
    );
    await capture(page, "coverage-not-covered");
    await page
      .getByTestId("coverage-result")
      .getByRole("link", { name: "Register interest" })
      .click();

    await expect(page).toHaveURL(/\/register-interest\?/);
    await expect(page.getByLabel(/^Postcode/)).toHaveValue("45000");
    await expect(page.getByLabel("Landed", { exact: true })).toBeChecked();
    await capture(page, "register-interest");
    await page.getByRole("button", { name: "Register interest" }).click();
    await expect(page.getByLabel(/^Full name/)).toBeFocused();
    await page.getByLabel(/^Full name/).fill("Lim Wei Ming");
    await page.getByLabel(/^Mobile number/).fill("12345");
    await page.getByLabel(/^Postcode/).focus();
    await expect(
      page.getByText("Enter a Malaysian mobile number, for example 012-3456789."),
    ).toBeVisible();
    await capture(page, "register-interest-errors");
    await page.getByLabel(/^Mobile number/).fill(mobile());
    await page.getByLabel(/^Email/).fill("wei.ming@example.my");
    const sent = page.waitForRequest((r) => r.url().endsWith("/api/v3/register-interest"));
    await page.getByRole("button", { name: "Register interest" }).click();
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      product: "fibre",
      postalCode: "45000",
      residenceType: 1,
      language: "en",
    });
    expect((await sent).headers().authorization).toBeUndefined();
    await expect(page.getByTestId("interest-done")).toContainText("Thank you, you are on the list");
    await capture(page, "register-interest-done");
  });
});
