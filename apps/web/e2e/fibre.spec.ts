import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { artifacts, seedIds, seriousViolations, settled } from "./helpers";
import {
  address,
  bm,
  choosePlan,
  DEAL_BM,
  DEAL_EN,
  detailsToReview,
  pickSlot,
  en,
  fresh,
  mobile,
  PDF,
  PNG,
  submit,
  toPlans,
} from "./journey";

/**
 * The sign-up journey (@portal/lead-flow) against the real services (mock OTP 123456 outside
 * production): the address with a filter-as-you-type picker, plans matched to the address with
 * the campaign's price, a referral code from a link, details, OTP (one countdown, the resend
 * disabled), consent, uploads (refusals, progress, failure, a file whose bytes lie), the review
 * and the confirmation; a plan lost to an address change; the TV journey from a pack page; the
 * confirmation with no order; register interest. Every screen is checked with axe-core and
 * captured at 1280 and 375 px in both languages.
 */
const TOKEN_KEY = "portal.lead-flow.fibre.token";
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
      path: join(artifacts, `journey-${name}-${lang}-1280.png`),
      fullPage: true,
    });
    await page.setViewportSize({ width: 375, height: 812 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, `${name} in ${lang}: no horizontal scroll at 375 px`).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: join(artifacts, `journey-${name}-${lang}-375.png`),
      fullPage: true,
    });
  }
  await switchLanguage(page, start);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe("sign-up journey", () => {
  test.setTimeout(240_000);

  test("47301 with the year-end deal: address to confirmation, with every error path on the way", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await fresh(page, "/coverage");
    await capture(page, "coverage-form");

    // Postcode and residence type are checked before anything is sent.
    await page.getByLabel(/^Postcode/).fill("4730");
    await page.getByRole("button", { name: "Find my address" }).click();
    // The error summary takes focus and links each field.
    const summary = page.getByTestId("error-summary");
    await expect(summary).toBeFocused();
    await expect(summary.getByRole("link")).toHaveText([
      "Postcode: A postcode has exactly 5 digits.",
      "Type of home: Choose landed or multi-storey.",
    ]);
    await expect(page.getByText("Choose landed or multi-storey.")).toHaveCount(2);
    await summary.getByRole("link", { name: "Postcode: A postcode has exactly 5 digits." }).click();
    await expect(page.getByLabel(/^Postcode/)).toBeFocused();

    await page.getByLabel(/^Postcode/).fill("47301");
    await page.getByLabel(/^Landed/).check();
    await page.getByLabel(/^State/).selectOption("selangor");
    await page.getByRole("button", { name: "Find my address" }).click();
    await expect(page.getByRole("heading", { name: "Choose your address" })).toBeFocused();
    // The filter narrows the 24 addresses as the visitor types.
    await expect(page.locator('input[name="address"]')).toHaveCount(20);
    await expect(page.getByTestId("address-matches")).toHaveText(
      "Showing 20 of 24 addresses. Type more in the filter to narrow the list.",
    );
    await page.getByRole("button", { name: "Check coverage" }).click();
    await expect(page.getByTestId("error-summary")).toBeFocused();
    await expect(page.getByText("Choose an address from the list.")).toHaveCount(2);
    await page.locator('input[name="addressFilter"]').fill("12 7/19");
    await expect(page.locator('input[name="address"]')).toHaveCount(1);
    await expect(page.getByTestId("address-matches")).toHaveText("1 address matches.");
    await page.locator('input[name="address"]').check();
    await capture(page, "coverage-picker");
    await page.getByRole("button", { name: "Check coverage" }).click();
    await expect(page.getByTestId("coverage-result")).toContainText(
      "Good news: Suria Fibre is available at your address",
    );
    await expect(page.getByTestId("coverage-result")).toContainText("up to 1000 Mbps");
    await capture(page, "coverage-covered");
    await toPlans(page);

    // Every plan reaches 47301; the year-end deal prices 500 Mbps from the campaign's rule.
    await expect(page.locator(".signup-package")).toHaveCount(8);
    await expect(page.getByTestId("faster-plans")).toHaveCount(0);
    await expect(page.getByTestId("plan-fibre-500")).toContainText(DEAL_EN);
    await expect(page.getByTestId("plan-fibre-300")).toContainText("RM129/month");
    await page.getByTestId("plan-continue").click();
    await expect(page.getByText("Choose a plan.").first()).toBeVisible();
    await page.getByTestId("plan-fibre-500").locator("input").check();
    await expect(page.getByTestId("order-price")).toContainText(DEAL_EN);
    await expect(page.getByTestId("order-price")).toContainText("Free installation");
    await switchLanguage(page, "bm");
    await expect(page.getByTestId("order-price")).toContainText(DEAL_BM);
    await expect(page.getByTestId("plan-fibre-500")).toContainText(DEAL_BM);
    await switchLanguage(page, "en");
    await capture(page, "signup-package");
    await page.getByRole("button", { name: "Continue", exact: true }).click();

    // Details: inline validation in the visitor's language, then a server refusal on one field.
    await expect(page.getByTestId("step-heading")).toHaveText("Step 2 of 7: Your details");
    await page.getByLabel(/^Email/).fill("aminah@");
    await page.getByLabel(/^Full name/).focus();
    await expect(
      page.getByText("Enter a valid email address, for example name@example.com."),
    ).toBeVisible();
    await switchLanguage(page, "bm");
    await page.getByRole("button", { name: "Simpan dan teruskan" }).click();
    await expect(page.getByTestId("error-summary")).toBeFocused();
    await page.getByTestId("error-summary").getByRole("link").first().click();
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
    await expect(
      page.getByText("We could not accept this alternate number.", { exact: false }).first(),
    ).toBeVisible();
    await expect(page.getByTestId("error-summary")).toBeFocused();
    await page.getByLabel(/^Alternate number/).fill("");
    await page.getByRole("button", { name: "Save and continue" }).click();

    // OTP: one countdown, the resend button disabled while it runs; a wrong code; a reload.
    await expect(page.getByTestId("step-heading")).toHaveText("Step 3 of 7: Verify your mobile");
    await capture(page, "signup-otp");
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByTestId("otp-sent")).toBeVisible();
    const input = page.getByLabel(/^6-digit code/);
    await expect(input).toHaveAttribute("autocomplete", "one-time-code");
    await expect(page.getByTestId("otp-countdown")).toHaveText(
      /^You can ask for a new code in [23]:\d\d\.$/,
    );
    await expect(page.getByTestId("otp-send")).toBeDisabled();
    await switchLanguage(page, "bm");
    await expect(page.getByRole("button", { name: "Hantar kod baharu" })).toBeDisabled();
    await expect(page.getByTestId("otp-countdown")).toHaveText(
      /^Anda boleh meminta kod baharu dalam [23]:\d\d\.$/,
    );
    // One figure on the whole step: no "178 saat" beside "2:56".
    await expect(page.locator(".signup-step")).not.toContainText("saat");
    await switchLanguage(page, "en");
    await input.fill("000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(
      page.getByText("That code is not right. You have 4 more tries.").first(),
    ).toBeVisible();
    await capture(page, "signup-otp-wrong");
    await page.reload();
    await settled(page);
    await expect(page.getByTestId("step-heading")).toHaveText("Step 3 of 7: Verify your mobile");
    await expect(page.getByTestId("otp-countdown")).toHaveText(/new code in [12]:\d\d\./);
    await expect(page.getByTestId("otp-send")).toBeDisabled();
    await page.getByLabel(/^6-digit code/).fill("123456");
    await page.getByRole("button", { name: "Verify" }).click();

    // Consent: the text in the current language, and that language is sent.
    await expect(page.getByTestId("step-heading")).toHaveText("Step 4 of 7: Consent");
    await capture(page, "signup-consent");
    await switchLanguage(page, "bm");
    await page.getByLabel(/^Saya telah membaca notis ini/).check();
    const consent = page.waitForRequest((r) => r.url().endsWith("/api/v3/consent"));
    await page.getByRole("button", { name: "Setuju dan teruskan" }).click();
    // With the SHA-256 of the Malay consent text shown (CONSENT_TEXT_HASHES of @portal/validation).
    expect((await consent).postDataJSON()).toEqual({
      language: "bm",
      consentTextHash: "a6bf6ebc2b3f20e58bdb6373714a38be00535088d08a50a443b27fd5c7bac17d",
    });
    await switchLanguage(page, "en");

    // Documents: refused before upload; a file whose bytes lie refused by the service (415);
    // progress; a failed PUT and its retry; remove; drag and drop.
    await expect(page.getByTestId("step-heading")).toHaveText("Step 5 of 7: Documents");
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
      name: "mykad-front.png",
      mimeType: "image/png",
      buffer: Buffer.from("GIF89a: these bytes are no PNG"),
    });
    await expect(front.getByTestId("upload-failure")).toHaveText(
      "mykad-front.png was refused: its content is not a PNG, BMP, JPG or PDF file, whatever its name says. Choose the original photo or scan.",
    );
    await expect(front.getByRole("button", { name: "Retry upload" })).toHaveCount(0);
    await switchLanguage(page, "bm");
    await expect(front.getByTestId("upload-failure")).toContainText(
      "mykad-front.png ditolak: kandungannya bukan fail PNG, BMP, JPG atau PDF",
    );
    await switchLanguage(page, "en");
    await capture(page, "signup-documents-mismatch");
    await front.getByRole("button", { name: "Choose another file" }).click();

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
    release();
    await expect(front).toContainText("Uploaded: mykad-front.png");
    await page.unroute("**/uploads/**");

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
    await back.getByRole("button", { name: "Retry upload" }).click();
    await expect(back).toContainText("Uploaded: mykad-back.pdf");
    await page.unroute("**/uploads/**");
    const deleted = page.waitForRequest(
      (r) => r.method() === "DELETE" && /\/api\/v3\/document\/[^/]+\.pdf$/.test(r.url()),
    );
    await back.getByRole("button", { name: "Remove mykad-back.pdf" }).click();
    await deleted;
    const dataTransfer = await page.evaluateHandle((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], "mykad-back.pdf", { type: "application/pdf" }));
      return transfer;
    }, PDF.toString("latin1"));
    await back.locator(".signup-drop").dispatchEvent("dragover", { dataTransfer });
    await back.locator(".signup-drop").dispatchEvent("drop", { dataTransfer });
    await expect(back).toContainText("Uploaded: mykad-back.pdf");
    await capture(page, "signup-documents-done");
    await page.getByRole("button", { name: "Continue to the installation slot" }).click();
    await pickSlot(page);

    // Review: the order as the service priced it, the terms, the purchase.
    await expect(page.getByTestId("step-heading")).toHaveText("Step 7 of 7: Review and submit");
    await expect(page.getByTestId("summary-plan")).toHaveText("Suria Fibre 500Mbps · 500 Mbps");
    await expect(page.getByTestId("summary-price")).toContainText(DEAL_EN);
    await page.reload();
    await settled(page);
    await expect(page.getByTestId("step-heading")).toHaveText("Step 7 of 7: Review and submit");
    await page.getByRole("button", { name: "Submit my sign-up" }).click();
    await expect(
      page.getByText("Accept the terms and conditions to submit.").first(),
    ).toBeVisible();
    await expect(page.getByTestId("error-summary")).toBeFocused();
    await capture(page, "signup-review");
    const reference = await submit(page);
    expect(reference).toMatch(/^SF\d{10}$/);
    await expect(page.getByTestId("summary-price")).toContainText(DEAL_EN);
    await switchLanguage(page, "bm");
    await expect(page.getByTestId("summary-price")).toContainText(DEAL_BM);
    await expect(
      page.getByRole("heading", { name: "Terima kasih, pendaftaran anda telah diterima" }),
    ).toBeVisible();
    await switchLanguage(page, "en");
    await capture(page, "confirmation");
    await page.reload();
    await settled(page);
    await expect(page.getByTestId("lead-reference")).toHaveText(reference);
  });

  test("34000 (100 Mbps only) from a referral link: plans up to 100 Mbps, the code in the order (bm)", async ({
    page,
  }) => {
    await fresh(page, "/referral?code=SURIA8K2Q", "bm");
    await expect(page.getByTestId("referral-info")).toContainText("SURIA8K2Q");
    await page.getByTestId("referral-sign-up").click();
    await expect(page).toHaveURL(/\/coverage\?.*referral=SURIA8K2Q/);
    await settled(page);
    await address(page, "34000", { lang: "bm" });
    await expect(page.getByTestId("coverage-result")).toContainText(
      "TeraLink: VDSL, sehingga 100 Mbps",
    );
    await toPlans(page, "bm");
    // Only the 100 Mbps plan; the faster ones are named with the reason.
    await expect(page.locator(".signup-package")).toHaveCount(1);
    await expect(page.getByTestId("plan-fibre-100")).toContainText("RM89/bulan");
    await expect(page.getByTestId("top-speed")).toHaveText(
      "Alamat anda dilayani oleh TeraLink (VDSL): jangkakan kelajuan sehingga 100 Mbps, jadi kami menawarkan pelan sehingga 100 Mbps.",
    );
    await expect(page.getByTestId("faster-plans")).toContainText("Suria Fibre 1Gbps");
    await expect(page.getByTestId("referral-applied")).toContainText("SURIA8K2Q");
    await switchLanguage(page, "en");
    await expect(page.locator(".signup-package")).toHaveCount(1);
    await expect(page.getByTestId("faster-plans")).toHaveText(
      "Not available at this address: Suria Fibre 300Mbps, Suria Fibre 500Mbps, Suria Fibre 1Gbps, Home Bundle 300, Cinema Bundle 500, Sports Bundle 500, Ultimate Bundle 1Gbps. They need a network faster than 100 Mbps.",
    );
    await expect(page.getByTestId("referral-applied")).toHaveText(
      "Code SURIA8K2Q from Aminah Y. applied: RM50 rebate",
    );
    await capture(page, "signup-package-100mbps");
    const order = page.waitForRequest((r) => r.url().endsWith("/update-sbb-order"));
    await choosePlan(page, "fibre-100");
    expect((await order).postDataJSON()).toEqual({
      packageId: "fibre-100",
      referralCode: "SURIA8K2Q",
    });
    await detailsToReview(page);
    await expect(page.getByTestId("summary-referral")).toHaveText("SURIA8K2Q (RM50 rebate)");
    await submit(page);
    await expect(page.getByTestId("summary-referral")).toHaveText("SURIA8K2Q (RM50 rebate)");
    await expect(page.getByTestId("summary-price")).toContainText("RM89/month");
    await switchLanguage(page, "bm");
    await expect(page.getByTestId("summary-referral")).toHaveText("SURIA8K2Q (Rebat RM50)");
  });

  test("a campaign's plan the new address cannot get: the plan step says so and why", async ({
    page,
  }) => {
    // The year-end deal's link preselects 500 Mbps.
    await fresh(page, "/campaigns/year-end-fibre-deal");
    await page.locator(".detail").getByRole("link", { name: "Check coverage" }).click();
    await expect(page).toHaveURL(/\/coverage\?.*package=fibre-500/);
    await settled(page);
    await address(page, "47301");
    await toPlans(page);
    await expect(page.getByTestId("plan-fibre-500").locator("input")).toBeChecked();
    await page.getByTestId("plan-fibre-300").locator("input").check();
    await page.getByTestId("plan-fibre-500").locator("input").check();
    await expect(page.getByTestId("order-price")).toContainText(DEAL_EN);
    // A referral code too short is refused before any request.
    let referralCalls = 0;
    page.on("request", (r) => {
      if (r.url().includes("/referral/")) referralCalls += 1;
    });
    await page.getByLabel(/^Referral code/).fill("AB");
    await page.getByRole("button", { name: "Apply code" }).click();
    await expect(
      page
        .getByText("A referral code has 6 to 12 letters or digits, for example SURIA8K2Q.")
        .first(),
    ).toBeVisible();
    expect(referralCalls).toBe(0);

    // The visitor moves: 34000 cannot get 500 Mbps, so the order goes and the plan step says why.
    await page.getByRole("link", { name: "Change address" }).click();
    await settled(page);
    await address(page, "34000");
    await toPlans(page);
    await expect(page.getByTestId("address-changed")).toBeVisible();
    await expect(page.getByTestId("origin-unavailable")).toHaveText(
      "Suria Fibre 500Mbps is not available at this address: it needs 500 Mbps and the address gets up to 100 Mbps. Choose one of the plans below.",
    );
    await expect(page.locator(".signup-package")).toHaveCount(1);
    await capture(page, "signup-package-address-changed");
  });

  test("a TV pack page leads to a TV sign-up with the pack, to its order number", async ({
    page,
  }) => {
    await fresh(page, "/packages/sports-pack");
    const next = page.getByTestId("next-step");
    await expect(next).toContainText("New to Suria TV? Sign up with Sports Pack added");
    await expect(next.getByRole("link", { name: "Chat with us on WhatsApp" })).toHaveAttribute(
      "href",
      /^https:\/\/wa\.me\/\d+$/,
    );
    // Internal links keep the page's language.
    await expect(next.getByRole("link", { name: "Find a Suria dealer near you" })).toHaveAttribute(
      "href",
      "/distributors?language=en",
    );
    await switchLanguage(page, "bm");
    await expect(next.getByTestId("next-step-sign-up")).toHaveText("Daftar Pek Sukan");
    await expect(next).toContainText("Baharu dengan Suria TV? Daftar dengan Pek Sukan ditambah");
    await switchLanguage(page, "en");
    await page.getByTestId("next-step-sign-up").click();
    await expect(page).toHaveURL(/\/coverage\?.*product=tv.*addOn=sports-pack/);
    await settled(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Where should we install Suria TV?",
    );
    await address(page, "34000");
    await expect(page.getByTestId("coverage-result")).toContainText(
      "Good news: Suria TV is available at your address",
    );
    await page.getByRole("link", { name: "Continue: choose your plan" }).click();
    await expect(page.getByTestId("step-heading")).toHaveText("Step 1 of 7: Your plan");
    await expect(page.locator(".signup-package")).toHaveCount(3);
    await expect(page.getByTestId("addon-sports-pack").locator("input")).toBeChecked();
    await expect(page.getByTestId("addon-sports-pack")).toContainText(
      "RM20/month for the first 3 months, then RM40/month",
    );
    await choosePlan(page, "tv-keluarga");
    await detailsToReview(page);
    await expect(page.getByTestId("summary-plan")).toHaveText("Suria TV Family");
    await expect(page.getByTestId("summary-price")).toContainText(
      "RM99.95/month for the first 3 months, then RM119.95/month",
    );
    await expect(page.getByTestId("summary-price")).toContainText("Free installation");
    const reference = await submit(page);
    expect(reference).toMatch(/^ST\d{10}$/);
    await capture(page, "tv-confirmation");
  });

  test("every TV combo, pack, bundle, channel and movie page offers a next step that works", async ({
    page,
  }) => {
    const ids = seedIds();
    const pages = [
      { path: `/tv/${ids.tvCombo}`, search: { product: "tv", package: ids.tvCombo } },
      { path: `/packages/${ids.pack}`, search: { product: "tv", addOn: ids.pack } },
      { path: `/bundles/${ids.bundle}`, search: { package: ids.bundle } },
      { path: `/channels/${ids.channel}`, search: { product: "tv" } },
      { path: `/movies/${ids.movie}`, search: { product: "tv" } },
    ];
    for (const { path, search } of pages) {
      await page.goto(`${path}?language=en`);
      await settled(page);
      const next = page.getByTestId("next-step");
      await expect(next, path).toBeVisible();
      const href = await next.getByTestId("next-step-sign-up").getAttribute("href");
      const url = new URL(href ?? "", "http://portal");
      expect(url.pathname, path).toBe("/coverage");
      for (const [key, value] of Object.entries(search)) {
        expect(url.searchParams.get(key), `${path} ${key}`).toBe(value);
      }
      if (!("product" in search)) expect(url.searchParams.get("product"), path).toBeNull();
      await expect(next.getByRole("link", { name: /^Rather talk to us\?/ })).toHaveAttribute(
        "href",
        "product" in search
          ? "/register-interest?product=tv&language=en"
          : "/register-interest?language=en",
      );
      await expect(next.getByRole("link", { name: /^Chat with us on WhatsApp/ })).toHaveAttribute(
        "href",
        /^https:\/\/wa\.me\/\d+$/,
      );
      await expect(
        next.getByRole("link", { name: "Find a Suria dealer near you" }),
      ).toHaveAttribute("href", "/distributors?language=en");
    }
    // The movie page's next step leads to a TV journey that starts at the address.
    await page.getByTestId("next-step-sign-up").click();
    await settled(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Where should we install Suria TV?",
    );
  });

  test("hundreds of addresses stay usable: the picker lists 20 and the filter finds one", async ({
    page,
  }) => {
    await fresh(page, "/coverage", "bm");
    const many = Array.from({ length: 300 }, (_, i) => ({
      addressId: `SGR-47301-${String(i + 1).padStart(6, "0")}`,
      residenceType: 1,
      houseNumber: String(i + 1),
      streetType: "Jalan",
      streetName: i < 150 ? "SS 7/26" : "SS 7/19",
      postalCode: "47301",
      city: "Petaling Jaya",
      state: "Selangor",
      formatted: `${i + 1}, Jalan ${i < 150 ? "SS 7/26" : "SS 7/19"}, 47301 Petaling Jaya, Selangor`,
    }));
    await page.route("**/greenfield-search", (route) =>
      route.fulfill({ json: { response: many.slice(0, 50).concat(many.slice(50)) } }),
    );
    await page.getByLabel(bm.postcode).fill("47301");
    await page.getByLabel(bm.landed).check();
    await page.getByRole("button", { name: bm.find }).click();
    await expect(page.locator('input[name="address"]')).toHaveCount(20);
    await expect(page.getByTestId("address-matches")).toHaveText(
      "Memaparkan 20 daripada 300 alamat. Taip lagi dalam penapis untuk mengecilkan senarai.",
    );
    await page.locator('input[name="addressFilter"]').fill("140 7/19");
    await expect(page.locator('input[name="address"]')).toHaveCount(0);
    await expect(page.getByTestId("address-matches")).toContainText("Tiada alamat");
    await page.locator('input[name="addressFilter"]').fill("160 7/19");
    await expect(page.locator('input[name="address"]')).toHaveCount(1);
    await expect(page.locator("label", { hasText: "160, Jalan SS 7/19" })).toBeVisible();
    await switchLanguage(page, "en");
    await expect(page.getByTestId("address-matches")).toHaveText("1 address matches.");
    await capture(page, "coverage-picker-filtered");
  });

  test("a wrong code five times locks the code", async ({ page }) => {
    await fresh(page, "/coverage");
    await address(page, "47301");
    await toPlans(page);
    await choosePlan(page, "fibre-100");
    await expect(page.getByTestId("step-heading")).toHaveText("Step 2 of 7: Your details");
    await page.getByLabel(/^Full name/).fill("Aminah binti Yusof");
    await page.getByLabel(/^Mobile number/).fill(mobile());
    await page.getByLabel(/^Email/).fill("aminah@example.my");
    await page.getByRole("button", { name: "Save and continue" }).click();
    await page.getByRole("button", { name: "Send code" }).click();
    const input = page.getByLabel(/^6-digit code/);
    for (let i = 4; i >= 1; i--) {
      await input.fill("111111");
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(
        page
          .getByText(`You have ${i} more ${i === 1 ? "try" : "tries"}.`, { exact: false })
          .first(),
      ).toBeVisible();
    }
    await input.fill("111111");
    await page.getByRole("button", { name: "Verify" }).click();
    const locked = page
      .getByText("This code is locked after too many wrong tries. Ask for a new code.")
      .first();
    await expect(locked).toBeVisible();
    const refused = page.waitForResponse((r) => r.url().includes("/verify-otp"));
    await input.fill("123456");
    await page.getByRole("button", { name: "Verify" }).click();
    expect((await refused).status()).toBe(410);
    await expect(locked).toBeVisible();
    // An expired code says so, not that it is locked (the service's 410 otp.expired).
    await page.route("**/verify-otp", (route) =>
      route.fulfill({
        status: 410,
        contentType: "application/json",
        json: { statusCode: 410, error: "Gone", message: "expired", code: "otp.expired" },
      }),
    );
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(
      page.getByText("This code has expired: a code lasts 10 minutes. Ask for a new code.").first(),
    ).toBeVisible();
    await expect(page.getByText("This code is locked", { exact: false })).toHaveCount(0);
  });

  test("a reload resumes; a lost token offers a fresh start keeping the search", async ({
    page,
  }) => {
    await fresh(page, "/coverage");
    await address(page, "47301", { street: "SS 7/19" });
    await toPlans(page);
    await page.reload();
    await settled(page);
    await expect(page.getByTestId("step-heading")).toHaveText("Step 1 of 7: Your plan");

    await page.evaluate((key) => localStorage.removeItem(key), TOKEN_KEY);
    await page.reload();
    await settled(page);
    await expect(page.getByTestId("session-ended")).toHaveText("Your sign-up session has ended");
    await capture(page, "signup-session-ended");
    await page.getByRole("button", { name: "Start again" }).click();
    await expect(page).toHaveURL(/\/coverage/);
    // What the visitor typed is still there; the next search creates a new lead.
    await expect(page.getByLabel(/^Postcode/)).toHaveValue("47301");
    await expect(page.locator('input[name="streetName"]')).toHaveValue("SS 7/19");
    const lead = page.waitForRequest((r) => r.url().endsWith("/generate-sbb-lead"));
    await page.getByRole("button", { name: "Find my address" }).click();
    await lead;
    await expect(page.getByRole("heading", { name: "Choose your address" })).toBeFocused();

    // Opening the sign-up without a journey points to the coverage check.
    await fresh(page, "/signup");
    await expect(page.getByTestId("not-started")).toBeVisible();
    await capture(page, "signup-not-started");
  });

  test("the confirmation with no order on this device does not say thank you", async ({ page }) => {
    await fresh(page, "/signup/confirmation");
    await expect(page.getByTestId("confirmation-missing")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "No submitted sign-up on this device",
    );
    await expect(page.getByText("Thank you", { exact: false })).toHaveCount(0);
    await switchLanguage(page, "bm");
    await expect(page.getByText("Terima kasih", { exact: false })).toHaveCount(0);
    await switchLanguage(page, "en");
    await capture(page, "confirmation-missing");
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

  test("the coverage check loads its journey code at the first interaction, or when left alone", async ({
    page,
  }) => {
    // The journey's code (@portal/lead-flow, its validation, the sign-up components) is not in
    // the first paint: the server's form waits for it, and it comes at the first touch.
    const journeyCode: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/(coverage-journey|lead-journey)-[^/]+\.js$/.test(request.url())) {
        journeyCode.push(new URL(request.url()).pathname);
      }
    });
    const pageViews = () =>
      page.evaluate(
        () => (window.dataLayer ?? []).filter((event) => event.event === "page_view").length,
      );
    await page.goto("/coverage?language=en");
    // Hydrated: the page view is pushed by an effect.
    await expect.poll(pageViews).toBe(1);
    expect(journeyCode).toEqual([]);
    await page.getByLabel(en.postcode).focus();
    await expect.poll(() => journeyCode.length).toBe(2);

    // Untouched, the page loads it by itself 2 s after hydration.
    journeyCode.length = 0;
    await page.reload();
    await expect.poll(pageViews).toBe(1);
    await expect.poll(() => journeyCode.length, { timeout: 20_000 }).toBe(2);
  });

  test("a search typed and sent before the journey code arrived is held, then sent once", async ({
    page,
  }) => {
    // The journey's code is held back until the test lets it through.
    let onHeld: (release: () => void) => void = () => {};
    await page.route(/\/assets\/coverage-journey-[^/]+\.js$/, async (route) => {
      await new Promise<void>((resolve) => onHeld(resolve));
      await route.continue();
    });
    const searches: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/greenfield-search")) searches.push(request.postData() ?? "");
    });
    // Malay first: a visitor who chose English is sent to the English page from then on.
    for (const lang of ["bm", "en"] as const) {
      const t = lang === "bm" ? bm : en;
      searches.length = 0;
      const held = new Promise<() => void>((resolve) => (onHeld = resolve));
      await page.goto(`/coverage?language=${lang}`);
      await settled(page);
      const url = page.url();
      await page.getByLabel(t.postcode).fill("47301");
      await page.getByLabel(t.landed).check();
      await page.getByTestId("address-search").getByRole("button", { name: t.find }).click();
      // Not sent by the browser (no GET with the fields in the URL), not lost.
      await page.waitForTimeout(300);
      expect(page.url()).toBe(url);
      expect(searches).toEqual([]);
      (await held)();
      await expect(page.getByRole("heading", { name: t.pick })).toBeFocused();
      expect(searches.map((body) => JSON.parse(body))).toEqual([
        { postalCode: "47301", residenceType: 1 },
      ]);
      await expect(page.getByLabel(t.postcode)).toHaveValue("47301");
      await expect(page.getByLabel(t.landed)).toBeChecked();
    }
  });

  test("the coverage check works with the keyboard alone, with a visible focus", async ({
    page,
  }) => {
    // Arriving from a combo page: the lead is created with that package as a hint.
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
    await page.locator('input[name="streetName"]').focus();
    await page.keyboard.type("SS 7/19");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Choose your address" })).toBeFocused();
    expect((await lead).postDataJSON()).toMatchObject({ product: "fibre", packageId: "fibre-300" });
    await page.keyboard.press("Tab");
    await expect(page.locator('input[name="addressFilter"]')).toBeFocused();
    await page.keyboard.type("4 7/19");
    await page.keyboard.press("Tab");
    await expect(page.locator('input[name="address"]').first()).toBeFocused();
    await page.keyboard.press("Space");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Check coverage" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: /is available at your address/ })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Continue: choose your plan" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("step-heading")).toHaveText("Step 1 of 7: Your plan");
    await expect(page.getByTestId("plan-fibre-300").locator("input")).toBeChecked();
  });

  test("not covered leads to register interest, which is validated and sent through the flow", async ({
    page,
  }) => {
    await fresh(page, "/coverage");
    await address(page, "45000");
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
    await page.getByRole("button", { name: "Register interest" }).click();
    await expect(page.getByTestId("error-summary")).toBeFocused();
    await page.getByLabel(/^Full name/).fill("Lim Wei Ming");
    await page.getByLabel(/^Mobile number/).fill("12345");
    await page.getByLabel(/^Postcode/).focus();
    await expect(
      page.getByText("Enter a Malaysian mobile number, for example 012-3456789.").first(),
    ).toBeVisible();
    await capture(page, "register-interest-errors");
    await page.getByLabel(/^Mobile number/).fill(mobile());
    await page.getByLabel(/^Email/).fill("wei.ming@example.my");
    // Issue 24: one SMS when fibre arrives, only when ticked (never ticked in advance).
    const consent = page.getByLabel(/^Send me one SMS when Suria Fibre reaches my address/);
    await expect(consent).not.toBeChecked();
    await consent.check();
    const sent = page.waitForRequest((r) => r.url().endsWith("/api/v3/register-interest"));
    await page.getByRole("button", { name: "Register interest" }).click();
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      product: "fibre",
      postalCode: "45000",
      residenceType: 1,
      language: "en",
      // The register address the coverage check did not cover goes with it.
      addressId: "SGR-45000-000001",
      contactConsent: true,
    });
    expect((await sent).headers().authorization).toBeUndefined();
    await expect(page.getByTestId("interest-done")).toContainText("Thank you, you are on the list");
    await expect(page.getByTestId("interest-done")).toContainText(
      "We will contact you when Suria Fibre reaches postcode 45000.",
    );
    await capture(page, "register-interest-done");
  });

  test("not covered also offers Suria TV, whose satellite reaches every home", async ({ page }) => {
    await fresh(page, "/coverage", "bm");
    await address(page, "45000", { lang: "bm" });
    const offer = page.getByTestId("tv-offer");
    await expect(offer).toContainText("Suria TV sampai ke setiap rumah");
    await offer.getByRole("link", { name: "Daftar Suria TV" }).click();
    await expect(page).toHaveURL(/\/coverage\?product=tv/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Di manakah kami patut memasang Suria TV?",
    );
  });

  test("the sign-up of Suria TV with nothing in progress talks about Suria TV", async ({
    page,
  }) => {
    await fresh(page, "/signup?product=tv");
    await expect(page.getByTestId("not-started")).toBeVisible();
    const main = page.locator("main#main");
    await expect(main).toContainText("Suria TV comes by satellite, so it reaches every home");
    await expect(main).not.toContainText("Fibre");
    await expect(main.getByRole("link", { name: "Find your address" })).toHaveAttribute(
      "href",
      "/coverage?product=tv&language=en",
    );
  });
});

