// Issue 21, personal data. What a visitor types (a MyKad, a phone number, an email, a name) never
// reaches a URL the browser goes to or the server sees, with scripts off (every form of the site)
// or on (a journey through the searches and the forms), never reaches window.dataLayer or the
// services' and the portal's logs; a title or a share card only names what the server knows.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { freePort, servicesEnv, stopServers, waitFor, withLanguage } from "./helpers";

const MYKAD = "880412-14-5678";
const PHONE = "012-345 6789";
const EMAIL = "zulaikha.q@example.com";
const NAME = "Zulaikha Qistina";

/** Whether a URL (decoded, separators dropped) holds one of the typed values. */
function personalIn(url: string): string[] {
  let text = url;
  try {
    text = decodeURIComponent(url.replace(/\+/g, " "));
  } catch {
    // Left as it is.
  }
  const lower = text.toLowerCase();
  const digits = lower.replace(/[\s().-]/g, "");
  const found: string[] = [];
  if (digits.includes("880412145678") || digits.includes("880412")) found.push("mykad");
  if (digits.includes("123456789") || digits.includes("3456789")) found.push("phone");
  if (lower.includes("zulaikha.q") || lower.includes("example.com")) found.push("email");
  if (lower.includes("zulaikha") || lower.includes("qistina")) found.push("name");
  return found;
}

/** What a field of a form is filled with, by its name and type. */
function valueFor(name: string, type: string): string {
  if (/identityCard/i.test(name)) return MYKAD;
  if (type === "email" || /email/i.test(name)) return EMAIL;
  if (type === "tel" || /phone|mobile|altNumber/i.test(name)) return PHONE;
  if (/postalCode|postcode/i.test(name)) return "50450";
  if (name === "keyword") return "880412 14 5678";
  if (name === "q") return "(012) 345 6789";
  if (name === "code") return "0123456789";
  if (name === "referralCode") return "SURIA8K2Q";
  if (name === "houseNumber") return "12";
  return NAME;
}

/** Every page with a form, and how many forms it shows without scripts. */
const FORM_PAGES: ReadonlyArray<readonly [path: string, forms: number]> = [
  ["/contact-us", 1],
  ["/b40", 1],
  ["/referral", 2],
  ["/search", 1],
  ["/support", 1],
  ["/register-interest", 1],
  ["/register-interest?product=tv", 1],
  ["/coverage", 1],
  ["/coverage?product=tv", 1],
  // The sign-up and the entitled-fibre offer need scripts (their steps come from the saved
  // journey and the services): without them they show the page and no form.
  ["/signup", 0],
  ["/signup?product=tv", 0],
  ["/entitled-fibre?token=abc", 0],
];

/** Fills every text field, textarea and list of a form, then sends it with its button or Enter. */
async function fillAndSend(page: Page, index: number) {
  const form = page.locator("form").nth(index);
  const fields = form.locator(
    'input:not([type="hidden"]):not([type="radio"]):not([type="checkbox"]):not([type="file"]), textarea',
  );
  for (let i = 0; i < (await fields.count()); i++) {
    const field = fields.nth(i);
    const name = (await field.getAttribute("name")) ?? "";
    const type = (await field.getAttribute("type")) ?? "text";
    await field.fill(valueFor(name, type));
  }
  const radios = form.locator('input[type="radio"]');
  if ((await radios.count()) > 0) await radios.first().check();
  const selects = form.locator("select");
  for (let i = 0; i < (await selects.count()); i++) {
    const options = await selects
      .nth(i)
      .locator("option")
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    if (options[0]) await selects.nth(i).selectOption(options[0]);
  }
  const posted = page.waitForResponse((r) => r.request().method() === "POST");
  const button = form.locator('button[type="submit"]');
  if ((await button.count()) > 0) await button.first().click();
  else await fields.first().press("Enter");
  const answer = await posted;
  expect(answer.status(), "a form posted without scripts is answered 303").toBe(303);
  await page.waitForLoadState("load");
}

