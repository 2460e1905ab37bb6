import { expect, test, type Page } from "@playwright/test";
import { checkScreen, servicesUrl, settled } from "./helpers";
import { address, choosePlan, fresh, mobile, PDF, toPlans } from "./journey";

/**
 * Issue 24: the installation slot. From the year-end campaign's "check coverage" entry to an order
 * with a slot, in bm and en on a 375 px phone: the slots are the services' real capacity (the
 * services run on CLOCK_START, Saturday 21 November 2026 10:00 in Malaysia; 47301 is on Rangkai
 * Gentian, 2 installation days, so the first day is Tuesday the 24th), picked with the keyboard,
 * held, shown in the review and on the confirmation. Then a slot another visitor takes first: the
 * step says so and shows the next ones.
 */

type Lang = "bm" | "en";
const t = {
  en: {
    details: "Step 2 of 7: Your details",
    name: /^Full name/,
    phone: /^Mobile number/,
    email: /^Email/,
    save: "Save and continue",
    send: "Send code",
    code: /^6-digit code/,
    verify: "Verify",
    agree: /^I have read the notice/,
    consent: "Agree and continue",
    bill: /^Utility bill/,
    uploaded: "Uploaded: bill.pdf",
    toSlot: "Continue to the installation slot",
    slotStep: "Step 6 of 7: Installation slot",
    review: "Step 7 of 7: Review and submit",
    terms: /^I accept the terms/,
    submit: "Submit my sign-up",
    thanks: "Thank you, your sign-up is in",
    firstDay: "Tuesday, 24 November 2026",
    morning: "Morning, 09:00–13:00",
    afternoon: "Afternoon, 14:00–18:00",
    held: "Tuesday, 24 November 2026, Morning, 09:00–13:00 is yours until",
    booked: "Tuesday, 24 November 2026, Morning, 09:00–13:00",
    order: "Order",
    tracked: "Tuesday, 24 November 2026, morning, 09:00–13:00",
    next: "Our installer comes on Tuesday, 24 November 2026, Morning, 09:00–13:00. We will call you the day before. Keep your order number for any question.",
  },
  bm: {
    details: "Langkah 2 daripada 7: Butiran anda",
    name: /^Nama penuh/,
    phone: /^Nombor telefon bimbit/,
    email: /^E-mel/,
    save: "Simpan dan teruskan",
    send: "Hantar kod",
    code: /^Kod 6 digit/,
    verify: "Sahkan",
    agree: /^Saya telah membaca notis/,
    consent: "Setuju dan teruskan",
    bill: /^Bil utiliti/,
    uploaded: "Dimuat naik: bill.pdf",
    toSlot: "Teruskan ke slot pemasangan",
    slotStep: "Langkah 6 daripada 7: Slot pemasangan",
    review: "Langkah 7 daripada 7: Semak dan hantar",
    terms: /^Saya menerima terma/,
    submit: "Hantar pendaftaran saya",
    thanks: "Terima kasih, pendaftaran anda telah diterima",
    firstDay: "Selasa, 24 November 2026",
    morning: "Pagi, 09:00–13:00",
    afternoon: "Petang, 14:00–18:00",
    held: "Selasa, 24 November 2026, Pagi, 09:00–13:00 dikhaskan untuk anda sehingga",
    booked: "Selasa, 24 November 2026, Pagi, 09:00–13:00",
    order: "Pesanan",
    tracked: "Selasa, 24 November 2026, pagi, 09:00–13:00",
    next: "Juruteknik kami akan datang pada Selasa, 24 November 2026, Pagi, 09:00–13:00. Kami akan menghubungi anda sehari sebelumnya. Simpan nombor pesanan anda untuk sebarang pertanyaan.",
  },
} as const;