test.describe("every way into the sign-up sells (issue 20)", () => {
  test.setTimeout(120_000);
  const text = {
    en: { details: "Step 2 of 7: Your details", choose: "Choose a plan.", deal: DEAL_EN },
    bm: {
      details: "Langkah 2 daripada 7: Butiran anda",
      choose: "Pilih satu pelan.",
      deal: DEAL_BM,
    },
  };

  for (const [lang, width, from] of [
    ["en", 1280, "/fibre/fibre-500"],
    ["bm", 375, "/fibre/fibre-500"],
    ["bm", 1280, "/coverage?package=fibre-500"],
    ["en", 375, "/coverage?package=fibre-500"],
  ] as const) {
    test(`from ${from}, ${lang} at ${width} px: fibre-500 checked with its price, Continue goes on`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await fresh(page, from, lang);
      if (from.startsWith("/fibre/")) {
        // The plan page's "Check coverage" link.
        await page
          .locator(".detail")
          .getByRole("link", { name: lang === "en" ? /^Check coverage/ : /^Semak liputan/ })
          .first()
          .click();
        await expect(page).toHaveURL(/\/coverage\?.*package=fibre-500/);
        await settled(page);
      }
      await address(page, "47301", { lang });
      await toPlans(page, lang);
      await expect(page.getByTestId("plan-fibre-500").locator("input")).toBeChecked();
      await expect(page.getByTestId("order-price")).toContainText(text[lang].deal);
      await expect(page.locator(".signup-total")).not.toContainText(text[lang].choose);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, "no horizontal scroll").toBeLessThanOrEqual(0);
      await page.getByTestId("plan-continue").click();
      await expect(page.getByTestId("step-heading")).toHaveText(text[lang].details);
      await expect(page.getByTestId("step-heading")).toBeFocused();
    });
  }

  test("a returning visitor typing 47301 over the saved 45000 keeps it and finds 47301", async ({
    page,
  }) => {
    await fresh(page, "/coverage");
    await page.getByLabel(en.postcode).fill("45000");
    await page.getByLabel(en.landed).check();
    await page.getByRole("button", { name: en.find }).click();
    await expect(page.getByRole("heading", { name: en.pick })).toBeFocused();

    // Back later, after the page has everything: the saved search shows, the visitor types over it.
    await page.goto("/coverage?language=en");
    await settled(page);
    await page.getByLabel(en.postcode).focus();
    await expect(page.getByLabel(en.postcode)).toHaveValue("45000");
    await page.getByLabel(en.postcode).fill("47301");
    await page.getByRole("button", { name: en.find }).click();
    await expect(page.getByRole("heading", { name: en.pick })).toBeFocused();
    await expect(page.getByLabel(en.postcode)).toHaveValue("47301");
    await expect(page.locator("label", { hasText: "47301" }).first()).toBeVisible();
    await expect(page.locator("label", { hasText: "45000" })).toHaveCount(0);

    // Back again, typing before the journey's code (and the saved search) arrived.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/coverage-journey-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/coverage?language=en");
    await settled(page);
    await page.getByLabel(en.postcode).fill("47301");
    const arrived = page.waitForResponse((r) => /coverage-journey-[^/]+\.js$/.test(r.url()));
    release();
    await arrived;
    // Hydrated with the saved journey (45000): what was typed stays.
    await page.waitForTimeout(500);
    await expect(page.getByLabel(en.postcode)).toHaveValue("47301");
    await page.getByRole("button", { name: en.find }).click();
    await expect(page.getByRole("heading", { name: en.pick })).toBeFocused();
    await expect(page.locator("label", { hasText: "47301" }).first()).toBeVisible();
  });

  test("the preview of an uploaded ID document shows (the page's CSP allows blob: images)", async ({
    page,
  }) => {
    const refused: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await fresh(page, "/coverage");
    await address(page, "47301");
    await toPlans(page);
    await choosePlan(page, "fibre-100");
    await page.getByLabel(/^Full name/).fill("Aminah binti Yusof");
    await page.getByLabel(/^Mobile number/).fill(mobile());
    await page.getByLabel(/^Email/).fill("aminah@example.my");
    await page.getByRole("button", { name: "Save and continue" }).click();
    await page.getByRole("button", { name: "Send code" }).click();
    await page.getByLabel(/^6-digit code/).fill("123456");
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByLabel(/^I have read the notice/).check();
    await page.getByRole("button", { name: "Agree and continue" }).click();
    await expect(page.getByTestId("step-heading")).toHaveText("Step 5 of 7: Documents");
    await page
      .getByTestId("slot-front")
      .locator('input[type="file"]')
      .setInputFiles({ name: "mykad-front.png", mimeType: "image/png", buffer: PNG });
    const preview = page.getByTestId("slot-front").getByTestId("upload-preview");
    await expect(preview).toHaveAttribute("src", /^blob:/);
    await expect(preview).toHaveAttribute("alt", "Preview of mykad-front.png");
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    expect(refused).toEqual([]);
  });
});

