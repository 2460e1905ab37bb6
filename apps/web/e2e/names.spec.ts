import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { settled, withLanguage } from "./helpers";

// Names, never slugs (issue 15): every related item (packs in a plan, channels in a pack, the
// plan and packs of a bundle, a channel's packs) shows its name in the visitor's language, and
// no rendered page holds a content id ("variety-pack") or an id with its dashes turned into
// spaces ("variety pack", "court track") where a name belongs.

const seed = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "services", "seed");
type Item = { id: string; name?: string; title?: string; product?: string };
const read = (lang: string, file: string) =>
  JSON.parse(readFileSync(join(seed, "content", lang, `${file}.json`), "utf8")) as Item[];
const files = ["channels", "movies", "packages", "combos", "bundles", "campaigns", "articles"];
const ids = [...new Set(files.flatMap((file) => read("en", file).map((item) => item.id)))];

// The seed's own text in both languages: an all-lower-case phrase found there ("the sports
// pack", the fibre page's "free installation") is prose, not a slug; names are capitalised
// ("Variety Pack"), slugs are not.
const prose = ["bm", "en"]
  .flatMap((lang) =>
    [...files, "products", "home", "highlights"].map((file) =>
      readFileSync(join(seed, "content", lang, `${file}.json`), "utf8"),
    ),
  )
  .join(" ");
const spaced = ids
  .filter((id) => id.includes("-"))
  .map((id) => id.replace(/-/g, " "))
  .filter((phrase) => !prose.includes(phrase));

/** The content ids and dash-less ids found in the page's visible text. */
async function slugsIn(page: Page): Promise<string[]> {
  const text = await page.locator("body").innerText();
  const found = ids.filter(
    (id) => id.includes("-") && new RegExp(`(^|[^\\w/-])${id}($|[^\\w/-])`).test(text),
  );
  return [...found, ...spaced.filter((phrase) => new RegExp(`(^|\\W)${phrase}($|\\W)`).test(text))];
}

const pages = [
  "/",
  "/fibre",
  "/tv",
  ...read("en", "combos").map((c) => `/${c.product}/${c.id}`),
  ...read("en", "packages").map((p) => `/packages/${p.id}`),
  ...read("en", "bundles").map((b) => `/bundles/${b.id}`),
  "/channels/pelangi",
  "/channels/court-track",
  "/channels/goal-zone",
  "/movies/misi-merdeka",
  "/campaigns/free-installation",
  "/store/router-placement-tips",
  "/packages",
  "/bundles",
  "/channels",
];

for (const lang of ["bm", "en"] as const) {
  test(`no slug where a name belongs, on ${pages.length} pages (${lang})`, async ({ page }) => {
    test.setTimeout(180_000);
    const problems: string[] = [];
    for (const path of pages) {
      await page.goto(`${path}${path.includes("?") ? "&" : "?"}language=${lang}`);
      await settled(page);
      await expect(page.locator("main h1").first()).toBeVisible();
      for (const slug of await slugsIn(page)) problems.push(`${path}: "${slug}"`);
    }
    expect(problems).toEqual([]);
  });

  test(`related items carry their names in the visitor's language (${lang})`, async ({ page }) => {
    const packs = new Map(read(lang, "packages").map((p) => [p.id, p.name]));
    const channels = new Map(read(lang, "channels").map((c) => [c.id, c.name]));
    const combos = new Map(read(lang, "combos").map((c) => [c.id, c.name]));
    // A plan names its packs.
    await page.goto(`/fibre/fibre-500?language=${lang}`);
    await expect(
      page.getByRole("link", { name: packs.get("variety-pack"), exact: true }),
    ).toHaveAttribute("href", withLanguage("/packages/variety-pack", lang));
    // A pack names its channels ("Court & Track", not "court track").
    await page.goto(`/packages/sports-pack?language=${lang}`);
    await expect(
      page.getByRole("link", { name: channels.get("court-track"), exact: true }),
    ).toHaveAttribute("href", withLanguage("/channels/court-track", lang));
    // A bundle names its plan and packs.
    await page.goto(`/bundles/bundle-home-300?language=${lang}`);
    await expect(
      page.getByRole("link", { name: combos.get("fibre-300"), exact: true }),
    ).toHaveAttribute("href", withLanguage("/fibre/fibre-300", lang));
    await expect(
      page.getByRole("link", { name: packs.get("kids-pack"), exact: true }),
    ).toBeVisible();
  });
}