/** Details, OTP, consent and a bill, in the page's language, up to the slot step. */
async function toSlotStep(page: Page, lang: Lang) {
  const s = t[lang];
  await expect(page.getByTestId("step-heading")).toHaveText(s.details);
  await page.getByLabel(s.name).fill("Aminah binti Yusof");
  await page.getByLabel(s.phone).fill(mobile());
  await page.getByLabel(s.email).fill("aminah@example.my");
  await page.getByRole("button", { name: s.save }).click();
  await page.getByRole("button", { name: s.send }).click();
  await page.getByLabel(s.code).fill("123456");
  await page.getByRole("button", { name: s.verify, exact: true }).click();
  await page.getByLabel(s.agree).check();
  await page.getByRole("button", { name: s.consent }).click();
  await page.getByLabel(s.bill).check();
  await page
    .getByTestId("slot-bill")
    .locator('input[type="file"]')
    .setInputFiles({ name: "bill.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(page.getByTestId("slot-bill")).toContainText(s.uploaded);
  await page.getByRole("button", { name: s.toSlot }).click();
  await expect(page.getByTestId("step-heading")).toHaveText(s.slotStep);
  await expect(page.getByTestId("slot-day").first()).toBeVisible();
}

for (const lang of ["bm", "en"] as const) {
  test(`the year-end campaign's check coverage to an order with an installation slot, tracked from another device (${lang}, 375 px)`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const s = t[lang];
    await page.setViewportSize({ width: 375, height: 812 });
    await fresh(page, "/campaigns/year-end-fibre-deal", lang);
    await page.locator('main a[href*="/coverage?"]').first().click();
    await expect(page).toHaveURL(/\/coverage\?/);
    await settled(page);
    await address(page, "47301", { lang });
    await toPlans(page, lang);
    await expect(page.getByTestId("plan-fibre-500").locator("input")).toBeChecked();
    await expect(page.getByTestId("order-price")).toBeVisible();
    await page.getByTestId("plan-continue").click();
    await toSlotStep(page, lang);

    // The real capacity of Selangor: 8 a window, days from Tuesday the 24th.
    const first = page.getByTestId("slot-day").first();
    await expect(first.locator("legend")).toHaveText(s.firstDay);
    await expect(first.locator("label")).toHaveText([s.morning, s.afternoon]);
    await expect(page.getByTestId("slot-day")).toHaveCount(6);
    await checkScreen(page, `slot-step-${lang}`);
    await page.setViewportSize({ width: 375, height: 812 });

    // Continue without a slot says why; the keyboard picks one (Space on the first window).
    await page
      .getByRole("button", { name: lang === "bm" ? "Teruskan" : "Continue", exact: true })
      .click();
    await expect(page.getByTestId("error-summary")).toBeFocused();
    await first.locator("input").first().focus();
    await page.keyboard.press("Space");
    await expect(page.getByTestId("slot-status")).toContainText(s.held);
    await checkScreen(page, `slot-held-${lang}`);
    await page.setViewportSize({ width: 375, height: 812 });
    await page
      .getByRole("button", { name: lang === "bm" ? "Teruskan" : "Continue", exact: true })
      .click();

    await expect(page.getByTestId("step-heading")).toHaveText(s.review);
    await expect(page.getByTestId("summary-installation")).toHaveText(s.booked);
    await page.getByLabel(s.terms).check();
    await page.getByRole("button", { name: s.submit }).click();
    await expect(page.getByRole("heading", { name: s.thanks })).toBeVisible();
    await expect(page.getByTestId("lead-reference")).toHaveText(/^SF\d{10}$/);
    await expect(page.getByTestId("summary-installation")).toHaveText(s.booked);
    await expect(page.getByTestId("confirmation-next")).toHaveText(s.next);
    await checkScreen(page, `slot-confirmation-${lang}`);

    // The tracking link, opened on another device (a fresh context: no saved journey), shows
    // the order with its installation slot, in the order's language.
    const orderNumber = await page.getByTestId("lead-reference").innerText();
    const link = await page.getByTestId("tracking-link").inputValue();
    const other = await browser.newContext({ viewport: { width: 375, height: 812 } });
    try {
      const phonePage = await other.newPage();
      expect((await phonePage.goto(link))?.status()).toBe(200);
      await expect(phonePage.getByTestId("tracking-title")).toHaveText(`${s.order} ${orderNumber}`);
      await expect(phonePage.getByTestId("tracking-installation")).toHaveText(s.tracked);
    } finally {
      await other.close();
    }
  });
}

test("a slot another visitor takes first: just taken, here are the next ones (en, 375 px)", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 375, height: 812 });
  // Perlis (01000, TeraLink: 3 installation days): one installer a window, from Wednesday 25th.
  await fresh(page, "/coverage", "en");
  await address(page, "01000");
  await toPlans(page);
  await choosePlan(page, "fibre-100");
  await toSlotStep(page, "en");
  const first = page.getByTestId("slot-day").first();
  await expect(first.locator("legend")).toHaveText("Wednesday, 25 November 2026");
  await expect(first.locator("label")).toHaveText([
    "Morning, 09:00–13:00 (1 slot left)",
    "Afternoon, 14:00–18:00 (1 slot left)",
  ]);

  // Meanwhile another visitor holds the morning of the 25th (through the services' API).
  const shop = `${servicesUrl}/shop/api/v1/greenfield`;
  const lead = await (
    await request.post(`${shop}/generate-sbb-lead`, { data: { product: "fibre", language: "en" } })
  ).json();
  const headers = { authorization: `Bearer ${lead.response.token}` };
  const found = await (
    await request.post(`${servicesUrl}/address/cassandra/api/v1/address/greenfield-search`, {
      headers,
      data: { postalCode: "01000", residenceType: 1 },
    })
  ).json();
  expect(
    (
      await request.patch(`${shop}/update-sbb-lead`, {
        headers,
        data: { address: { addressId: found.response[0].addressId } },
      })
    ).status(),
  ).toBe(200);
  const held = await request.post(`${shop}/installation-hold`, {
    headers,
    data: { date: "2026-11-25", slot: "morning" },
  });
  expect(held.status()).toBe(200);

  // The pick is refused: the radio does not stay checked (click, not check).
  await first.locator("input").first().click();
  await expect(page.getByTestId("slot-taken")).toHaveText(
    "Sorry, that slot was just taken by someone else. Here are the next ones.",
  );
  await expect(page.getByTestId("slot-day").first().locator("label")).toHaveText([
    "Afternoon, 14:00–18:00 (1 slot left)",
  ]);
  await expect(page.getByTestId("slot-status")).toBeEmpty();
  await checkScreen(page, "slot-taken-en");
  await page.setViewportSize({ width: 375, height: 812 });
  // Checked once the services hold it (the radio shows the flow's hold, not a wish).
  await page.getByTestId("slot-day").first().locator("input").first().click();
  await expect(page.getByTestId("slot-status")).toContainText(
    "Wednesday, 25 November 2026, Afternoon, 14:00–18:00 is yours until",
  );
  await expect(page.getByTestId("slot-taken")).toHaveCount(0);
  await expect(page.getByTestId("slot-day").first().locator("input").first()).toBeChecked();
});
