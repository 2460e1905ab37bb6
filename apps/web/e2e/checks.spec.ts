import { expect, test, type APIRequestContext } from "@playwright/test";
import { checkScreen, servicesUrl as services, settled } from "./helpers";

// Seeded in apps/services/src/db/seed-accounts.ts.
const B40 = {
  eligible: "880412-10-5123",
  notEligible: "750101015432",
  notFound: "900101-14-5679",
};

/** A product token for a seeded Suria TV account (POST /content/api/v1/authenticate). */
async function productToken(
  request: APIRequestContext,
  accountNumber: string,
  identityCard: string,
) {
  const answer = await request.post(`${services}/content/api/v1/authenticate`, {
    data: { product: "fibre", accountNumber, identityCard },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { response: { token: string } }).response.token;
}

for (const lang of ["bm", "en"] as const) {
  test.describe(`checks in ${lang}`, () => {
    test("B40: eligible, not eligible, not found and a malformed MyKad", async ({ page }) => {
      await page.goto(`/b40?language=${lang}`);
      await settled(page);
      expect(await page.title()).toMatch(/Suria/);
      expect(await page.locator('meta[name="description"]').getAttribute("content")).toBeTruthy();
      const input = page.locator('input[name="identityCard"]');
      const submit = page.getByTestId("b40-form").locator('button[type="submit"]');
      const result = page.getByTestId("b40-result").locator("h2");
      await checkScreen(page, `b40-${lang}`);

      // Checked with @portal/validation before anything is sent: the error summary takes focus and
      // its link leads to the field. The field's length comes from myKadSchema.
      await expect(input).toHaveAttribute("maxlength", "14");
      await input.fill("12345");
      await submit.click();
      await expect(input).toHaveAttribute("aria-invalid", "true");
      const summary = page.getByTestId("b40-form").locator("[data-error-summary]");
      await expect(summary).toBeFocused();
      await expect(summary.getByRole("link")).toHaveText(
        lang === "bm"
          ? "Nombor MyKad: Masukkan 12 digit MyKad anda, contohnya 900101-14-1234."
          : "MyKad number: Enter the 12 digits of your MyKad, for example 900101-14-1234.",
      );
      await summary.getByRole("link").click();
      await expect(input).toBeFocused();
      await expect(result).toHaveCount(0);

      await input.fill(B40.eligible);
      await submit.click();
      await expect(result).toHaveAttribute("data-status", "eligible");
      await expect(result).toBeFocused();
      await expect(page.getByTestId("b40-result")).toContainText("2027");
      await checkScreen(page, `b40-eligible-${lang}`);

      await input.fill(B40.notEligible);
      await submit.click();
      await expect(result).toHaveAttribute("data-status", "notEligible");
      await checkScreen(page, `b40-not-eligible-${lang}`);

      await input.fill(B40.notFound);
      await submit.click();
      await expect(result).toHaveAttribute("data-status", "notFound");
    });

    test("B40: a failed call shows an error, and Try again checks again", async ({ page }) => {
      let failed = false;
      await page.route("**/content/api/v1/b40/verify", (route) => {
        if (failed) return route.continue();
        failed = true;
        return route.abort("failed");
      });
      await page.goto(`/b40?language=${lang}`);
      await settled(page);
      await page.locator('input[name="identityCard"]').fill(B40.eligible);
      await page.getByTestId("b40-form").locator('button[type="submit"]').click();
      const error = page.locator(".pui-state--error");
      await expect(error).toBeVisible();
      await expect(error).toHaveAttribute("role", "alert");
      await expect(page.locator('input[name="identityCard"]')).toHaveValue(B40.eligible);
      await error.getByRole("button").click();
      await expect(page.getByTestId("b40-result").locator("h2")).toHaveAttribute(
        "data-status",
        "eligible",
      );
    });

    test("referral: code details, then the status of a referral", async ({ page }) => {
      await page.goto(`/referral?language=${lang}`);
      await settled(page);
      await page.locator('input[name="code"]').fill(" suria8k2q ");
      await page.locator('input[name="code"]').press("Enter");
      await expect(page).toHaveURL(/[?&]code=SURIA8K2Q(&|$)/);
      const info = page.getByTestId("referral-info");
      await expect(info).toContainText("Aminah Y.");
      await expect(info).toContainText(lang === "bm" ? "Rebat RM50" : "RM50 rebate");
      await expect(info.locator("[data-status]")).toHaveAttribute("data-status", "active");

      // The code looked up fills the status form; the referred person's number finds the referral.
      await expect(page.locator('input[name="referralCode"]')).toHaveValue("SURIA8K2Q");
      await page.locator('input[name="phoneNumber"]').fill("(017) 111 2222");
      await page.getByTestId("referral-status-form").locator('button[type="submit"]').click();
      const status = page.getByTestId("referral-status").locator("h3");
      await expect(status).toHaveAttribute("data-status", "installed");
      await expect(page.locator(".referral-step--done")).toHaveCount(2);
      await expect(page.locator('.referral-step[aria-current="step"]')).toHaveCount(1);
      await checkScreen(page, `referral-${lang}`);

      // Unknown referral and unknown code are messages, not errors.
      await page.locator('input[name="phoneNumber"]').fill("0129999999");
      await page.getByTestId("referral-status-form").locator('button[type="submit"]').click();
      await expect(page.getByTestId("referral-status-missing")).toBeVisible();
      await page.goto(`/referral?language=${lang}&code=NOSUCH99`);
      await expect(page.getByTestId("referral-info-missing")).toBeVisible();
      await page.goto(`/referral?language=${lang}&code=OLDCODE01`);
      await expect(page.getByTestId("referral-info").locator("[data-status]")).toHaveAttribute(
        "data-status",
        "expired",
      );

      // A code too short is refused in the browser, with no request (typed or from a link).
      let referralCalls = 0;
      page.on("request", (r) => {
        if (r.url().includes("/referral/")) referralCalls += 1;
      });
      const tooShort =
        lang === "bm"
          ? "Kod rujukan mempunyai 6 hingga 12 huruf atau digit, contohnya SURIA8K2Q."
          : "A referral code has 6 to 12 letters or digits, for example SURIA8K2Q.";
      await page.locator('input[name="code"]').fill("ab");
      await page.locator('input[name="code"]').press("Enter");
      await expect(page.getByText(tooShort).first()).toBeVisible();
      await page.goto(`/referral?language=${lang}&code=AB`);
      await settled(page);
      await expect(page.getByText(tooShort).first()).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      expect(referralCalls).toBe(0);
      page.removeAllListeners("request");
    });

    test("entitled fibre: token from the URL, its error codes as messages", async ({
      page,
      request,
    }) => {
      // No token in the link.
      await page.goto(`/entitled-fibre?language=${lang}`);
      await settled(page);
      await expect(page.locator(".pui-state--empty")).toBeVisible();

      // A bad token: ASTRO_FIBRE_INVALID_TOKEN.
      await page.goto(`/entitled-fibre?language=${lang}&token=not-a-token`);
      await expect(page.getByTestId("entitled-code")).toHaveAttribute(
        "data-code",
        "ASTRO_FIBRE_INVALID_TOKEN",
      );
      await checkScreen(page, `entitled-invalid-${lang}`);

      // No smart card (SMC_MANDATORY) reads as an invalid token too (SPEC section 8).
      const noCard = await productToken(request, "1000456789", "780622105432");
      await page.goto(`/entitled-fibre?language=${lang}&token=${encodeURIComponent(noCard)}`);
      await expect(page.getByTestId("entitled-code")).toHaveAttribute(
        "data-code",
        "ASTRO_FIBRE_INVALID_TOKEN",
      );

      // Not entitled.
      const notEntitled = await productToken(request, "1000345678", "900101145679");
      await page.goto(`/entitled-fibre?language=${lang}&token=${encodeURIComponent(notEntitled)}`);
      await expect(page.getByTestId("entitled-result")).toHaveAttribute("data-entitled", "false");

      // Entitled: the offer, and a claim (ASTRO_FIBRE_ALREADY_CLAIMED once claimed).
      const entitled = await productToken(request, "1000234567", "850315145678");
      await page.goto(`/entitled-fibre?language=${lang}&token=${encodeURIComponent(entitled)}`);
      const result = page.getByTestId("entitled-result");
      await expect(result).toHaveAttribute("data-entitled", "true");
      await checkScreen(page, `entitled-${lang}`);
      const claim = result.getByRole("button");
      if (await claim.isVisible()) {
        await claim.click();
        await expect(
          page.getByTestId("entitled-claimed").or(page.getByTestId("entitled-code")),
        ).toBeVisible();
        // The reference reads like one (SFC-7K2Q-9M4X), never a UUID.
        if (await page.getByTestId("entitled-claimed").isVisible()) {
          const text = await page.getByTestId("entitled-claimed").innerText();
          expect(text).toMatch(/SFC-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}/);
          expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
        }
      }
    });
  });
}

test("a MyKad sent before the page has hydrated stays out of the URL and is checked once it has", async ({
  page,
}) => {
  // Hold the app's entry script until the visitor has typed and sent the form.
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/entry-client-*.js", async (route) => {
    await gate;
    await route.continue();
  });
  const requested: string[] = [];
  page.on("request", (request) => requested.push(request.url()));
  await page.goto("/b40?language=en");
  await page.locator('input[name="identityCard"]').fill(B40.eligible);
  await page.getByTestId("b40-form").locator('button[type="submit"]').click();
  await expect(page.locator('input[name="identityCard"]')).toHaveValue(B40.eligible);
  release();
  await expect(page.getByTestId("b40-result").locator("h2")).toHaveAttribute(
    "data-status",
    "eligible",
  );
  // Held by the page's first script: never a GET /b40?identityCard=… (a reload with the MyKad).
  expect(page.url()).not.toContain("identityCard");
  expect(requested.filter((url) => url.includes("identityCard"))).toEqual([]);
  expect(requested.filter((url) => new URL(url).pathname === "/b40")).toHaveLength(1);
});
