import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { sitemapSchemaErrors } from "../src/server/__tests__/sitemap-schema";
import {
  checkScreen,
  hydrated,
  linkIn,
  seedIds,
  servicesUrl,
  settled,
  withLanguage,
} from "./helpers";

const here = dirname(fileURLToPath(import.meta.url));
const ids = seedIds();
const seed = (lang: string, file: string) =>
  JSON.parse(
    readFileSync(
      join(here, "..", "..", "services", "seed", "content", lang, `${file}.json`),
      "utf8",
    ),
  ) as Array<Record<string, unknown>>;
const nameOf = (lang: string, file: string, id: string, field = "name") =>
  String(seed(lang, file).find((item) => String(item.id) === id)![field]);

/** The sections home shows below the fold, each with the path of its "see all" link. */
const homeBelowTheFold = (lang: "bm" | "en") => {
  const home = seed(lang, "home") as unknown as {
    featuredChannels: Array<{ name: string }>;
    latestArticles: Array<{ id: string; title: string; summary: string }>;
  };
  const headings =
    lang === "bm"
      ? ["Pakej Suria TV", "Saluran pilihan", "Filem untuk disewa", "Cerita terkini"]
      : ["Suria TV packages", "Featured channels", "Movies to rent", "Latest stories"];
  return {
    sections: ["/tv", "/channels", "/movies", "/store"].map((path, i) => ({
      heading: headings[i]!,
      path,
    })),
    channel: home.featuredChannels[0]!,
    article: home.latestArticles[0]!,
  };
};
const seeAll = { bm: "Lihat semua", en: "See all" };

/** One page of each route type, with the heading the server must render in each language. */
const pages = (lang: "bm" | "en") => [
  { path: "/", h1: undefined },
  { path: "/fibre", h1: undefined },
  { path: `/fibre/${ids.fibreCombo}`, h1: nameOf(lang, "combos", ids.fibreCombo) },
  { path: "/channels", h1: lang === "bm" ? "Saluran" : "Channels" },
  { path: `/channels/${ids.channel}`, h1: nameOf(lang, "channels", ids.channel) },
  { path: "/movies", h1: lang === "bm" ? "Filem" : "Movies" },
  { path: `/movies/${ids.movie}`, h1: nameOf(lang, "movies", ids.movie, "title") },
  { path: `/packages/${ids.pack}`, h1: nameOf(lang, "packages", ids.pack) },
  { path: `/bundles/${ids.bundle}`, h1: nameOf(lang, "bundles", ids.bundle) },
  { path: `/campaigns/${ids.campaign}`, h1: nameOf(lang, "campaigns", ids.campaign, "title") },
  { path: `/store/${ids.article}`, h1: nameOf(lang, "articles", ids.article, "title") },
  { path: "/distributors?state=selangor", h1: undefined },
  { path: "/legal/terms-of-use", h1: undefined },
  { path: "/support", h1: lang === "bm" ? "Pusat sokongan" : "Support centre" },
  { path: "/coverage", h1: undefined },
];

