import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync } from "node:fs";
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { Socket } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { CONSENT_TEXT_HASHES } from "@portal/validation";
import {
  expect,
  test,
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type Page,
} from "@playwright/test";
import { seriousViolations, servicesUrl, settled } from "./helpers";
import {
  address,
  choosePlan,
  detailsToReview,
  fresh,
  mobile,
  PNG,
  submit,
  toPlans,
} from "./journey";

/**
 * Issue 24, "rescheduling or cancelling the slot within the rules", against the real services in
 * Chromium on a 375 px phone (the services run on CLOCK_START, Saturday 21 November 2026 10:00 in
 * Malaysia; 47301 is Selangor, 8 installers a window, from Tuesday the 24th): an order's tracking
 * link opened in a fresh browser context changes the booked slot and shows the new one, in bm and
 * en; the same with JavaScript disabled (the web server sends the form and redirects back with
 * the outcome), cancelling too; and with the services down the page is the honest error, never
 * kept as a 200.
 */
test.use({ viewport: { width: 375, height: 812 } });

const here = dirname(fileURLToPath(import.meta.url));
/** Screenshots of the change-slot UI and its confirmation (375 and 1280 px, bm and en). */
const shots = process.env.RESCHEDULE_SHOTS ?? join(here, "..", "artifacts", "reschedule");
mkdirSync(shots, { recursive: true });

type Lang = "bm" | "en";
const t = {
  en: {
    change: "Change installation slot",
    legend: "Choose a new day and time",
    submit: "Change to this slot",
    done: (slot: string) => `Done: your installation is now on ${slot}.`,
    rule: "You can change the slot 3 more times, until ",
    ruleAfter: "You can change the slot 2 more times, until ",
    window: { morning: "morning, 09:00–13:00", afternoon: "afternoon, 14:00–18:00" },
    option: { morning: "Morning, 09:00–13:00", afternoon: "Afternoon, 14:00–18:00" },
    locale: "en-MY",
    cancelled: "Order cancelled",
    cancelDone: "Your order is cancelled.",
    cancelYes: "Yes, cancel the order",
    cancel: "Cancel my order",
  },
  bm: {
    change: "Tukar slot pemasangan",
    legend: "Pilih hari dan masa baharu",
    submit: "Tukar ke slot ini",
    done: (slot: string) => `Selesai: pemasangan anda kini pada ${slot}.`,
    rule: "Anda boleh menukar slot 3 kali lagi, sehingga ",
    ruleAfter: "Anda boleh menukar slot 2 kali lagi, sehingga ",
    window: { morning: "pagi, 09:00–13:00", afternoon: "petang, 14:00–18:00" },
    option: { morning: "Pagi, 09:00–13:00", afternoon: "Petang, 14:00–18:00" },
    locale: "ms-MY",
    cancelled: "Pesanan dibatalkan",
    cancelDone: "Pesanan anda telah dibatalkan.",
    cancelYes: "Ya, batalkan pesanan",
    cancel: "Batalkan pesanan saya",
  },
} as const;

/** The tracking link in a language: bm is the default, en adds `?language=en`. */
const inLanguage = (link: string, lang: Lang) => {
  const bare = link.replace(/\?.*$/, "");
  return lang === "en" ? `${bare}?language=en` : bare;
};

/** Waits for the page's content: hydrated with scripts, painted without. */
async function ready(page: Page, scripts: boolean) {
  if (scripts) await settled(page);
  else await expect(page.locator("main#main")).toBeVisible();
}

/**
 * A screenshot at 375 and 1280 px (then back to 375); with scripts on, axe-clean and no sideways
 * scroll (both run scripts in the page, which a page without JavaScript does not).
 */