test.describe("with scripts off, no form puts what was typed in a URL", () => {
  test.use({ javaScriptEnabled: false });

  for (const lang of ["bm", "en"] as const) {
    test(`every form of the site, ${lang}`, async ({ page }) => {
      test.setTimeout(180_000);
      const seen: string[] = [];
      page.on("request", (request) => seen.push(`${request.method()} ${request.url()}`));
      const landed: string[] = [];
      let sent = 0;
      for (const [path, count] of FORM_PAGES) {
        await page.goto(withLanguage(path, lang));
        expect(await page.locator("form").count(), path).toBe(count);
        for (let index = 0; index < count; index++) {
          if (index > 0) await page.goto(withLanguage(path, lang));
          // Every form posts: none sends its fields in a URL.
          expect(await page.locator("form").nth(index).getAttribute("method"), path).toBe("post");
          await fillAndSend(page, index);
          sent++;
          landed.push(page.url());
          // Back on the page (a lookup on its own address), in the page's language.
          expect(new URL(page.url()).pathname, path).toBe(new URL(path, "http://x").pathname);
          expect(new URL(page.url()).searchParams.get("language"), path).toBe(
            lang === "en" ? "en" : null,
          );
        }
      }
      expect(sent).toBe(10);
      // The lookups came back with the text masked; every other form to its own page.
      expect(landed.map((url) => url.replace(/^https?:\/\/[^/]+/, ""))).toEqual(
        [
          "/contact-us",
          "/b40",
          "/referral?code=%5Bphone%5D",
          "/referral",
          "/search?keyword=%5Bmykad%5D",
          "/support?q=%5Bphone%5D",
          "/register-interest",
          "/register-interest?product=tv",
          "/coverage",
          "/coverage?product=tv",
        ].map((url) => withLanguage(url, lang)),
      );
      const leaked = [...seen, ...landed].filter((url) => personalIn(url).length > 0);
      expect(leaked).toEqual([]);
    });
  }

  test("the lookups mask an email and every typing of a phone number or a MyKad", async ({
    page,
  }) => {
    const seen: string[] = [];
    page.on("request", (request) => seen.push(request.url()));
    for (const [path, field, typed, masked] of [
      ["/search?language=en", "keyword", EMAIL, "%5Bemail%5D"],
      ["/search?language=en", "keyword", "+6012-345 6789", "%5Bphone%5D"],
      ["/search?language=en", "keyword", "6012 345 6789", "%5Bphone%5D"],
      ["/search?language=en", "keyword", "880412145678", "%5Bmykad%5D"],
      ["/support?language=en", "q", `wifi ${EMAIL}`, "wifi%20%5Bemail%5D"],
      ["/support?language=en", "q", "880412-14-5678", "%5Bmykad%5D"],
      ["/referral?language=en", "code", "012 3456789", "%5Bphone%5D"],
    ] as const) {
      await page.goto(path);
      await page.locator(`input[name="${field}"]`).first().fill(typed);
      await page.locator(`input[name="${field}"]`).first().press("Enter");
      await page.waitForURL((url) => url.search.startsWith(`?${field}=${masked}`), {
        waitUntil: "load",
      });
      expect(new URL(page.url()).search).toBe(`?${field}=${masked}&language=en`);
    }
    expect(seen.filter((url) => personalIn(url).length > 0)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// With scripts on, against a services and a portal this spec starts with LOG_LEVEL=info, so the
// logs hold a line per request with its URL.

const here = dirname(fileURLToPath(import.meta.url));
const servicesDir = join(here, "..", "..", "services");
const webDir = join(here, "..");

test.describe("a journey with personal data typed everywhere", () => {
  const logs: string[] = [];
  const children: ChildProcess[] = [];
  let dataDir = "";
  let web = "";

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    for (const built of [
      join(servicesDir, "dist", "server.js"),
      join(webDir, "dist", "server", "main.js"),
    ])
      if (!existsSync(built))
        throw new Error(`${built} is missing: build the services and the portal first`);
    const servicesPort = await freePort();
    const webPort = await freePort();
    web = `http://localhost:${webPort}`;
    dataDir = mkdtempSync(join(tmpdir(), "portal-privacy-e2e-"));
    const keep = (name: string, child: ChildProcess) => {
      child.stdout?.on("data", (chunk: Buffer) => logs.push(`${name} ${String(chunk)}`));
      child.stderr?.on("data", (chunk: Buffer) => logs.push(`${name} ${String(chunk)}`));
      children.push(child);
    };
    keep(
      "services",
      spawn(process.execPath, ["dist/server.js"], {
        cwd: servicesDir,
        env: servicesEnv(servicesPort, dataDir, `${web},http://127.0.0.1:${webPort}`, {
          LOG_LEVEL: "info",
          RATE_LIMIT_MAX: "300",
        }),
      }),
    );
    await waitFor(`http://127.0.0.1:${servicesPort}/config/`);
    keep(
      "portal",
      spawn(process.execPath, ["dist/server/main.js"], {
        cwd: webDir,
        env: {
          ...process.env,
          WEB_PORT: String(webPort),
          PORT: String(webPort),
          API_BASE_URL: `http://localhost:${servicesPort}`,
          LOG_LEVEL: "info",
        },
      }),
    );
    await waitFor(`${web}/healthz`);
  });

  test.afterAll(async () => {
    await stopServers(children, dataDir);
  });

  for (const lang of ["bm", "en"] as const) {
    test(`leaves none in a URL, the dataLayer or the logs, ${lang}`, async ({ page }) => {
      test.setTimeout(180_000);
      const seen: string[] = [];
      page.on("request", (request) => seen.push(request.url()));
      const pages: string[] = [];
      page.on("framenavigated", (frame) => {
        if (frame === page.mainFrame()) pages.push(frame.url());
      });
      const events: unknown[] = [];
      /** The page's events so far (a full load starts a new dataLayer). */
      const keepEvents = async () =>
        events.push(
          ...(await page.evaluate(
            () => (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [],
          )),
        );
      const open = async (path: string) => {
        await page.goto(`${web}${withLanguage(path, lang)}`);
        await page.waitForFunction(() =>
          Object.keys(document.querySelector("form") ?? {}).some((k) =>
            k.startsWith("__reactProps$"),
          ),
        );
      };

      // The site search: a MyKad.
      await open("/search");
      await page.locator('input[name="keyword"]').fill(MYKAD);
      await page.locator('input[name="keyword"]').press("Enter");
      await expect(page).toHaveURL(/\/search\?(.*&)?keyword=%5Bmykad%5D/);
      await expect(page.locator('input[name="keyword"]')).toHaveValue("[mykad]");
      await keepEvents();

      // The support search, as typed: a phone number, then an email.
      await open("/support");
      await page.locator('input[name="q"]').fill(PHONE);
      await expect(page).toHaveURL(/\/support\?(.*&)?q=%5Bphone%5D/);
      await page.locator('input[name="q"]').fill(`router ${EMAIL}`);
      await expect(page).toHaveURL(/\/support\?(.*&)?q=router(\+|%20)%5Bemail%5D/);
      // The box keeps what the visitor typed; only the address is masked.
      await expect(page.locator('input[name="q"]')).toHaveValue(`router ${EMAIL}`);
      await keepEvents();

      // A phone number typed as a referral code.
      await open("/referral");
      await page.locator('input[name="code"]').fill("0123456789");
      await page.locator('input[name="code"]').press("Enter");
      await expect(page).toHaveURL(/\/referral\?(.*&)?code=%5Bphone%5D/);
      // The status check: a code and a phone number, posted to the service, not the address.
      await page.locator('input[name="referralCode"]').fill("SURIA8K2Q");
      await page.locator('input[name="phoneNumber"]').fill(PHONE);
      const status = page.waitForResponse((r) => r.url().includes("/referral/status"));
      await page.getByTestId("referral-status-form").locator('button[type="submit"]').click();
      await status;
      await keepEvents();

      // The B40 check: a MyKad.
      await open("/b40");
      await page.locator('input[name="identityCard"]').fill(MYKAD);
      await page.getByTestId("b40-form").locator('button[type="submit"]').click();
      await expect(page.getByTestId("b40-result")).toBeVisible();
      await keepEvents();

      // Register interest: a name, a phone number and an email.
      await open("/register-interest");
      const form = page.getByTestId("interest-form");
      await form.locator('input[name="name"]').fill(NAME);
      await form.locator('input[name="phoneNumber"]').fill(PHONE);
      await form.locator('input[name="email"]').fill(EMAIL);
      await form.locator('input[name="postalCode"]').fill("50450");
      await form.locator('input[name="residenceType"]').first().check();
      await form.locator('button[type="submit"]').click();
      await expect(page.getByTestId("interest-done")).toBeVisible();
      await keepEvents();

      // The searches were seen by analytics, masked.
      expect(events).toContainEqual(
        expect.objectContaining({ event: "search", search_term: "[mykad]", language: lang }),
      );
      expect(events).toContainEqual(
        expect.objectContaining({ event: "search", search_term: "router [email]", language: lang }),
      );
      expect(JSON.stringify(events)).not.toMatch(/880412|3456789|zulaikha|example\.com/i);
      expect(pages.length).toBeGreaterThanOrEqual(5);
      expect([...pages, ...seen].filter((url) => personalIn(url).length > 0)).toEqual([]);

      // The logs: the services logged every request with its URL (info), none with the values.
      const text = logs.join("");
      expect(text).toMatch(/"url":"\/content\/api\/v1\/search\?lang=(bm|en)&keyword=%5Bmykad%5D/);
      expect(text).toContain("/content/api/v1/b40/verify");
      expect(text).toContain("/shop/api/v3/register-interest");
      for (const value of [
        "880412145678",
        "880412-14-5678",
        "880412%20",
        "0123456789",
        "012-345",
        "345 6789",
        "345%206789",
        "zulaikha",
        "Zulaikha",
        "example.com",
        "%40example",
      ])
        expect(text, value).not.toContain(value);

      // The page cache keys are the page URLs: none holds a value, so none is cached.
      const pageUrls = pages.filter((url) => url.startsWith(web));
      expect(pageUrls.filter((url) => personalIn(url).length > 0)).toEqual([]);
    });
  }
});

// ---------------------------------------------------------------------------------------------

const PHISHING = "Daftar Promo RM1 - WhatsApp +60111111111 to claim";

test.describe("only known values reach a title", () => {
  const q = encodeURIComponent(PHISHING);
  const cases: ReadonlyArray<readonly [path: string, bm: string, en: string, status: number]> = [
    [`/signup?product=${q}`, "Daftar Suria Fibre | Suria", "Sign up for Suria Fibre | Suria", 200],
    [
      `/signup/confirmation?product=${q}`,
      "Pengesahan pendaftaran | Suria",
      "Sign-up confirmation | Suria",
      200,
    ],
    [
      `/register-interest?product=${q}`,
      "Daftar minat anda untuk Suria Fibre | Suria",
      "Register your interest in Suria Fibre | Suria",
      200,
    ],
    [
      `/coverage?product=${q}&package=${q}&addOn=${q}&referral=${q}`,
      "Semak liputan fiber | Suria",
      "Check fibre coverage | Suria",
      200,
    ],
    [
      `/entitled-fibre?token=${q}`,
      "Tawaran Suria Fibre untuk pelanggan Suria TV | Suria",
      "Suria Fibre offer for Suria TV customers | Suria",
      200,
    ],
    [`/referral?code=${q}`, "Rujukan | Suria", "Referrals | Suria", 200],
    [`/search?keyword=${q}`, "Carian | Suria", "Search | Suria", 200],
    [`/support?q=${q}`, "Pusat sokongan | Suria", "Support centre | Suria", 200],
    [`/fibre/${q}`, "Halaman tidak dijumpai | Suria", "Page not found | Suria", 404],
    [`/tv/${q}`, "Halaman tidak dijumpai | Suria", "Page not found | Suria", 404],
    [`/packages/${q}`, "Halaman tidak dijumpai | Suria", "Page not found | Suria", 404],
    [`/channels/${q}`, "Halaman tidak dijumpai | Suria", "Page not found | Suria", 404],
    [`/${q}`, "Halaman tidak dijumpai | Suria", "Page not found | Suria", 404],
  ];

  for (const lang of ["bm", "en"] as const) {
    test(`the generic title and share card with unknown values, ${lang}`, async ({ request }) => {
      for (const [path, bm, en, status] of cases) {
        const answer = await request.get(withLanguage(path, lang));
        expect(answer.status(), path).toBe(status);
        const html = await answer.text();
        const title = lang === "bm" ? bm : en;
        expect(html.match(/<title>([^<]*)<\/title>/)?.[1], path).toBe(title);
        if (status === 200) {
          // The share card says the same; neither names what the link carried.
          const og = html.match(/<meta property="og:title" content="([^"]*)"/)?.[1];
          expect(og, path).toBe(title.replace(/ \| Suria$/, ""));
          const twitter = html.match(/<meta name="twitter:title" content="([^"]*)"/)?.[1];
          if (twitter !== undefined) expect(twitter, path).toBe(og);
        }
        const head = html.slice(0, html.indexOf("</head>"));
        expect(head, path).not.toContain("60111111111");
        expect(head, path).not.toContain("WhatsApp +");
      }
    });
  }
});
