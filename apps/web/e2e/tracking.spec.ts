import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { artifacts, seriousViolations, settled } from "./helpers";
import { address, choosePlan, detailsToReview, fresh, mobile, submit, toPlans } from "./journey";

/**
 * Issue 24, "Follow the order anywhere", against the real services in Chromium on a phone: the
 * confirmation's signed tracking link opened in a fresh browser (another device) shows the order
 * and its timeline in bm and en, cancels within the rules, and a tampered link is the plain 404;
 * "Continue on your phone" hands a half-done sign-up to a second browser at the same step with the
 * same data, once.
 */
test.use({ viewport: { width: 375, height: 812 } });

/** axe-clean, no sideways scroll, screenshots at 375 and 1280 px (then back to 375). */
async function shoot(page: Page, name: string) {
  await settled(page);
  expect(await seriousViolations(page), name).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `${name}: no horizontal scroll at 375 px`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: join(artifacts, `tracking-${name}-375.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: join(artifacts, `tracking-${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
}

const STEPS_EN = [
  "Order received",
  "Documents verified",
  "Installation booked",
  "Technician on the way",
  "Installed",
];
const STEPS_BM = [
  "Pesanan diterima",
  "Dokumen disahkan",
  "Pemasangan ditempah",
  "Juruteknik dalam perjalanan",
  "Telah dipasang",
];

test.describe("order tracking and continuing on another device", () => {
  test.setTimeout(240_000);

  test("the confirmation's tracking link opens on another device, in bm and en, and cancels", async ({
    page,
    browser,
  }) => {
    const phone = mobile();
    await fresh(page, "/coverage");
    await address(page, "47301");
    await toPlans(page);
    await choosePlan(page, "fibre-100");
    const picked = await detailsToReview(page, phone);
    const orderNumber = await submit(page);
    expect(orderNumber).toMatch(/^SF\d{10}$/);

    // The confirmation shows the link, copyable.
    const link = await page.getByTestId("tracking-link").inputValue();
    expect(link).toMatch(/\/track\/SF\d{10}\.[0-9a-z]+\.[A-Za-z0-9_-]{22}\?language=en$/);
    await expect(page.getByTestId("tracking-open")).toHaveAttribute("href", link);
    await expect(page.getByRole("heading", { name: "Follow your order" })).toBeVisible();
    await shoot(page, "confirmation-en");

    // Another device: no saved journey, no token.
    const other = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const phonePage = await other.newPage();
    const answer = await phonePage.goto(link);
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()["cache-control"]).toBe("private, no-store");
    await settled(phonePage);
    await expect(phonePage.locator('meta[name="robots"]')).toHaveAttribute(
      "content",
      "noindex, follow",
    );
    await expect(phonePage.getByTestId("tracking-title")).toHaveText(`Order ${orderNumber}`);
    await expect(phonePage.getByTestId("tracking-plan")).toHaveText("Suria Fibre 100Mbps");
    await expect(phonePage.getByTestId("tracking-phone")).toHaveText(`********${phone.slice(-3)}`);
    await expect(phonePage.getByTestId("tracking-status")).toHaveText("Order received");
    // The installation slot booked with the order.
    const slotDay = new Intl.DateTimeFormat("en-MY", {
      timeZone: "Asia/Kuala_Lumpur",
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
    }).format(new Date(`${picked.iso}T12:00:00+08:00`));
    await expect(phonePage.getByTestId("tracking-installation")).toHaveText(
      picked.slot === "morning"
        ? `${slotDay}, morning, 09:00–13:00`
        : `${slotDay}, afternoon, 14:00–18:00`,
    );
    const steps = phonePage.getByTestId("tracking-timeline").locator("li");
    await expect(steps.locator(".tracking-step__name")).toHaveText(STEPS_EN);
    await expect(steps.locator(".tracking-step__at").nth(1)).toHaveText("Not yet");
    await expect(steps.nth(0)).toHaveAttribute("aria-current", "step");
    // Nothing personal beyond the masked phone number.
    const text = await phonePage.locator("main").innerText();
    expect(text).not.toContain("Aminah");
    expect(text).not.toContain(phone);
    await shoot(phonePage, "page-en");

    // The same page in Malay, by the site's language switch.
    await phonePage.locator('.pui-lang button[lang="ms"]').click();
    await expect(phonePage.locator("html")).toHaveAttribute("lang", "ms");
    await settled(phonePage);
    await expect(phonePage.getByTestId("tracking-title")).toHaveText(`Pesanan ${orderNumber}`);
    await expect(phonePage.getByTestId("tracking-status")).toHaveText("Pesanan diterima");
    await expect(
      phonePage.getByTestId("tracking-timeline").locator(".tracking-step__name"),
    ).toHaveText(STEPS_BM);
    await shoot(phonePage, "page-bm");

    // Cancelling, asked twice, by keyboard.
    await phonePage.getByTestId("tracking-cancel").focus();
    await phonePage.keyboard.press("Enter");
    await expect(phonePage.getByText(`Batalkan pesanan ${orderNumber}?`)).toBeVisible();
    await shoot(phonePage, "cancel-ask-bm");
    await phonePage.getByTestId("tracking-cancel-yes").click();
    await expect(phonePage.getByTestId("tracking-status")).toHaveText("Pesanan dibatalkan");
    await expect(phonePage.getByTestId("tracking-cancelled")).toHaveText(
      "Pesanan ini telah dibatalkan. Tiada pemasangan akan dibuat dan anda tidak akan dibilkan.",
    );
    await expect(phonePage.getByTestId("tracking-cancel")).toHaveCount(0);
    // Cancelled: the slot went back to the area, and the page no longer shows it.
    await expect(phonePage.getByTestId("tracking-installation")).toHaveCount(0);
    await shoot(phonePage, "cancelled-bm");
    await phonePage.goto(link);
    await settled(phonePage);
    await expect(phonePage.getByTestId("tracking-status")).toHaveText("Order cancelled");
    await shoot(phonePage, "cancelled-en");

    // A tampered link: the site's plain 404, saying nothing more.
    const signature = link.match(/\.([A-Za-z0-9_-]{22})\?/)![1]!;
    const flipped = `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`;
    const tampered = await phonePage.goto(link.replace(signature, flipped));
    expect(tampered?.status()).toBe(404);
    expect(tampered?.headers()["cache-control"]).toBe("private, no-store");
    await expect(phonePage.getByTestId("not-found")).toBeVisible();
    await expect(phonePage.locator("main")).not.toContainText(orderNumber);
    await shoot(phonePage, "tampered-en");
    await other.close();
  });

  test("continue on your phone (en): the second browser opens the journey at the OTP step, once", async ({
    page,
    browser,
  }) => {
    const phone = mobile();
    await fresh(page, "/coverage");
    await address(page, "47301");
    await toPlans(page);
    await choosePlan(page, "fibre-100");
    await page.getByLabel(/^Full name/).fill("Aminah binti Yusof");
    await page.getByLabel(/^Mobile number/).fill(phone);
    await page.getByLabel(/^Email/).fill("aminah@example.my");
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect(page.getByTestId("step-heading")).toHaveText("Step 3 of 7: Verify your mobile");

    await page.getByRole("button", { name: "Continue on your phone" }).click();
    const link = await page.getByTestId("handoff-link").inputValue();
    expect(link).toMatch(/\/signup\/continue\/[A-Za-z0-9_-]{22}\?language=en$/);
    await expect(page.getByTestId("handoff-qr")).toBeVisible();
    await expect(page.getByText(/The link works once, until/)).toBeVisible();
    await shoot(page, "handoff-en");

    const other = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const second = await other.newPage();
    const answer = await second.goto(link);
    expect(answer?.headers()["cache-control"]).toBe("private, no-store");
    await expect(second).toHaveURL(/\/signup\?language=en$/);
    await settled(second);
    await expect(second.getByTestId("step-heading")).toHaveText("Step 3 of 7: Verify your mobile");
    const formatted = `+60 ${phone.slice(1, 3)}-${phone.slice(3, 6)} ${phone.slice(6)}`;
    await expect(second.locator("main")).toContainText(formatted);
    await shoot(second, "continued-en");
    // The journey goes on there: the code is sent and verified on the second device.
    await second.getByRole("button", { name: "Send code" }).click();
    await second.getByLabel(/^6-digit code/).fill("123456");
    await second.getByRole("button", { name: "Verify" }).click();
    await expect(second.getByTestId("step-heading")).toHaveText("Step 4 of 7: Consent");

    // The link works once.
    const third = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const late = await third.newPage();
    await late.goto(link);
    await expect(late.getByTestId("continue-gone")).toHaveText("This link no longer works");
    await shoot(late, "continue-gone-en");
    await other.close();
    await third.close();
  });

  test("continue on your phone (bm): the second browser opens the details step with the plan", async ({
    page,
    browser,
  }) => {
    await fresh(page, "/coverage", "bm");
    await address(page, "47301", { lang: "bm" });
    await toPlans(page, "bm");
    await choosePlan(page, "fibre-100");
    await expect(page.getByTestId("step-heading")).toHaveText("Langkah 2 daripada 7: Butiran anda");
    await page.getByRole("button", { name: "Sambung di telefon anda" }).click();
    const link = await page.getByTestId("handoff-link").inputValue();
    expect(link).toMatch(/\/signup\/continue\/[A-Za-z0-9_-]{22}$/);
    await shoot(page, "handoff-bm");

    const other = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const second = await other.newPage();
    await second.goto(link);
    await expect(second).toHaveURL(/\/signup$/);
    await settled(second);
    await expect(second.getByTestId("step-heading")).toHaveText(
      "Langkah 2 daripada 7: Butiran anda",
    );
    await shoot(second, "continued-bm");
    // The plan chosen on the first device is the choice here (back to step 1 by keyboard).
    await second.getByRole("button", { name: /Pelan anda/ }).focus();
    await second.keyboard.press("Enter");
    await expect(second.getByTestId("plan-fibre-100").locator("input")).toBeChecked();
    await other.close();

    const third = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const late = await third.newPage();
    await late.goto(link);
    await expect(late.getByTestId("continue-gone")).toHaveText("Pautan ini tidak lagi berfungsi");
    await shoot(late, "continue-gone-bm");
    await third.close();
  });
});