for (const lang of ["bm", "en"] as const) {
  test.describe(`without JavaScript (${lang})`, () => {
    test.use({ javaScriptEnabled: false });
    for (const item of pages(lang)) {
      test(`${item.path} has its heading, text and head`, async ({ page }) => {
        const url = withLanguage(item.path, lang);
        const response = await page.goto(url);
        expect(response?.status()).toBe(200);
        const h1 = page.getByRole("heading", { level: 1 });
        await expect(h1).toHaveCount(1);
        if (item.h1) await expect(h1).toHaveText(item.h1);
        else expect((await h1.innerText()).trim().length).toBeGreaterThan(2);
        expect((await page.locator("main").innerText()).length).toBeGreaterThan(80);
        await expect(page.locator("html")).toHaveAttribute("lang", lang === "bm" ? "ms" : "en");
        const title = await page.title();
        expect(title).toMatch(/Suria$/);
        const head = page.locator("head");
        const description = await head.locator('meta[name="description"]').getAttribute("content");
        expect(description?.length).toBeGreaterThan(20);
        const canonical = await head.locator('link[rel="canonical"]').getAttribute("href");
        expect(new URL(canonical!).pathname).toBe(new URL(url, "http://x").pathname);
        expect(new URL(canonical!).searchParams.get("language")).toBe(lang === "en" ? "en" : null);
        for (const hreflang of ["ms", "en", "x-default"]) {
          await expect(head.locator(`link[rel="alternate"][hreflang="${hreflang}"]`)).toHaveCount(
            1,
          );
        }
        expect(
          await head.locator('link[rel="alternate"][hreflang="en"]').getAttribute("href"),
        ).toContain("language=en");
        for (const property of ["og:title", "og:description", "og:url", "og:image", "og:type"]) {
          const content = await head
            .locator(`meta[property="${property}"]`)
            .getAttribute("content");
          expect(content, property).toBeTruthy();
        }
        expect(await head.locator('meta[property="og:url"]').getAttribute("content")).toBe(
          canonical,
        );
        await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute(
          "content",
          "summary_large_image",
        );
      });
    }

    test("structured data: Product with an Offer in MYR, Movie, FAQPage, breadcrumbs", async ({
      page,
    }) => {
      const ld = async (path: string) => {
        await page.goto(withLanguage(path, lang));
        return (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
          (text) => JSON.parse(text) as Record<string, unknown>,
        );
      };
      const plan = await ld(`/fibre/${ids.fibreCombo}`);
      const product = plan.find((item) => item["@type"] === "Product")!;
      expect(product.offers).toMatchObject({ "@type": "Offer", priceCurrency: "MYR" });
      expect(plan.some((item) => item["@type"] === "BreadcrumbList")).toBe(true);
      const movie = (await ld(`/movies/${ids.movie}`)).find((item) => item["@type"] === "Movie");
      expect(movie?.name).toBe(nameOf(lang, "movies", ids.movie, "title"));
      const support = await ld("/support");
      expect(support.some((item) => item["@type"] === "BreadcrumbList")).toBe(true);
      const home = await ld("/");
      expect(home.some((item) => item["@type"] === "Organization")).toBe(true);
    });

    test("home has its sections below the fold, with working links", async ({ page }) => {
      const { sections, channel, article } = homeBelowTheFold(lang);
      await page.goto(withLanguage("/", lang));
      for (const { heading, path } of sections) {
        const section = page.locator("section", {
          has: page.getByRole("heading", { name: heading, level: 2 }),
        });
        await expect(section, heading).toBeVisible();
        await expect(section.getByRole("link", { name: seeAll[lang] }), heading).toHaveAttribute(
          "href",
          linkIn(path, lang),
        );
      }
      await expect(page.getByRole("heading", { name: channel.name, level: 3 })).toBeVisible();
      await expect(page.getByText(article.summary)).toBeVisible();
      // A link of a card, followed without JavaScript: the server's page of that story.
      await page.getByRole("link", { name: article.title }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(article.title);
      const { pathname, search } = new URL(page.url());
      expect(pathname + search).toBe(withLanguage(`/store/${article.id}`, lang));
    });
  });
}

test("unknown paths and ids answer 404 with the 404 page; journeys are not indexed", async ({
  page,
  request,
}) => {
  for (const path of ["/does-not-exist", "/channels/no-such-channel", "/legal/no-such-terms"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text()).toContain('data-testid="not-found"');
  }
  await page.goto("/signup");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
});

test("/sitemap.xml validates against the sitemap schema and lists every content URL in both languages", async ({
  request,
  baseURL,
}) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  const xml = await response.text();
  expect(await sitemapSchemaErrors(xml)).toEqual([]);
  const locs = new Set(
    [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!.replace(/&amp;/g, "&")),
  );
  const origin = new URL(baseURL!).origin;
  const support = JSON.parse(
    readFileSync(join(here, "..", "..", "services", "seed", "support", "bm.json"), "utf8"),
  ) as Array<{ slug: string; questions: Array<{ slug: string }> }>;
  const paths = [
    ...["/", "/fibre", "/tv", "/channels", "/movies", "/packages", "/bundles", "/campaigns"],
    ...["/store", "/distributors", "/distributors?state=selangor", "/support", "/coverage"],
    ...seed("en", "combos").map((item) => `/${String(item.product)}/${String(item.id)}`),
    ...(["channels", "movies", "packages", "bundles", "campaigns"] as const).flatMap((file) =>
      seed("en", file).map((item) => `/${file}/${String(item.id)}`),
    ),
    ...seed("en", "articles").map((item) => `/store/${String(item.id)}`),
    ...seed("en", "terms").map((item) => `/legal/${String(item.type)}`),
    ...support.flatMap((category) => [
      `/support/${category.slug}`,
      ...category.questions.map((question) => `/support/${category.slug}/${question.slug}`),
    ]),
  ];
  const missing = paths.flatMap((path) =>
    (["bm", "en"] as const)
      .map((lang) => `${origin}${withLanguage(path, lang)}`)
      .filter((url) => !locs.has(url)),
  );
  expect(missing).toEqual([]);
  // Only pages: no journey, check or search result in the sitemap.
  const journeys = ["signup", "register-interest", "entitled-fibre", "referral", "search"];
  expect(
    [...locs].filter((url) => journeys.includes(new URL(url).pathname.split("/")[1] ?? "")),
  ).toEqual([]);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
});

