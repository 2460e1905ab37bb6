import { expect, test } from "@playwright/test";
import { seedIds, settled } from "./helpers";

const ids = seedIds();

test("Malay by default with empty storage; ?language=en switches and persists across a reload", async ({
  page,
}) => {
  await page.goto("/");
  await settled(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "ms");
  await expect(page.getByRole("link", { name: "Utama", exact: true })).toBeVisible();

  await page.goto("/channels?language=en");
  await settled(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1, name: "Channels" })).toBeVisible();

  await page.goto("/channels");
  await settled(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  expect(await page.evaluate(() => localStorage.getItem("portal.language"))).toBe("en");
});

test("the header switcher changes every text without a reload", async ({ page }) => {
  await page.goto(`/channels/${ids.channel}`);
  await settled(page);
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
  const bmTitle = await page.title();
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("link", { name: "Home", exact: true }).first()).toBeVisible();
  await expect(page.locator(".facts dt").first()).toHaveText("Channel");
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
  await page.getByRole("button", { name: "Bahasa Melayu" }).click();
  await expect(page.locator(".facts dt").first()).toHaveText("Saluran");
  expect(await page.title()).toBe(bmTitle);

  await page
    .getByRole("navigation", { name: "Utama" })
    .getByRole("link", { name: "Saluran" })
    .click();
  await expect(page).toHaveTitle("Saluran | Suria");
  await page.getByRole("button", { name: "English" }).click();
  await expect(page).toHaveTitle("Channels | Suria");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Channels");
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
});

test("on a phone the navigation opens from the Menu button and closes on a link or Escape", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/?language=en");
  await settled(page);
  const menu = page.getByRole("button", { name: "Menu" });
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(nav).toBeHidden();

  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  // Every section is reachable without scrolling a strip sideways: the last link is on screen.
  await expect(nav.getByRole("link", { name: "Support" })).toBeInViewport();
  await nav.getByRole("link", { name: "Channels" }).click();
  await expect(page).toHaveTitle("Channels | Suria");
  await expect(nav).toBeHidden();
  await expect(menu).toHaveAttribute("aria-expanded", "false");

  // Keyboard: Enter opens, Escape closes and gives focus back to the button.
  await menu.focus();
  await page.keyboard.press("Enter");
  await expect(nav).toBeVisible();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Escape");
  await expect(nav).toBeHidden();
  await expect(menu).toBeFocused();

  // From 64rem the navigation is always shown and the button is gone.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(nav).toBeVisible();
  await expect(menu).toBeHidden();
});

test("a closed banner stays closed on reload, and comes back in a new session", async ({
  page,
  browser,
}) => {
  await page.goto("/");
  await settled(page);
  const banner = page.getByTestId("banner-announcement");
  await expect(banner).toBeVisible();
  await page
    .getByRole("region", { name: await banner.locator("strong").innerText() })
    .getByRole("button")
    .click();
  await expect(banner).toHaveCount(0);
  expect(
    await page.evaluate(() => sessionStorage.getItem("portal.banner.announcement.closed")),
  ).toBe("true");
  await page.reload();
  await settled(page);
  await expect(page.getByTestId("banner-promotion")).toBeVisible();
  await expect(page.getByTestId("banner-announcement")).toHaveCount(0);
  const events = await page.evaluate(() => window.dataLayer ?? []);
  expect(events.some((e) => e.event === "page_view")).toBe(true);

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto("/");
  await expect(other.getByTestId("banner-announcement")).toBeVisible();
  await fresh.close();
});

test("the configured search parameters close the banners", async ({ page }) => {
  await page.goto("/?hideAnnouncement=true&hidePromotion=1");
  await settled(page);
  await expect(page.getByTestId("banner-announcement")).toHaveCount(0);
  await expect(page.getByTestId("banner-promotion")).toHaveCount(0);
  await page.goto("/channels");
  await settled(page);
  await expect(page.getByTestId("banner-promotion")).toHaveCount(0);
});

test("a failed call shows the error state, and retry recovers", async ({ page }) => {
  // The first page comes rendered from the server; the browser calls the services on the way to
  // the next one.
  await page.goto("/?language=en");
  await settled(page);
  let fail = true;
  await page.route("**/content/api/v1/listing/channel**", (route) =>
    fail
      ? route.fulfill({
          status: 500,
          contentType: "application/json",
          body: '{"statusCode":500,"error":"Internal Server Error","message":"boom"}',
        })
      : route.continue(),
  );
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Channels" })
    .click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page.getByRole("heading", { name: "We could not load this page" })).toBeVisible();
  fail = false;
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByTestId("channel-list").locator("li").first()).toBeVisible();
});

