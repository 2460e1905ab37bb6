// Issue 22: the support home pages its topics as the listings do (12 categories a page, numbered
// links a crawler and a browser without scripts follow, each page its own canonical URL), so it
// answers at any size of the support centre: before, 100 times the seed's 9 categories broke the
// topics' contract (100 at most) and `/support` was a 503. This spec runs its own services seeded
// with 3 times the content (`seed --scale 3`: 27 categories, pages of 12, 12 and 3) and its own
// portal.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import {
  checkScreen,
  freePort,
  servicesEnv,
  settled,
  stopServers,
  waitFor,
  withLanguage,
} from "./helpers";

const here = dirname(fileURLToPath(import.meta.url));
const servicesDir = join(here, "..", "..", "services");
const webDir = join(here, "..");
const SCALE = 3;
const PAGE = 12;

type Category = { name: string; slug: string; questions: { slug: string; name: string }[] };
const seedSupport = (lang: "bm" | "en") =>
  JSON.parse(
    readFileSync(join(servicesDir, "seed", "support", `${lang}.json`), "utf8"),
  ) as Category[];

/** The scaled seed's categories in display order (`replicate.ts`: copy k is `<slug>-rk`, `<name> Rk`). */
const scaled = (lang: "bm" | "en") => {
  const seed = seedSupport(lang);
  const copies: Category[] = [];
  for (let k = 1; k <= SCALE; k++)
    for (const category of seed)
      copies.push({
        slug: k === 1 ? category.slug : `${category.slug}-r${k}`,
        name: k === 1 ? category.name : `${category.name} R${k}`,
        questions: category.questions.map((q) => ({
          slug: k === 1 ? q.slug : `${q.slug}-r${k}`,
          name: k === 1 ? q.name : `${q.name} R${k}`,
        })),
      });
  return copies;
};

const words = {
  bm: { nav: "Penomboran halaman", page: "Halaman", of: "daripada", next: "Seterusnya" },
  en: { nav: "Pagination", page: "Page", of: "of", next: "Next" },
} as const;

const children: ChildProcess[] = [];
let dataDir = "";
let web = "";

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = mkdtempSync(join(tmpdir(), "portal-support-pages-e2e-"));
  execFileSync(process.execPath, ["dist/seed.js", "--scale", String(SCALE)], {
    cwd: servicesDir,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
    stdio: "ignore",
  });
  const servicesPort = await freePort();
  const webPort = await freePort();
  web = `http://localhost:${webPort}`;
  children.push(
    spawn(process.execPath, ["dist/server.js"], {
      cwd: servicesDir,
      stdio: "ignore",
      env: servicesEnv(servicesPort, dataDir, web, { RATE_LIMIT_MAX: "100000" }),
    }),
  );
  await waitFor(`http://127.0.0.1:${servicesPort}/readyz`);
  children.push(
    spawn(process.execPath, ["dist/server/main.js"], {
      cwd: webDir,
      stdio: "ignore",
      env: {
        ...process.env,
        WEB_PORT: String(webPort),
        PORT: String(webPort),
        API_BASE_URL: `http://127.0.0.1:${servicesPort}`,
        LOG_LEVEL: "error",
      },
    }),
  );
  await waitFor(`${web}/healthz`);
});

test.afterAll(async () => {
  await stopServers(children, dataDir);
});