test("a moved path answers 301 to where the page lives now, keeping the language", async ({
  request,
}) => {
  const moved = [
    [`/promotions/${ids.campaign}?language=en`, `/campaigns/${ids.campaign}?language=en`],
    ["/promotions", "/campaigns"],
    [`/stories/${ids.article}`, `/store/${ids.article}`],
    ["/dealers?state=selangor", "/distributors?state=selangor"],
    ["/help/billing?language=en", "/support/billing?language=en"],
  ];
  for (const [from, to] of moved) {
    const response = await request.get(from!, { maxRedirects: 0 });
    expect(response.status(), from).toBe(301);
    expect(response.headers().location, from).toBe(to);
    expect((await request.get(to!)).status(), to).toBe(200);
  }
  // A path that only starts like a moved one is not moved.
  expect((await request.get("/helpdesk", { maxRedirects: 0 })).status()).toBe(404);
});

/** Console errors, page errors and CSP violations of a page, as they happen. */
function watch(page: Page) {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") {
      problems.push(`${message.type()}: ${message.text().slice(0, 300)}`);
    }
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

test("every route hydrates without a warning, an error or a CSP violation", async ({ page }) => {
  test.setTimeout(180_000);
  const problems = watch(page);
  const paths = [
    ...pages("bm").map((item) => item.path),
    "/tv",
    `/tv/${ids.tvCombo}`,
    "/packages",
    "/bundles",
    "/campaigns",
    "/store",
    "/legal/privacy-notice",
    "/search?keyword=sukan",
    "/signup",
    "/signup/confirmation",
    "/register-interest",
    "/b40",
    "/referral",
    "/contact-us",
    "/entitled-fibre",
  ];
  for (const lang of ["bm", "en"]) {
    for (const path of paths) {
      await page.goto(withLanguage(path, lang));
      await settled(page);
      // Hydrated: every chunk loaded and run (a hydration warning would be in the console).
      await page.waitForLoadState("networkidle");
      expect(problems, `${lang} ${path}`).toEqual([]);
    }
  }
});

/** The page's hydration data: the router's inline scripts (those that fill `$_TSR`). */
const hydrationData = (html: string) =>
  [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1]!)
    .filter((script) => script.includes("$_TSR"))
    .join("\n");