test.describe("the journey's pages render on the server and hydrate without a warning", () => {
  for (const lang of ["bm", "en"] as const) {
    test(`coverage, sign-up, confirmation and register interest (${lang})`, async ({
      page,
      request,
    }) => {
      const problems: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" || message.type() === "warning") {
          problems.push(`${page.url()}: ${message.text()}`);
        }
      });
      page.on("pageerror", (error) => problems.push(`${page.url()}: ${error.message}`));
      const pages: Record<"bm" | "en", Array<[path: string, text: string]>> = {
        bm: [
          ["/coverage", "Alamat anda"],
          ["/coverage?product=tv&package=tv-keluarga", "Di manakah kami patut memasang Suria TV?"],
          ["/signup", "Daftar Suria Fibre"],
          ["/signup/confirmation", "Pengesahan pendaftaran"],
          ["/register-interest", "Daftar minat"],
        ],
        en: [
          ["/coverage", "Your address"],
          ["/coverage?product=tv&package=tv-keluarga", "Where should we install Suria TV?"],
          ["/signup", "Sign up for Suria Fibre"],
          ["/signup/confirmation", "Sign-up confirmation"],
          ["/register-interest", "Register interest"],
        ],
      };
      await fresh(page, "/coverage", lang);
      // A journey under way, so the sign-up's pages have saved state to show after hydration.
      await address(page, "47301", { lang });
      for (const [path, text] of pages[lang]) {
        const url = `${path}${path.includes("?") ? "&" : "?"}language=${lang}`;
        // The server's HTML, before any script: the page's own text is there.
        expect(await (await request.get(url)).text(), url).toContain(text);
        await page.goto(url);
        await settled(page);
        await page.waitForTimeout(300);
      }
      expect(problems).toEqual([]);
    });
  }
});
