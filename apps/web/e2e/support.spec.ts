import { expect, test, type Page } from "@playwright/test";
import { checkScreen, seriousViolations, settled } from "./helpers";

// A word of one answer in the seeded support data (apps/services/seed/support), searched by its
// first and by its last six letters: @portal/support-search matches prefixes and suffixes.
const cases = {
  en: {
    word: "characters",
    prefix: "charac",
    suffix: "acters",
    article: "/support/router-wifi/change-wifi-password",
    title: "How do I change my Wi-Fi password?",
  },
  bm: {
    word: "mencurigakan",
    prefix: "mencur",
    suffix: "igakan",
    article: "/support/privacy-security/scam-calls",
    title: "Saya menerima panggilan meminta kod OTP. Adakah itu Suria?",
  },
} as const;

// The seeded question titles in both languages (the slugs are the same).
const titles: Record<string, Record<"bm" | "en", string>> = {
  "/support/router-wifi/change-wifi-password": {
    bm: "Bagaimana menukar kata laluan Wi-Fi?",
    en: "How do I change my Wi-Fi password?",
  },
  "/support/privacy-security/scam-calls": {
    bm: "Saya menerima panggilan meminta kod OTP. Adakah itu Suria?",
    en: "I got a call asking for my OTP code. Is it Suria?",
  },
};

/**
 * The result linking to the case's article is shown, its matched word highlighted as text
 * (React-escaped, never injected HTML), with the count of results; returns the result.
 */
async function expectHighlightedHit(page: Page, c: { article: string; word: string }) {
  const hit = page
    .getByTestId("support-result")
    .filter({ has: page.locator(`a[href^="${c.article}"]`) });
  await expect(hit).toBeVisible();
  await expect(hit.locator("mark").first()).toHaveText(new RegExp(c.word, "i"));
  await expect(page.getByTestId("support-count")).toBeVisible();
  return hit;
}