test("the hydration data names the catalog; the browser gets it from a JSON file cached for a year", async ({
  request,
}) => {
  const cases = [
    { path: "/", key: "bm:", chunks: [/^\/assets\/bm-[\w-]+\.json$/] },
    { path: "/channels?language=en", key: "en:", chunks: [/^\/assets\/en-[\w-]+\.json$/] },
    {
      path: `/channels/${ids.channel}`,
      key: "bm:",
      chunks: [/^\/assets\/bm-[\w-]+\.json$/],
    },
    {
      path: "/support/subscription/how-to-subscribe?language=en",
      key: "en:checks,fibre,support",
      chunks: ["en", "checks.en", "fibre.en", "support.en"].map(
        (name) => new RegExp(`^/assets/${name.replace(".", "\\.")}-[\\w-]+\\.json$`),
      ),
    },
  ];
  for (const { path, key, chunks } of cases) {
    const html = await (await request.get(path)).text();
    const data = hydrationData(html);
    // The root context's catalog is in the data as its key, and none of its messages are.
    expect(data, path).toContain(`$_TSR.t.get("portal-messages")("${key}")`);
    for (const id of ["shell.nav.channels", "shell.footer.whatsapp", "shell.not-found.body"])
      expect(data, `${path} ${id}`).not.toContain(id);
    // The page's catalog script: the key, and the chunks started with the entry's.
    const script = html.match(
      /<script nonce="[^"]*">self\.__portalMessages="([^"]*)";\(self\.__portalChunks=self\.__portalChunks\|\|\[\]\)\.push\(\.\.\.(\[[^\]]*\])\)<\/script>/,
    );
    expect(script, path).not.toBeNull();
    expect(script![1], path).toBe(key);
    const files = JSON.parse(script![2]!) as string[];
    expect(files.length, path).toBe(chunks.length);
    chunks.forEach((pattern, index) => expect(files[index], path).toMatch(pattern));
    for (const file of files) {
      const response = await request.get(file);
      expect(response.status(), file).toBe(200);
      expect(response.headers()["cache-control"], file).toBe("public, max-age=31536000, immutable");
      expect(response.headers()["content-type"], file).toMatch(/^application\/json/);
    }
    // The shell catalog's file holds what the page no longer carries.
    const shell = await (await request.get(files[0]!)).text();
    expect(shell, path).toContain("shell.nav.channels");
    expect(shell, path).toContain(
      key.startsWith("en") ? "Chat with us on WhatsApp" : "Berbual dengan kami di WhatsApp",
    );
  }
});

test("home, the movies, the store and a channel carry what they show: no article body, cast or director, no other pack", async ({
  page,
  request,
}) => {
  for (const lang of ["bm", "en"] as const) {
    const articles = seed(lang, "articles") as Array<Record<string, string>>;
    const movies = seed(lang, "movies") as Array<Record<string, string | string[]>>;
    const cases = [
      { path: "/", movies: true, articles: true },
      { path: "/movies", movies: true, articles: false },
      { path: "/store", movies: false, articles: true },
    ];
    for (const { path, ...shows } of cases) {
      const data = hydrationData(await (await request.get(withLanguage(path, lang))).text());
      const at = `${lang} ${path}`;
      if (shows.articles) {
        // A card's summary is in the data; no body (the article's own page shows it), no author.
        expect(articles.filter((a) => data.includes(a.summary!)).length, at).toBeGreaterThan(0);
        for (const article of articles) {
          expect(data, at).not.toContain(article.body!.slice(3, 40));
          expect(data, at).not.toContain(`"${article.author}"`);
        }
      }
      if (shows.movies) {
        expect(
          movies.filter((m) => data.includes(m.synopsis as string)).length,
          at,
        ).toBeGreaterThan(0);
        for (const movie of movies) {
          expect(data, at).not.toContain(`"${(movie.cast as string[])[0]}"`);
          expect(data, at).not.toContain(`"${movie.director as string}"`);
        }
      }
    }
  }
  // A channel's page sends the names of its own packs, not the 100-name lookup it drew them from.
  for (const lang of ["bm", "en"] as const) {
    const channels = seed(lang, "channels") as Array<{ id: string; packageIds: string[] }>;
    const packs = seed(lang, "packages") as Array<{ id: string; name: string }>;
    const channel = channels.find((c) => c.packageIds.length > 0)!;
    const data = hydrationData(
      await (await request.get(withLanguage(`/channels/${channel.id}`, lang))).text(),
    );
    for (const pack of packs) {
      const at = `${lang} ${channel.id} ${pack.id}`;
      if (channel.packageIds.includes(pack.id)) expect(data, at).toContain(`"${pack.name}"`);
      else expect(data, at).not.toContain(`id:"${pack.id}"`);
    }
  }
  // The server draws home's sections below the fold from that data (the HTML has them, before any
  // script), and the hydrated page keeps them, in both languages.
  for (const lang of ["bm", "en"] as const) {
    const { article } = homeBelowTheFold(lang);
    const html = await (await request.get(withLanguage("/", lang))).text();
    expect(html, lang).toContain(`href="${withLanguage(`/store/${article.id}`, lang)}"`);
    expect(html, lang).toContain(article.summary);
    await page.goto(withLanguage("/", lang));
    await hydrated(page);
    await expect(page.getByRole("link", { name: article.title })).toBeVisible();
    await expect(page.getByText(article.summary)).toBeVisible();
  }
});