async function shoot(page: Page, name: string, scripts = true) {
  if (scripts) {
    expect(await seriousViolations(page), name).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, `${name}: no horizontal scroll at 375 px`).toBeLessThanOrEqual(0);
  }
  await page.screenshot({ path: join(shots, `${name}-375.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: join(shots, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
}

/**
 * An order with a booked slot made through the services' API, as the sign-up makes it (lead,
 * address, details, OTP, consent, a document, the plan, the hold, the purchase): its tracking
 * link as the confirmation gives it.
 */
async function apiOrder(
  request: APIRequestContext,
  web: string,
  booked: { date: string; slot: "morning" | "afternoon" },
  postalCode = "47301",
) {
  const shop = `${servicesUrl}/shop/api`;
  const ok = async (what: string, answer: Promise<APIResponse>) => {
    const res = await answer;
    expect(res.status(), `${what}: ${await res.text()}`).toBe(200);
    return (await res.json()) as { response: Record<string, string> };
  };
  const lead = await ok(
    "lead",
    request.post(`${shop}/v1/greenfield/generate-sbb-lead`, {
      data: { product: "fibre", language: "en" },
    }),
  );
  const headers = { authorization: `Bearer ${lead.response.token}` };
  const found = (await ok(
    "address",
    request.post(`${servicesUrl}/address/cassandra/api/v1/address/greenfield-search`, {
      headers,
      data: { postalCode, residenceType: 1 },
    }),
  )) as unknown as { response: { addressId: string }[] };
  const phone = mobile();
  await ok(
    "details",
    request.patch(`${shop}/v1/greenfield/update-sbb-lead`, {
      headers,
      data: {
        name: "Aminah binti Yusof",
        phoneNumber: phone,
        email: "aminah@example.my",
        address: { addressId: found.response[0]!.addressId },
      },
    }),
  );
  const otp = await ok(
    "otp",
    request.post(`${shop}/v3/generate-otp`, { headers, data: { phoneNumber: phone, mock: true } }),
  );
  await ok(
    "verify",
    request.post(`${shop}/v3/verify-otp`, {
      headers,
      data: { phoneNumber: phone, otp: "123456", code: otp.response.code, mock: true },
    }),
  );
  await ok(
    "consent",
    request.post(`${shop}/v3/consent`, {
      headers,
      data: { language: "en", consentTextHash: CONSENT_TEXT_HASHES.en },
    }),
  );
  const signed = await ok(
    "signed url",
    request.post(`${shop}/v3/generate-signed-url`, {
      headers,
      data: { title: "MyKad (front)", type: "image/png" },
    }),
  );
  const put = await request.put(signed.response.signedUploadUrl!, {
    headers: { "content-type": "image/png" },
    data: PNG,
  });
  expect(put.status(), await put.text()).toBe(200);
  await ok(
    "plan",
    request.patch(`${shop}/v1/greenfield/update-sbb-order`, {
      headers,
      data: { packageId: "fibre-100" },
    }),
  );
  await ok(
    "hold",
    request.post(`${shop}/v1/greenfield/installation-hold`, { headers, data: booked }),
  );
  const bought = (await ok(
    "purchase",
    request.post(`${shop}/v3/purchase`, { headers, data: { termsAccepted: true } }),
  )) as unknown as { response: { orderNumber: string; tracking: { token: string } } };
  return {
    orderNumber: bought.response.orderNumber,
    link: `${web}/track/${bought.response.tracking.token}`,
  };
}

/** "Thursday, 3 December 2026, afternoon, 14:00–18:00" in the page's language. */
function slotText(lang: Lang, value: string) {
  const [date, slot] = value.split("/") as [string, "morning" | "afternoon"];
  const day = new Intl.DateTimeFormat(t[lang].locale, {
    timeZone: "Asia/Kuala_Lumpur",
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
  }).format(new Date(`${date}T12:00:00+08:00`));
  return `${day}, ${t[lang].window[slot]}`;
}

/**
 * On the tracking page (in `lang`): opens "Change installation slot", checks the list and the
 * rule, picks the last window offered by keyboard and sends it; answers what was picked.
 */
async function changeSlot(page: Page, lang: Lang, name: string, scripts: boolean) {
  const s = t[lang];
  const summary = page.getByTestId("tracking-change");
  await expect(summary).toHaveText(s.change);
  // A disclosure: Enter opens it, with or without scripts.
  await summary.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("group", { name: s.legend })).toBeVisible();
  await expect(page.locator(".tracking-change p").first()).toContainText(s.rule);
  const days = page.getByTestId("change-day");
  expect(await days.count()).toBeGreaterThan(3);
  await expect(days.first().locator("label").first()).toHaveText(
    new RegExp(`^(${s.option.morning}|${s.option.afternoon})`),
  );
  const option = days.last().locator('input[name="choice"]').last();
  const value = (await option.getAttribute("value"))!;
  expect(value).toMatch(/^2026-\d{2}-\d{2}\/(morning|afternoon)$/);
  await option.focus();
  await page.keyboard.press("Space");
  await expect(option).toBeChecked();
  await shoot(page, `${name}-list`, scripts);
  await page.getByRole("button", { name: s.submit }).click();
  await ready(page, scripts);
  return value;
}

test.describe("changing the installation slot from the tracking link", () => {
  test.setTimeout(240_000);

  for (const lang of ["en", "bm"] as const) {
    test(`an order from the sign-up, its link in a fresh browser: change the slot (${lang}, 375 px)`, async ({
      page,
      browser,
    }) => {
      const s = t[lang];
      await fresh(page, "/coverage");
      await address(page, "47301");
      await toPlans(page);
      await choosePlan(page, "fibre-100");
      const picked = await detailsToReview(page, mobile());
      const orderNumber = await submit(page);
      const link = inLanguage(await page.getByTestId("tracking-link").inputValue(), lang);

      // Another device: no saved journey, no token.
      const other = await browser.newContext({ viewport: { width: 375, height: 812 } });
      const phone = await other.newPage();
      const answer = await phone.goto(link);
      expect(answer?.status()).toBe(200);
      expect(answer?.headers()["cache-control"]).toBe("private, no-store");
      await settled(phone);
      await expect(phone.getByTestId("tracking-title")).toContainText(orderNumber);
      await expect(phone.getByTestId("tracking-installation")).toHaveText(
        slotText(lang, `${picked.iso}/${picked.slot}`),
      );
      const value = await changeSlot(phone, lang, `js-${lang}`, true);

      // The confirmation, focused, and the new slot in the order's facts; the page stays.
      const now = slotText(lang, value);
      await expect(phone.getByTestId("tracking-done")).toHaveText(s.done(now));
      await expect(phone.getByTestId("tracking-done")).toBeFocused();
      await expect(phone.getByTestId("tracking-installation")).toHaveText(now);
      expect(phone.url()).toBe(link);
      await expect(phone.locator(".tracking-change p").first()).toContainText(s.ruleAfter);
      await shoot(phone, `js-${lang}-done`);
      // Reloaded (another visit): the new slot is the order's.
      await phone.reload();
      await settled(phone);
      await expect(phone.getByTestId("tracking-installation")).toHaveText(now);
      await expect(phone.getByTestId("tracking-done")).toHaveCount(0);
      await other.close();
    });
  }

  for (const lang of ["en", "bm"] as const) {
    test(`with JavaScript disabled: the form changes the slot, then cancels (${lang}, 375 px)`, async ({
      browser,
      request,
      baseURL,
    }) => {
      const s = t[lang];
      const order = await apiOrder(request, baseURL!, { date: "2026-11-25", slot: "morning" });
      const link = inLanguage(order.link, lang);
      const context = await browser.newContext({
        viewport: { width: 375, height: 812 },
        javaScriptEnabled: false,
      });
      const page = await context.newPage();
      const answer = await page.goto(link);
      expect(answer?.status()).toBe(200);
      expect(answer?.headers()["cache-control"]).toBe("private, no-store");
      await ready(page, false);
      await expect(page.getByTestId("tracking-installation")).toHaveText(
        slotText(lang, "2026-11-25/morning"),
      );
      // The form posts to the page; the server answers 303 back with the outcome.
      const posted = page.waitForResponse(
        (r) => r.request().method() === "POST" && r.url().includes("/track/"),
      );
      const value = await changeSlot(page, lang, `nojs-${lang}`, false);
      const post = await posted;
      expect(post.status()).toBe(303);
      expect(post.headers()["cache-control"]).toBe("private, no-store");
      await expect(page).toHaveURL(
        `${link}${lang === "en" ? "&" : "?"}done=rescheduled`.replace(
          "?language=en&done=rescheduled",
          "?done=rescheduled&language=en",
        ),
      );
      const now = slotText(lang, value);
      await expect(page.getByTestId("tracking-done")).toHaveText(s.done(now));
      await expect(page.getByTestId("tracking-installation")).toHaveText(now);
      await shoot(page, `nojs-${lang}-done`, false);

      // Cancelling without scripts: the question is a page of its own, "Yes" posts.
      await page.getByRole("link", { name: s.cancel }).click();
      await ready(page, false);
      await page.getByRole("button", { name: s.cancelYes }).click();
      await ready(page, false);
      expect(page.url()).toContain("done=cancelled");
      await expect(page.getByTestId("tracking-done")).toHaveText(s.cancelDone);
      await expect(page.getByTestId("tracking-status")).toHaveText(s.cancelled);
      await expect(page.getByTestId("tracking-installation")).toHaveCount(0);
      await expect(page.getByTestId("tracking-change")).toHaveCount(0);
      await context.close();
    });
  }

  test("a slot just taken: the page says so in bm and shows the list again (375 px)", async ({
    browser,
    request,
    baseURL,
  }) => {
    // Perlis (01000, TeraLink: 3 installation days from the 25th): one installer a window.
    const mine = await apiOrder(
      request,
      baseURL!,
      { date: "2026-11-26", slot: "afternoon" },
      "01000",
    );
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    await page.goto(mine.link);
    await settled(page);
    await page.getByTestId("tracking-change").click();
    const target = page.locator('input[value="2026-11-27/morning"]');
    await expect(target).toBeVisible();
    // Meanwhile another order takes the 27th's morning.
    await apiOrder(request, baseURL!, { date: "2026-11-27", slot: "morning" }, "01000");
    await target.check();
    await page.getByRole("button", { name: t.bm.submit }).click();
    await expect(page.getByTestId("change-error")).toHaveText(
      "Maaf, slot itu baru sahaja diambil orang lain. Pemasangan anda kekal seperti asal: pilih slot lain daripada senarai terkini.",
    );
    await expect(page.locator('input[value="2026-11-27/morning"]')).toHaveCount(0);
    await expect(page.getByTestId("tracking-installation")).toHaveText(
      slotText("bm", "2026-11-26/afternoon"),
    );
    await shoot(page, "taken-bm");
    await context.close();
  });
});

// The tracking page in front of services that are down: a portal of its own behind a proxy that
// stops listening (as e2e/faults.spec.ts does).
const webPort = Number(new URL(process.env.E2E_BASE_URL ?? "http://localhost:3000").port) + 8;
const proxyPort = Number(new URL(servicesUrl).port) + 8;
const downWeb = `http://localhost:${webPort}`;

test.describe("the tracking page with the services down", () => {
  let proxy: Server | undefined;
  let portal: ChildProcess | undefined;
  const sockets = new Set<Socket>();

  function forward(req: IncomingMessage, res: ServerResponse) {
    const upstream = httpRequest(
      `${servicesUrl}${req.url}`,
      { method: req.method, headers: { ...req.headers, host: new URL(servicesUrl).host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  }
  async function up() {
    proxy = createServer(forward);
    proxy.on("connection", (socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => proxy!.listen(proxyPort, "127.0.0.1", resolve));
  }
  async function down() {
    await new Promise<void>((resolve) => {
      proxy!.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  }

  test.beforeAll(async () => {
    await up();
    portal = spawn(process.execPath, ["dist/server/main.js"], {
      cwd: join(here, ".."),
      stdio: "ignore",
      env: {
        ...process.env,
        WEB_PORT: String(webPort),
        API_BASE_URL: `http://127.0.0.1:${proxyPort}`,
        CONTENT_TIMEOUT_MS: "3000",
        CONTENT_FRESH_MS: "1000",
        LOG_LEVEL: "error",
      },
    });
    for (let i = 0; i < 80; i++) {
      if (
        await fetch(`${downWeb}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (i === 79) throw new Error("the portal in front of the proxy did not start");
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });
  test.afterAll(async () => {
    portal?.kill();
    if (proxy?.listening) await down();
  });

  test("is the honest error in bm and en, never kept as a 200; back once they answer", async ({
    request,
    browser,
  }: {
    request: APIRequestContext;
    browser: Browser;
  }) => {
    test.setTimeout(120_000);
    const order = await apiOrder(request, downWeb, { date: "2026-11-30", slot: "morning" });
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    const good = await page.goto(order.link);
    expect(good?.status()).toBe(200);
    await settled(page);

    await down();
    for (const [lang, title, body, retry] of [
      [
        "bm",
        "Kami tidak dapat memuatkan halaman ini",
        "Perkhidmatan tidak menjawab. Semak sambungan anda, kemudian cuba lagi.",
        "Cuba lagi",
      ],
      [
        "en",
        "We could not load this page",
        "The service did not answer. Check your connection, then try again.",
        "Try again",
      ],
    ] as const) {
      const answer = await page.goto(inLanguage(order.link, lang));
      expect(answer?.status(), lang).toBe(503);
      expect(answer?.headers()["cache-control"]).toBe("private, no-store");
      const alert = page.locator("main").getByRole("alert");
      await expect(alert.getByRole("heading")).toHaveText(title);
      await expect(alert.getByRole("paragraph")).toHaveText(body);
      await expect(alert.getByRole("button", { name: retry })).toBeVisible();
      await expect(page.locator("main")).not.toContainText(order.orderNumber);
      await page.screenshot({ path: join(shots, `down-${lang}-375.png`), fullPage: true });
    }
    await up();
    const back = await page.goto(order.link);
    expect(back?.status()).toBe(200);
    await settled(page);
    await expect(page.getByTestId("tracking-title")).toContainText(order.orderNumber);
    await context.close();
  });
});