test("a slow call shows the loading skeleton", async ({ page }) => {
  await page.route("**/content/api/v1/static/afab**", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto("/");
  await settled(page);
  await page
    .getByRole("navigation", { name: "Utama" })
    .getByRole("link", { name: "Filem" })
    .click();
  await expect(page.locator('[aria-busy="true"]')).toBeVisible();
  await expect(page.locator(".pui-grid .pui-card").first()).toBeVisible();
});

test("digit-string search values stay strings and survive a reload", async ({ page }) => {
  await page.goto("/search?keyword=101&language=en");
  await settled(page);
  await expect(page.getByRole("searchbox", { name: "Keyword" })).toHaveValue("101");
  await page.getByRole("searchbox", { name: "Keyword" }).fill("01000");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/keyword=01000/);
  await page.reload();
  await expect(page.getByRole("searchbox", { name: "Keyword" })).toHaveValue("01000");
  // The page is server-rendered: the search event is pushed once it has hydrated.
  await expect
    .poll(() =>
      page.evaluate(() => (window.dataLayer ?? []).filter((e) => e.event === "search").at(-1)),
    )
    .toMatchObject({ event: "search", search_term: "01000" });
});

test("detail views reach the data layer with the product as content_type", async ({ page }) => {
  await page.goto(`/channels/${ids.channel}`);
  // The page is server-rendered: the event is pushed once it has hydrated (it flaked when read
  // right after the first paint).
  await expect
    .poll(() =>
      page.evaluate(() => (window.dataLayer ?? []).filter((e) => e.event === "detail_view")),
    )
    .toContainEqual(
      expect.objectContaining({
        event: "detail_view",
        content_type: "tv",
        content_id: ids.channel,
      }),
    );
});

test("the footer shows the build version and the WhatsApp link", async ({ page }) => {
  await page.goto("/?language=en");
  await expect(page.getByTestId("build-version")).toHaveText("Version 1.15.6 (build 1)");
  await expect(page.getByTestId("whatsapp-link")).toHaveAttribute(
    "href",
    /^https:\/\/wa\.me\/60\d+$/,
  );
});

test("the state picker keeps the state in the URL", async ({ page }) => {
  await page.goto("/distributors?language=en");
  await page.getByLabel("State").selectOption("johor");
  await expect(page).toHaveURL(/state=johor/);
  await expect(page.locator(".dealer").first()).toBeVisible();
});

test("the home info box sanitises its HTML once DOMPurify has loaded after the first paint", async ({
  page,
}) => {
  await page.route("**/content/api/v1/home/all**", async (route) => {
    const response = await route.fetch();
    const json = await response.json();
    json.response.infoBox.body =
      '<p>safe <strong>text</strong></p><script>window.__pwned=1</script><img src="x" onerror="window.__pwned=2">';
    await route.fulfill({ response, json });
  });
  // Rendered in the browser (a navigation from another page), where DOMPurify loads after paint.
  await page.goto("/channels?language=en");
  await settled(page);
  await page.getByRole("link", { name: "Suria home page" }).click();
  const body = page.getByTestId("info-box").locator(".pui-rich-text");
  // The sanitised HTML replaces the plain-text stand-in: the <strong> is back, the script and the
  // event handler are gone.
  await expect(body.locator("strong")).toHaveText("text");
  await expect(body).toHaveText("safe text");
  await expect(body.locator("script")).toHaveCount(0);
  await expect(body.locator("img")).not.toHaveAttribute("onerror");
  await page.waitForTimeout(300);
  expect(
    await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
  ).toBeUndefined();
});

test("the server-rendered info box keeps its HTML through hydration, without loading DOMPurify", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.goto("/");
  await settled(page);
  await page.waitForLoadState("networkidle");
  const body = page.getByTestId("info-box").locator(".pui-rich-text");
  await expect(body.locator("strong").first()).toHaveText("bil");
  expect(scripts.filter((url) => /\/sanitise-[\w-]+\.js$/.test(url))).toEqual([]);
});

test("CMS HTML cannot run scripts in the browser", async ({ page }) => {
  await page.route("**/content/api/v1/terms/privacy-notice**", (route) =>
    route.fulfill({
      status: 200,
      contentType: "application/json",
      body: JSON.stringify({
        response: {
          type: "privacy-notice",
          title: "XSS",
          version: "1",
          updatedAt: "2026-01-01",
          body: '<p>safe</p><script>window.__pwned=1</script><img src="x" onerror="window.__pwned=2">',
        },
      }),
    }),
  );
  await page.goto("/?language=en");
  await settled(page);
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy notice" }).click();
  await expect(page.locator(".pui-rich-text p")).toHaveText("safe");
  await page.waitForTimeout(300);
  expect(
    await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
  ).toBeUndefined();
});