test("home keeps the server's sections below the fold until they near the viewport, then hydrates them", async ({
  page,
}) => {
  const problems = watch(page);
  const chunks: string[] = [];
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
    if (/\/assets\/home-below-the-fold-[\w-]+\.js$/.test(request.url())) chunks.push(request.url());
  });
  await page.setViewportSize({ width: 375, height: 812 });
  for (const lang of ["bm", "en"] as const) {
    const { sections, channel } = homeBelowTheFold(lang);
    chunks.length = 0;
    await page.goto(withLanguage("/", lang));
    await hydrated(page);
    const stories = page.getByRole("heading", { name: sections[3]!.heading, level: 2 });
    // Hydrated, the page still shows the server's sections (no blank while their code loads).
    await expect(stories).toBeVisible();
    await expect(page.getByRole("heading", { name: channel.name, level: 3 })).toBeVisible();
    expect(chunks, "no code yet for the sections far below the fold").toEqual([]);
    await stories.scrollIntoViewIfNeeded();
    await expect.poll(() => chunks.length, lang).toBeGreaterThan(0);
    // Hydrated by React (a fiber on the heading), the "see all" link navigates in the browser.
    await expect
      .poll(() =>
        stories.evaluate((el) => Object.keys(el).some((key) => key.startsWith("__reactFiber"))),
      )
      .toBe(true);
    const before = documents.length;
    const channels = page
      .locator("section", { has: page.getByRole("heading", { name: sections[1]!.heading }) })
      .getByRole("link", { name: seeAll[lang] });
    await channels.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      lang === "bm" ? "Saluran" : "Channels",
    );
    const { pathname, search } = new URL(page.url());
    expect(pathname + search).toBe(withLanguage("/channels", lang));
    expect(documents.length, "a client navigation, no new document").toBe(before);
    // Back home by a client navigation: the sections are drawn at once.
    await page.goBack();
    await expect(page.getByRole("heading", { name: sections[3]!.heading, level: 2 })).toBeVisible();
  }
  expect(problems).toEqual([]);
});

test("every page links one hashed, immutable stylesheet and inlines none of it; it styles the page", async ({
  page,
  request,
}) => {
  const hrefs = new Set<string>();
  for (const path of ["/", "/channels?language=en", `/channels/${ids.channel}`, "/coverage"]) {
    const html = await (await request.get(path)).text();
    const links = [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)].map(
      ([tag]) => tag.match(/href="([^"]+)"/)![1]!,
    );
    expect(links, path).toHaveLength(1);
    expect(links[0], path).toMatch(/^\/assets\/style-[\w-]+\.css$/);
    hrefs.add(links[0]!);
    // What is left inline is small: no copy of the stylesheet in the page.
    for (const [, css] of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g))
      expect(css!.length, path).toBeLessThan(2048);
  }
  expect(hrefs.size).toBe(1);
  const [href] = [...hrefs];
  const css = await request.get(href!, { headers: { "accept-encoding": "br" } });
  expect(css.status()).toBe(200);
  expect(css.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(css.headers()["content-type"]).toMatch(/^text\/css/);
  expect(css.headers()["content-encoding"]).toBe("br");
  // Applied: the skip link is off screen until focused (a rule of the stylesheet, not the browser's).
  await page.goto("/");
  const skip = page.getByRole("link", { name: "Langkau ke kandungan utama" });
  expect(await skip.evaluate((el) => el.getBoundingClientRect().bottom)).toBeLessThanOrEqual(0);
});

test("a page hydrates with its catalog from the JSON file, and switches language in the browser", async ({
  page,
}) => {
  const problems = watch(page);
  const catalogChunks = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => /^\/assets\/(bm|en)-[\w-]+\.json$/.test(path))
        .map((path) => path.replace(/-[\w-]+\.json$/, "")),
    );
  await page.goto("/channels");
  await settled(page);
  await page.waitForLoadState("networkidle");
  const nav = page.getByRole("navigation", { name: "Utama" });
  await expect(nav.getByRole("link", { name: "Saluran", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Saluran");
  await expect(page.getByRole("link", { name: "Berbual dengan kami di WhatsApp" })).toBeVisible();
  expect(await catalogChunks()).toEqual(["/assets/bm"]);
  expect(problems).toEqual([]);

  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 22));
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page).toHaveTitle("Channels | Suria");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Channels");
  await expect(
    page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Channels", exact: true }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Chat with us on WhatsApp" })).toBeVisible();
  // The English catalog came from its own file, in this page (no reload).
  expect(await catalogChunks()).toEqual(["/assets/bm", "/assets/en"]);
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(22);

  await page.getByRole("button", { name: "Bahasa Melayu" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Saluran");
  await expect(page).toHaveTitle("Saluran | Suria");
  expect(problems).toEqual([]);
});