for (const lang of ["bm", "en"] as const) {
  const w = words[lang];
  const categories = scaled(lang);
  const pages = Math.ceil(categories.length / PAGE);

  test(`the topics page by their links, with scripts, at 1280 and 375 px (${lang})`, async ({
    page,
  }) => {
    expect(categories).toHaveLength(27);
    await page.goto(`${web}${withLanguage("/support", lang)}`);
    await settled(page);
    const topics = page.getByTestId("support-topic");
    await expect(topics).toHaveCount(PAGE);
    // Each topic: its name linking to its page, its count, and its first 4 questions.
    const first = categories[0] as Category;
    const topic = topics.first();
    await expect(topic.getByRole("heading")).toHaveText(first.name);
    await expect(topic.locator(".support-topic__count")).toHaveText(
      lang === "bm" ? `${first.questions.length} soalan` : `${first.questions.length} questions`,
    );
    await expect(topic.locator(".support-topic__questions a")).toHaveText(
      first.questions.slice(0, 4).map((q) => q.name),
    );
    const nav = page.getByRole("navigation", { name: w.nav });
    await expect(nav.getByText(`${w.page} 1 ${w.of} ${pages}`)).toBeVisible();
    await expect(nav.getByRole("link", { name: `${w.page} 2`, exact: true })).toHaveAttribute(
      "href",
      withLanguage("/support?page=2", lang),
    );
    await checkScreen(page, `support-topics-p1-${lang}`);

    await nav.getByRole("link", { name: w.next }).click();
    await settled(page);
    await expect(page).toHaveURL(`${web}${withLanguage("/support?page=2", lang)}`);
    await expect(topics.getByRole("heading")).toHaveText(
      categories.slice(PAGE, 2 * PAGE).map((c) => c.name),
    );
    await expect(nav.locator('[aria-current="page"]')).toHaveText("2");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      new RegExp(`/support\\?page=2${lang === "en" ? "&language=en" : ""}$`),
    );

    await nav.getByRole("link", { name: `${w.page} ${pages}`, exact: true }).click();
    await settled(page);
    await expect(page).toHaveURL(`${web}${withLanguage(`/support?page=${pages}`, lang)}`);
    await expect(topics.getByRole("heading")).toHaveText(
      categories.slice((pages - 1) * PAGE).map((c) => c.name),
    );
    await expect(nav.getByRole("link", { name: w.next })).toHaveCount(0);
    await checkScreen(page, `support-topics-p${pages}-${lang}`);

    // A topic of the last page opens its own page; Back returns to that page.
    const last = categories.at(-1) as Category;
    await topics.getByRole("link", { name: last.name, exact: true }).click();
    await settled(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(last.name);
    await page.goBack();
    await settled(page);
    await expect(topics).toHaveCount(categories.length - (pages - 1) * PAGE);
  });

  test(`without JavaScript the links still page (${lang})`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${web}${withLanguage("/support", lang)}`);
    await expect(page.getByTestId("support-topic")).toHaveCount(PAGE);
    const nav = page.getByRole("navigation", { name: w.nav });
    await nav.getByRole("link", { name: `${w.page} 2`, exact: true }).click();
    await page.waitForURL(`**${withLanguage("/support?page=2", lang)}`);
    await expect(page.getByTestId("support-topic")).toHaveCount(PAGE);
    await expect(nav.locator('[aria-current="page"]')).toHaveText("2");
    // A search keeps the page of topics under its results.
    await page.getByTestId("support-search").fill(lang === "bm" ? "bil" : "bill");
    await page.getByTestId("support-search").press("Enter");
    await page.waitForURL(/[?&]q=/);
    await expect(page.getByTestId("support-result").first()).toBeVisible();
    await context.close();
  });
}

test("a page of topics that does not exist is the 404 page; the sitemap names every category", async ({
  request,
}) => {
  for (const path of ["/support?page=4", "/support?page=0", "/support?page=abc"]) {
    const response = await request.get(`${web}${path}`);
    expect(response.status(), path).toBe(404);
  }
  const first = await request.get(`${web}/support?page=1`);
  expect(first.status()).toBe(200);
  expect(await first.text()).toMatch(/<link rel="canonical" href="[^"]*\/support"/);

  const sitemap = await (await request.get(`${web}/sitemap.xml`)).text();
  for (const category of scaled("bm")) {
    expect(sitemap).toContain(`/support/${category.slug}</loc>`);
    for (const question of category.questions)
      expect(sitemap).toContain(`/support/${category.slug}/${question.slug}</loc>`);
  }
});
