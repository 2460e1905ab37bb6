import { expect, test, type Page } from "@playwright/test";
import { checkScreen, linkIn } from "./helpers";

// One search box for the whole portal (issue 15): the five queries of the issue, typed by a
// visitor in either language, each find the right plan or answer first, grouped by kind with
// the matched words marked.

// `marked`: the languages whose page shows a matched word (a Malay query on the English site
// matches the Malay text, which that page does not show).
const cases: { query: string; href: string; group: string; marked: string[] }[] = [
  { query: "Suria TV Keluarga", href: "/tv/tv-keluarga", group: "tv", marked: ["bm", "en"] },
  {
    query: "pemasangan percuma",
    href: "/campaigns/free-installation",
    group: "campaign",
    marked: ["bm"],
  },
  { query: "fibre 500", href: "/fibre/fibre-500", group: "fibre", marked: ["bm", "en"] },
  {
    query: "pembayran bil",
    href: "/support/billing/pay-bill-online",
    group: "support",
    marked: ["bm"],
  },
  { query: "routr", href: "/support/router-wifi/[a-z-]+", group: "support", marked: ["en"] },
];

const label = { bm: "Kata kunci", en: "Keyword" } as const;
const submit = { bm: "Cari", en: "Search" } as const;

async function search(page: Page, lang: "bm" | "en", query: string) {
  const box = page.getByRole("searchbox", { name: label[lang] });
  await box.fill(query);
  await page.getByRole("button", { name: submit[lang], exact: true }).click();
  await expect(page).toHaveURL(
    new RegExp(`keyword=${encodeURIComponent(query).replace(/%20/g, "(\\+|%20)")}`),
  );
  await expect(page.getByTestId("search-count")).toBeVisible();
}

for (const lang of ["bm", "en"] as const) {
  test.describe(`site search (${lang})`, () => {
    test("the issue's queries find the right plan or answer first, grouped, words marked", async ({
      page,
    }) => {
      await page.goto(`/search?language=${lang}`);
      for (const { query, href, group, marked } of cases) {
        await search(page, lang, query);
        const first = page.locator(".search-hit").first();
        await expect(first.getByRole("link")).toHaveAttribute("href", linkIn(href, lang));
        // The first group is the best hit's kind, and the hit's matched words are marked.
        await expect(page.locator(".search-group").first()).toHaveAttribute(
          "data-testid",
          `search-group-${group}`,
        );
        if (marked.includes(lang)) await expect(first.locator("mark").first()).toBeVisible();
      }
    });

    test("a grouped results page, on a phone and a desktop", async ({ page }) => {
      await page.goto(`/search?keyword=sukan&language=${lang}`);
      await expect(page.getByTestId("search-count")).toBeVisible();
      const groups = page.locator(".search-group h2");
      expect(await groups.count()).toBeGreaterThan(2);
      // Headings name the kinds in the visitor's language.
      const names = await groups.allInnerTexts();
      const expected =
        lang === "bm" ? /Pek tambahan|Saluran|Bundle/ : /Add-on packs|Channels|Bundles/;
      expect(names.join(" ")).toMatch(expected);
      await checkScreen(page, `search-results-${lang}`);
    });

    test("a misspelt word with no match says so", async ({ page }) => {
      await page.goto(`/search?keyword=zzqqxx&language=${lang}`);
      await expect(page.getByRole("heading", { name: /zzqqxx/ }).last()).toBeVisible();
      await expect(page.locator(".search-hit")).toHaveCount(0);
    });
  });
}