/** When the page painted first, and when it started fetching its own scripts. */
const paintAndScripts = (page: Page) =>
  page.evaluate(() => {
    const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null;
    const scripts = performance
      .getEntriesByType("resource")
      .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
      .map((entry) => entry.startTime);
    return { paint, scripts: scripts.length, firstScript: Math.min(...scripts) };
  });

test("a content page paints before it fetches its scripts, then hydrates", async ({
  page,
  request,
}) => {
  for (const path of ["/", `/channels/${ids.channel}`, `/movies/${ids.movie}`, "/coverage"]) {
    const html = await (await request.get(path)).text();
    expect(html, path).not.toMatch(/<link[^>]*rel="modulepreload"/);
    await page.goto(path);
    await hydrated(page);
    const timing = await paintAndScripts(page);
    expect(timing.paint, path).not.toBeNull();
    // The entry, the framework, the shell and the route's chunk at least.
    expect(timing.scripts, path).toBeGreaterThanOrEqual(4);
    expect(timing.firstScript, path).toBeGreaterThanOrEqual(timing.paint!);
  }
});

test("a page opened in a background tab hydrates without waiting for a paint", async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(document, "visibilityState", { get: () => "hidden" });
  });
  await page.goto(`/channels/${ids.channel}`);
  await hydrated(page);
  expect((await paintAndScripts(page)).scripts).toBeGreaterThanOrEqual(4);
});

test("a browser without paint timing hydrates after its next frame", async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(PerformanceObserver, "supportedEntryTypes", { get: () => ["resource"] });
  });
  await page.goto(`/channels/${ids.channel}`);
  await hydrated(page);
  expect((await paintAndScripts(page)).scripts).toBeGreaterThanOrEqual(4);
});

