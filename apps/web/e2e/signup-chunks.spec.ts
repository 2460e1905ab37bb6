import { expect, test, type Page } from "@playwright/test";
import { settled } from "./helpers";
import { address, bm, choosePlan, en, fresh, toPlans } from "./journey";

// Issue 22: the sign-up loads the code of the step on screen only (LazySignUpStepper of
// @portal/lead-flow/sign-up). A step's chunk is named after its module (plan-step-<hash>.js).
const STEP_CHUNKS = [
  "plan-step",
  "details-step",
  "otp-step",
  "consent-step",
  "documents-step",
  "slot-step",
  "review-step",
] as const;

/** The step chunks the page has loaded so far, in the order of the steps. */
function stepChunks(page: Page, seen: Set<string>) {
  page.on("request", (request) => {
    const name = /\/assets\/([a-z-]+)-[\w-]+\.js$/.exec(request.url())?.[1];
    if (name && (STEP_CHUNKS as readonly string[]).includes(name)) seen.add(name);
  });
  return () => STEP_CHUNKS.filter((name) => seen.has(name));
}

test("the sign-up loads the code of the visible step only, the next one when reached", async ({
  page,
}) => {
  const seen = new Set<string>();
  const loaded = stepChunks(page, seen);
  await fresh(page, "/coverage");
  await address(page, "47301");
  // The coverage page needs no step of the numbered sign-up.
  expect(loaded()).toEqual([]);

  await toPlans(page);
  await expect(page.getByTestId("plan-fibre-500")).toBeVisible();
  expect(loaded()).toEqual(["plan-step"]);

  await choosePlan(page, "fibre-500");
  await expect(page.getByTestId("step-heading")).toHaveText("Step 2 of 7: Your details");
  await expect(page.locator('input[name="phoneNumber"]')).toBeVisible();
  expect(loaded()).toEqual(["plan-step", "details-step"]);

  // A reload at the details step: the page hydrates, then loads that step's code and no other.
  seen.clear();
  await page.reload();
  await settled(page);
  await expect(page.getByTestId("step-heading")).toHaveText("Step 2 of 7: Your details");
  await expect(page.locator('input[name="phoneNumber"]')).toBeVisible();
  expect(loaded()).toEqual(["details-step"]);
});

test("while a step's code loads, the page says so in its language", async ({ page }) => {
  await fresh(page, "/coverage", "bm");
  await address(page, "47301", { lang: "bm" });
  // Hold the plan step's code: the placeholder under the step's heading names what is loading.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/plan-step-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await toPlans(page, "bm");
  const loading = page.getByRole("status", { name: "Memuatkan pendaftaran anda…" });
  await expect(loading).toBeVisible();
  await expect(loading).toHaveAttribute("aria-busy", "true");
  release();
  await expect(loading).toHaveCount(0);
  await expect(page.getByTestId("plan-fibre-500")).toBeVisible();
});

test("a step whose code failed to arrive is fetched again by Try again, in the visitor's language", async ({
  page,
}) => {
  for (const lang of ["bm", "en"] as const) {
    await fresh(page, "/coverage", lang);
    await address(page, "47301", { lang });
    // The phone loses its signal as the plan step's code is fetched: every download fails until
    // the error shows. (Not just the first: a render of the stepper in between, e.g. when the
    // offers arrive, fetches the code again by itself, and may heal the step before any error.)
    let offline = true;
    let failures = 0;
    const pattern = /\/assets\/plan-step-[\w-]+\.js$/;
    await page.route(pattern, (route) =>
      offline ? (failures++, route.abort("internetdisconnected")) : route.continue(),
    );
    await page.getByRole("link", { name: (lang === "bm" ? bm : en).continue }).click();
    await expect(
      page.getByRole("heading", {
        name:
          lang === "bm" ? "Kami tidak dapat memuatkan halaman ini" : "We could not load this page",
      }),
    ).toBeVisible();
    expect(failures).toBeGreaterThan(0);
    offline = false;
    await page.getByRole("button", { name: lang === "bm" ? "Cuba lagi" : "Try again" }).click();
    await expect(page.getByTestId("step-heading")).toHaveText(
      lang === "bm" ? "Langkah 1 daripada 7: Pelan anda" : "Step 1 of 7: Your plan",
    );
    await expect(page.getByTestId("plan-fibre-500")).toBeVisible();
    await page.unroute(pattern);
  }
});

// The flow's code (createLeadFlow: store, reducer, operations, valibot with the lead rules) comes
// in the `lead-journey` chunk, the numbered stepper in `signup-journey`.
const FLOW_CHUNKS = /\/assets\/(lead-journey|signup-journey)-[\w-]+\.js$/;

test("without a journey the sign-up loads no flow code; with one it loads the flow and the step", async ({
  page,
}) => {
  for (const lang of ["bm", "en"] as const) {
    // Storage emptied first: `fresh` opens the page before it clears the journey the previous
    // language's coverage check saved, and that opening rightly loads the flow (CI saw it once).
    await fresh(page, "/signup", lang);
    const flowChunks: string[] = [];
    page.on("request", (request) => {
      if (FLOW_CHUNKS.test(request.url())) flowChunks.push(request.url());
    });
    // A first visit (nothing in storage): the pointer to the address check, and no flow code.
    await page.reload();
    await settled(page);
    await expect(page.getByTestId("not-started")).toHaveText(
      lang === "bm" ? "Mulakan dengan menyemak alamat anda" : "Start by checking your address",
    );
    expect(flowChunks).toEqual([]);
    // Its link goes to the address check in the page's language, a client navigation.
    await page
      .locator("#main")
      .getByRole("link", { name: lang === "bm" ? "Semak liputan fiber" : "Check fibre coverage" })
      .click();
    await expect(page).toHaveURL(lang === "bm" ? /\/coverage$/ : /\/coverage\?language=en$/);
    await address(page, "47301", { lang });
    page.removeAllListeners("request");
  }
  // A returning visitor (a journey saved at the plan step): the flow and the step load at once.
  const seen = new Set<string>();
  const loaded = stepChunks(page, seen);
  const flowChunks: string[] = [];
  page.on("request", (request) => {
    if (FLOW_CHUNKS.test(request.url()))
      flowChunks.push(/assets\/([a-z-]+)-/.exec(request.url())![1]!);
  });
  await toPlans(page);
  // From the coverage page (which had the flow), the sign-up brought only its stepper.
  expect(flowChunks).toEqual(["signup-journey"]);
  flowChunks.length = 0;
  seen.clear();
  await page.reload();
  await settled(page);
  await expect(page.getByTestId("plan-fibre-500")).toBeVisible();
  expect(flowChunks.sort()).toEqual(["lead-journey", "signup-journey"]);
  expect(loaded()).toEqual(["plan-step"]);
});