for (const lang of ["bm", "en"] as const) {
  const c = cases[lang];

  test.describe(`support centre in ${lang}`, () => {
    test("topics render, and the page is accessible and captured", async ({ page }) => {
      await page.goto(`/support?language=${lang}`);
      await settled(page);
      await expect(page.getByTestId("support-topic").first()).toBeVisible();
      expect(await page.title()).toMatch(/Suria/);
      expect(await page.locator('meta[name="description"]').getAttribute("content")).toBeTruthy();
      const whatsapp = page.getByTestId("support-whatsapp");
      await expect(whatsapp).toHaveAttribute("href", /^https:\/\/wa\.me\/60\d+/);
      await expect(whatsapp).toHaveAttribute("target", "_blank");
      await checkScreen(page, `support-${lang}`);
    });

    for (const kind of ["prefix", "suffix"] as const) {
      test(`search finds an article by the ${kind} of a word, as you type`, async ({ page }) => {
        await page.goto(`/support?language=${lang}`);
        await settled(page);
        const box = page.getByTestId("support-search");
        await box.click();
        await box.pressSequentially(c[kind], { delay: 30 });
        // Debounced: the URL follows the typing, the query stays a string.
        await expect(page).toHaveURL(new RegExp(`[?&]q=${c[kind]}(&|$)`));
        const hit = await expectHighlightedHit(page, c);
        if (kind === "prefix") await checkScreen(page, `support-search-${lang}`);
        // A reload keeps the query and its results.
        await page.reload();
        await settled(page);
        await expect(page.getByTestId("support-search")).toHaveValue(c[kind]);
        await expect(hit).toBeVisible();
        await hit.locator("a").first().click();
        await expect(page).toHaveURL(new RegExp(`${c.article}(\\?|$)`));
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(c.title);
      });
    }

    test("the search asks the content service as the visitor types, never the whole support centre", async ({
      page,
    }) => {
      const scripts: string[] = [];
      const calls: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(request.url());
        else calls.push(request.url());
      });
      const wholeCentre = () => calls.filter((url) => url.includes(`/static/support/${lang}/all`));
      const searches = () => calls.filter((url) => url.includes(`/static/support/${lang}/search?`));
      await page.goto(`/support?language=${lang}`);
      await settled(page);
      await page.waitForLoadState("networkidle");
      // The page holds its topics; no search has been asked.
      await expect(page.getByTestId("support-topic")).toHaveCount(9);
      expect(scripts.filter((url) => /\/sanitise-[\w-]+\.js$/.test(url))).toEqual([]);
      const loaded = scripts.length;
      await page.getByTestId("support-search").focus();
      await page.getByTestId("support-search").pressSequentially(c.prefix, { delay: 30 });
      await expect(
        page.getByTestId("support-result").filter({ has: page.locator(`a[href^="${c.article}"]`) }),
      ).toBeVisible();
      // The results came from searchSupport (top 20), debounced: not one request per letter.
      expect(searches().length).toBeGreaterThan(0);
      expect(searches().length).toBeLessThan(c.prefix.length);
      const asked = new URL(searches().at(-1)!);
      expect(asked.searchParams.get("q")).toBe(c.prefix);
      expect(asked.searchParams.get("limit")).toBe("20");
      // Neither the whole support centre nor the search library (flexsearch) came to the browser.
      await page.waitForLoadState("networkidle");
      expect(wholeCentre()).toEqual([]);
      expect(scripts.slice(loaded).filter((url) => /support-search|flexsearch/.test(url))).toEqual(
        [],
      );
    });

    test("a visitor who types at once sees the search loading, then the results", async ({
      page,
    }) => {
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`**/static/support/${lang}/search?**`, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`/support?language=${lang}`);
      await settled(page);
      await page.waitForLoadState("networkidle");
      await page.getByTestId("support-search").fill(c.prefix);
      await expect(page.getByTestId("support-loading")).toHaveText(
        lang === "bm" ? "Mencari jawapan…" : "Searching the answers…",
      );
      await expect(page).toHaveURL(new RegExp(`[?&]q=${c.prefix}(&|$)`));
      release();
      await expect(
        page.getByTestId("support-result").filter({ has: page.locator(`a[href^="${c.article}"]`) }),
      ).toBeVisible();
      await expect(page.getByTestId("support-loading")).toHaveCount(0);
      // The count is announced once the results are there.
      await expect(page.locator(".support-search + [role=status]")).toHaveText(/“/);
    });

    test("without JavaScript the form posts and the server renders the results", async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      try {
        await page.goto(`/support?language=${lang}`);
        await page.getByTestId("support-search").fill(c.prefix);
        await page.getByTestId("support-search").press("Enter");
        await expect(page).toHaveURL(new RegExp(`[?&]q=${c.prefix}(&|$)`));
        await expectHighlightedHit(page, c);
      } finally {
        await context.close();
      }
    });

    test("a topic and an answer load what they show, not the whole support centre", async ({
      page,
    }) => {
      const calls: string[] = [];
      page.on("request", (request) => calls.push(request.url()));
      await page.goto(`${c.article}?language=${lang}`);
      await settled(page);
      await page.waitForLoadState("networkidle");
      // A link to the topic, followed in the browser: it asks for that category only.
      await page.locator("nav a[href^='/support/']").first().click();
      await expect(page.locator(".support-question-list li").first()).toBeVisible();
      const support = calls.filter((url) => url.includes("/static/support/"));
      expect(support.map((url) => new URL(url).pathname.replace(/^.*\/static/, ""))).toEqual([
        `/support/${lang}/category/${c.article.split("/")[2]}`,
      ]);
    });

    test("a search with no match says so", async ({ page }) => {
      await page.goto(`/support?language=${lang}&q=zzqxv`);
      await settled(page);
      await expect(page.getByTestId("support-result")).toHaveCount(0);
      await expect(page.getByRole("heading", { name: /zzqxv/ })).toBeVisible();
    });

    test("a question page shows the answer, related articles and WhatsApp help", async ({
      page,
    }) => {
      await page.goto(`${c.article}?language=${lang}`);
      await settled(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(c.title);
      await expect(page.getByTestId("support-article").locator(".pui-rich-text")).toBeVisible();
      expect(await page.title()).toBe(`${c.title} | Suria`);
      const related = page.getByTestId("support-related").locator("li");
      const count = await related.count();
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThanOrEqual(5);
      await expect(page.getByTestId("support-whatsapp")).toHaveAttribute(
        "href",
        /^https:\/\/wa\.me\/60\d+\?text=/,
      );
      // The breadcrumb leads back to the topic, whose URL is the category slug.
      await page.locator("nav a[href^='/support/']").first().click();
      await expect(page).toHaveURL(new RegExp(`/support/${c.article.split("/")[2]}(\\?|$)`));
      await expect(page.locator(".support-question-list li").first()).toBeVisible();
      await page.goto(`${c.article}?language=${lang}`);
      await settled(page);
      await checkScreen(page, `support-question-${lang}`);
    });

    test("the question URL is the same in both languages: switching keeps the page", async ({
      page,
    }) => {
      const other = lang === "bm" ? "en" : "bm";
      await page.goto(`${c.article}?language=${lang}`);
      await settled(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(c.title);
      await page.locator(`.pui-lang__option[lang="${other === "bm" ? "ms" : "en"}"]`).click();
      await expect(page.locator("html")).toHaveAttribute("lang", other === "bm" ? "ms" : "en");
      await expect(page).toHaveURL(new RegExp(c.article));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(titles[c.article]![other]);
    });

    test("a failed load shows an error with Try again, which loads the support centre", async ({
      page,
    }) => {
      let failures = 0;
      await page.route("**/static/support/**", (route) => {
        if (failures < 2) {
          failures += 1; // the first load and the query client's one retry
          return route.abort("failed");
        }
        return route.continue();
      });
      // The browser loads the support centre on a navigation from another page.
      await page.goto(`/?language=${lang}`);
      await settled(page);
      await page.locator('header nav a[href^="/support"]').first().click({ force: true });
      const alert = page.locator(".pui-state--error");
      await expect(alert).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await alert.getByRole("button").first().click();
      await expect(page.getByTestId("support-topic").first()).toBeVisible();
    });

    test("an unknown question is a 404 page", async ({ page }) => {
      await page.goto(`/support/billing/no-such-question?language=${lang}`);
      await expect(page.getByTestId("not-found")).toBeVisible();
    });
  });
}