test("a returning English visitor never sees Malay", async ({ page }) => {
  await page.goto("/?language=en");
  await settled(page);
  // From now on, record every frame the browser paints: its language and whether it shows.
  await page.addInitScript(() => {
    const seen: string[] = JSON.parse(sessionStorage.getItem("frames") ?? "[]");
    const frame = () => {
      const root = document.documentElement;
      if (document.body && root.style.visibility !== "hidden" && document.body.innerText.trim()) {
        seen.push(root.lang);
        sessionStorage.setItem("frames", JSON.stringify(seen));
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  await page.goto(`/channels/${ids.channel}`);
  await settled(page);
  await expect(page).toHaveURL(/language=en/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const frames = await page.evaluate(() => JSON.parse(sessionStorage.getItem("frames") ?? "[]"));
  expect(frames.length).toBeGreaterThan(0);
  expect(new Set(frames)).toEqual(new Set(["en"]));
});

/**
 * A server already on the port would answer a health check before the portal a test starts there
 * fails to bind (and then serve its own 200 pages): such a test refuses to run against it.
 */
async function refuseTakenPort(port: number) {
  const taken = await fetch(`http://localhost:${port}/healthz`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is in use by another server`);
}

test.describe("when the content service hangs", () => {
  const webPort = Number(new URL(process.env.E2E_BASE_URL ?? "http://localhost:3000").port) + 2;
  const proxyPort = Number(new URL(servicesUrl).port) + 2;
  let proxy: Server;
  let web: ChildProcess;
  let hang = true;

  test.beforeAll(async () => {
    // Between a portal of its own and the services: holds the channel calls while `hang` is set.
    // The browser calls it too (the services allow only the suite's own portals): it answers
    // CORS for this portal's origin itself.
    proxy = createServer((req, res) => {
      const cors = {
        "access-control-allow-origin": req.headers.origin ?? "*",
        "access-control-allow-credentials": "true",
      };
      if (req.method === "OPTIONS") {
        res.writeHead(204, {
          ...cors,
          "access-control-allow-methods": "GET, POST, PUT, PATCH, DELETE",
          "access-control-allow-headers": req.headers["access-control-request-headers"] ?? "*",
        });
        return res.end();
      }
      if (hang && req.url?.includes("/content/api/v1/channel/")) return; // never answers
      const upstream = httpRequest(
        `${servicesUrl}${req.url}`,
        { method: req.method, headers: { ...req.headers, host: new URL(servicesUrl).host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, { ...answer.headers, ...cors });
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(proxyPort, "127.0.0.1", resolve));
    await refuseTakenPort(webPort);
    web = spawn(process.execPath, ["dist/server/main.js"], {
      cwd: join(here, ".."),
      stdio: "ignore",
      env: {
        ...process.env,
        WEB_PORT: String(webPort),
        API_BASE_URL: `http://127.0.0.1:${proxyPort}`,
        CONTENT_TIMEOUT_MS: "4000",
        FIRST_BYTE_BUDGET_MS: "250",
        LOG_LEVEL: "error",
      },
    });
    for (let i = 0; i < 60; i++) {
      const up = await fetch(`http://localhost:${webPort}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error("the portal in front of the hanging services did not start");
  });

  test.afterAll(async () => {
    web?.kill("SIGTERM");
    await new Promise((resolve) => proxy?.close(resolve));
  });

  /** Time from sending the request to the first byte, and to the first byte of the skeleton. */
  function firstBytes(path: string) {
    return new Promise<{ firstByte: number; skeleton: number; frame: string }>(
      (resolve, reject) => {
        const started = performance.now();
        let firstByte = -1;
        let frame = "";
        const request = httpRequest(`http://localhost:${webPort}${path}`, (response) => {
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => {
            if (firstByte < 0) firstByte = performance.now() - started;
            frame += chunk;
            if (frame.includes('aria-busy="true"')) {
              resolve({ firstByte, skeleton: performance.now() - started, frame });
              request.destroy();
            }
          });
          response.on("end", () => reject(new Error(`no skeleton in ${frame.slice(0, 200)}`)));
        });
        request.on("error", (error) => {
          if (firstByte < 0) reject(error);
        });
        request.end();
      },
    );
  }

  test("the server sends the page frame with a skeleton within 1 s while the content hangs", async () => {
    const path = `/channels/${ids.channel}?language=en`;
    // A warm server (its configuration read and this route's code run once), as in production.
    await fetch(`http://localhost:${webPort}/movies?language=en`).then((r) => r.text());
    await firstBytes(path);
    // Measured at the socket (the server's own time, not the browser's painting under load).
    const { firstByte, skeleton, frame } = await firstBytes(path);
    test.info().annotations.push({
      type: "timing",
      description: `first byte ${Math.round(firstByte)} ms, skeleton ${Math.round(skeleton)} ms (budget 250 ms)`,
    });
    console.log(
      `hang: first byte ${Math.round(firstByte)} ms, skeleton ${Math.round(skeleton)} ms`,
    );
    // The frame: the brand, the navigation, the language, a busy region; not the content.
    expect(frame).toContain('<html lang="en"');
    expect(frame).toContain('class="pui-header"');
    expect(frame).toContain('<main id="main"');
    expect(frame).not.toContain(nameOf("en", "channels", ids.channel));
    expect(skeleton).toBeLessThan(1000);
  });

  test("the browser paints the frame and skeleton, then the error with a working Try again", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const texts = {
      bm: { error: "Kami tidak dapat memuatkan halaman ini", retry: "Cuba lagi" },
      en: { error: "We could not load this page", retry: "Try again" },
    } as const;
    const shot = (name: string) =>
      page.screenshot({ path: join(here, "..", "artifacts", `${name}.png`) });
    for (const lang of ["bm", "en"] as const) {
      hang = true;
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`http://localhost:${webPort}${withLanguage("/movies", lang)}`);
      await page.goto(
        `http://localhost:${webPort}${withLanguage(`/channels/${ids.channel}`, lang)}`,
        { waitUntil: "commit" },
      );
      await expect(page.locator("header").first()).toBeVisible();
      await expect(page.locator('[aria-busy="true"]').first()).toBeVisible();
      await shot(`hang-skeleton-${lang}-1280`);
      await page.setViewportSize({ width: 375, height: 812 });
      await shot(`hang-skeleton-${lang}-375`);
      // The server's budget (CONTENT_TIMEOUT_MS) passes: the error in the visitor's language.
      await expect(page.getByRole("heading", { name: texts[lang].error })).toBeVisible({
        timeout: 15_000,
      });
      await shot(`hang-error-${lang}-375`);
      await page.setViewportSize({ width: 1280, height: 900 });
      await shot(`hang-error-${lang}-1280`);
      hang = false;
      await page.getByRole("button", { name: texts[lang].retry }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        nameOf(lang, "channels", ids.channel),
      );
      await expect(page.locator(".facts")).toBeVisible();
    }
    hang = true;
  });
});

