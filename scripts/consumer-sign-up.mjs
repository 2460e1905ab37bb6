// The consumer step's browser check of the sign-up app (scripts/consumer-app/), used by
// scripts/consumer.mjs: a static server for the app's build, and one visitor's whole sign-up in
// Chromium, driven by the accessible roles and labels of the language's published texts.
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize } from "node:path";
import { stripVTControlCharacters } from "node:util";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
};

/** Serves a built app's folder on 127.0.0.1:port (any path that is not a file: index.html). */
export function serveStatic(dir, port) {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url, "http://x").pathname));
    let file = join(dir, path);
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      file = join(dir, "index.html");
    }
    response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

// A 1x1 PNG: the utility bill.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A fresh Malaysian mobile number (the services cap OTP sends per phone). */
const mobile = () => `012${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;

/**
 * One visitor's sign-up in a new browser context: the address (47301, landed), its coverage, the
 * first plan, details, OTP 123456, consent, a PNG bill, the review, the order number (SF + 10
 * digits); screenshots of the confirmation at 1280 and 375 px. `messages` are the published
 * texts of the language (`@portal/lead-flow/lang/<lang>.json`). Answers the order number, or
 * throws naming the step that did not appear.
 */
export async function signUpInChromium({ browser, appUrl, language, messages, shots, timeout }) {
  const t = (id, values = {}) => {
    const text = messages[id];
    if (text === undefined)
      throw new Error(`no message ${id} in @portal/lead-flow/lang/${language}`);
    return text.replace(/\{(\w+)\}/g, (_, name) => values[name]);
  };
  const product = t("signup.product.fibre");
  const label = (id, values) => new RegExp(`^${escape(t(id, values))}`);
  const stepHeading = (current, name) =>
    t("signup.step-of", { current, total: 7, name: t(`signup.step.${name}`) });

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(timeout);
  const page = await context.newPage();
  const problems = [];
  const orders = [];
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
    const order = /^order (SF\d{10})$/.exec(message.text());
    if (order) orders.push(order[1]);
  });
  const heading = (name) => page.getByRole("heading", { name, exact: true });
  const button = (id) => page.getByRole("button", { name: t(id), exact: true });
  const started = Date.now();
  const steps = [];
  /** Runs one step; a step that fails is named, with a screenshot and what the page reported. */
  async function step(name, action) {
    const t0 = Date.now();
    try {
      await action();
      steps.push(`${name} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    } catch (error) {
      const shot = join(shots, `failed-${language}.png`);
      await page.screenshot({ path: shot, fullPage: true }).catch(() => {});
      // Playwright's first line and what it was waiting for ("waiting for getByRole(...)").
      const [first, ...log] = stripVTControlCharacters(error.message).split("\n");
      const waiting = log.find((line) => /waiting for/.test(line))?.trim();
      throw new Error(
        `sign-up app in ${language}: "${name}" did not appear: ${first}` +
          `${waiting ? `\n  ${waiting}` : ""}\n  screenshot: ${shot}` +
          problems.map((p) => `\n  ${p}`).join(""),
      );
    }
  }

  try {
    await step("the address form", async () => {
      await page.goto(`${appUrl}/?language=${language}`);
      await heading(t("signup.address.heading")).waitFor();
    });
    await step("the address picker", async () => {
      await page.getByLabel(label("signup.address.postcode")).fill("47301");
      await page.getByLabel(label("signup.address.residence.landed")).check();
      await button("signup.address.search").click();
      await heading(t("signup.address.pick.heading")).waitFor();
    });
    await step("the coverage result", async () => {
      const found = page.getByRole("group", { name: t("signup.address.pick.legend") });
      await found.getByRole("radio").first().check();
      await button("signup.address.check").click();
      await heading(t("signup.coverage.covered", { product })).waitFor();
    });
    await step("step 1, the plans", async () => {
      // In FibreSignUp the journey's own places are buttons (no URL), not links.
      await button("signup.coverage.continue").click();
      await heading(stepHeading(1, "package")).waitFor();
    });
    await step("step 2, the details", async () => {
      const plans = page.getByRole("group", { name: t("signup.plan.legend") });
      await plans.getByRole("radio").first().check();
      await button("signup.plan.continue").click();
      await heading(stepHeading(2, "details")).waitFor();
    });
    await step("step 3, the one-time code", async () => {
      await page.getByLabel(label("signup.details.name")).fill("Aminah binti Yusof");
      await page.getByLabel(label("signup.details.phone")).fill(mobile());
      await page.getByLabel(label("signup.details.email")).fill("aminah@example.my");
      await button("signup.details.submit").click();
      await heading(stepHeading(3, "otp")).waitFor();
    });
    await step("step 4, the consent", async () => {
      await button("signup.otp.send").click();
      await page.getByLabel(label("signup.otp.code")).fill("123456");
      await button("signup.otp.verify").click();
      await heading(stepHeading(4, "consent")).waitFor();
    });
    await step("step 5, the documents", async () => {
      await page.getByLabel(label("signup.consent.agree")).check();
      await button("signup.consent.submit").click();
      await heading(stepHeading(5, "documents")).waitFor();
    });
    await step("the uploaded bill", async () => {
      await page.getByLabel(label("signup.documents.kind.bill")).check();
      const slot = t("signup.documents.bill");
      await page
        .getByLabel(t("signup.documents.choose", { slot }), { exact: true })
        .setInputFiles({ name: "bill.png", mimeType: "image/png", buffer: PNG });
      await page.getByText(t("signup.documents.uploaded", { name: "bill.png" })).waitFor();
    });
    await step("step 6, the installation slot", async () => {
      await button("signup.documents.continue").click();
      await heading(stepHeading(6, "slot")).waitFor();
    });
    await step("step 7, the review", async () => {
      // The first window offered, held for the visitor (checked once the services hold it).
      const first = page.locator('input[name="installationSlot"]').first();
      await first.click();
      await page.waitForFunction(
        () => document.querySelector('input[name="installationSlot"]:checked') !== null,
      );
      await button("signup.slot.continue").click();
      await heading(stepHeading(7, "review")).waitFor();
    });
    let orderNumber;
    await step("the confirmation with its order number", async () => {
      await page.getByLabel(label("signup.review.terms", { product })).check();
      await button("signup.review.submit").click();
      await heading(t("signup.confirmation.title")).waitFor();
      orderNumber = await page.getByText(/^SF\d{10}$/).textContent();
    });
    if (orders[0] !== orderNumber) {
      throw new Error(
        `sign-up app in ${language}: onOrder gave ${orders[0]}, the page ${orderNumber}`,
      );
    }
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
      if (overflow > 0)
        throw new Error(`sign-up app in ${language}: scrolls sideways at ${width} px`);
      await page.screenshot({
        path: join(shots, `confirmation-${language}-${width}.png`),
        fullPage: true,
      });
    }
    const errors = problems.filter((p) => p.startsWith("page error"));
    if (errors.length > 0) throw new Error(`sign-up app in ${language}:\n  ${errors.join("\n  ")}`);
    return { orderNumber, seconds: (Date.now() - started) / 1000, steps };
  } finally {
    await context.close();
  }
}