test.describe("when the configuration cannot be read at start", () => {
  const webPort = Number(new URL(process.env.E2E_BASE_URL ?? "http://localhost:3000").port) + 3;
  const proxyPort = Number(new URL(servicesUrl).port) + 3;
  let proxy: Server;
  let web: ChildProcess;
  let configDown = true;
  const texts = {
    bm: { lang: "ms", title: "Portal tidak dapat dimulakan", retry: "Cuba lagi" },
    en: { lang: "en", title: "The portal could not start", retry: "Try again" },
  } as const;

  test.beforeAll(async () => {
    configDown = true;
    // The services behind a proxy whose configuration answers 503 while `configDown` is set.
    proxy = createServer((req, res) => {
      const cors = {
        "access-control-allow-origin": req.headers.origin ?? "*",
        "access-control-allow-credentials": "true",
      };
      if (req.method === "OPTIONS") {
        res.writeHead(204, {
          ...cors,
          "access-control-allow-methods": "GET, POST, PUT, PATCH, DELETE",
          "access-control-allow-headers": req.headers["access-control-request-headers"] ?? "*",
        });
        return res.end();
      }
      if (configDown && req.url?.startsWith("/config")) {
        res.writeHead(503, { ...cors, "content-type": "application/json" });
        return res.end('{"message":"down"}');
      }
      const upstream = httpRequest(
        `${servicesUrl}${req.url}`,
        { method: req.method, headers: { ...req.headers, host: new URL(servicesUrl).host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, { ...answer.headers, ...cors });
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(proxyPort, "127.0.0.1", resolve));
    await refuseTakenPort(webPort);
    web = spawn(process.execPath, ["dist/server/main.js"], {
      cwd: join(here, ".."),
      stdio: "ignore",
      env: {
        ...process.env,
        WEB_PORT: String(webPort),
        API_BASE_URL: `http://127.0.0.1:${proxyPort}`,
        WHATSAPP_NUMBER: "60312345678",
        LOG_LEVEL: "error",
      },
    });
    for (let i = 0; i < 60; i++) {
      const up = await fetch(`http://localhost:${webPort}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      // Ours, not another server left on the port (this one would have exited: EADDRINUSE).
      if (up && web.exitCode === null) return;
      if (web.exitCode !== null)
        throw new Error(`the portal exited (${web.exitCode}): port in use?`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error("the portal without a configuration did not start");
  });

  test.afterAll(async () => {
    if (web && web.exitCode === null) {
      const exited = new Promise((resolve) => web.once("exit", resolve));
      web.kill("SIGTERM");
      await exited;
    }
    await new Promise((resolve) => proxy?.close(resolve));
  });

  test("the startup failure page keeps the brand, the language and WhatsApp; Try again starts the portal", async ({
    page,
  }) => {
    // The server has no copy of the configuration: every page is the startup failure page.
    for (const lang of ["bm", "en"] as const) {
      const response = await page.goto(`http://localhost:${webPort}${withLanguage("/", lang)}`);
      expect(response?.status()).toBe(503);
      expect(response?.headers()["retry-after"]).toBe("30");
      await expect(page.locator("html")).toHaveAttribute("lang", texts[lang].lang);
      await expect(page.locator("header").getByRole("link", { name: /Suria/ })).toBeVisible();
      await expect(page.getByRole("heading", { name: texts[lang].title })).toBeVisible();
      await expect(page.getByTestId("whatsapp-link")).toHaveAttribute(
        "href",
        "https://wa.me/60312345678",
      );
      await checkScreen(page, `startup-error-${lang}`);
    }
    // The configuration comes back: Try again shows the portal, in the visitor's language.
    configDown = false;
    await page.getByRole("button", { name: texts.en.retry }).click();
    await expect(page.locator('[data-testid="info-box"]')).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });
});
