/**
 * Issue 20: a campaign's links lead where their text says. The free-installation campaign (TV
 * packages installed free) said "See packages" and linked to /packages, the add-on packs, where
 * none of the plans of its price rule is shown. Every link of every seeded campaign (its call to
 * action and the links in its body), in both languages, is resolved to the portal page it opens
 * (apps/web's routes, see its README) and checked against the campaign: the page exists, shows
 * products of the campaign's product, and the call to action of a priced campaign shows at least
 * one item of its rule. A banner that announces a campaign is shown only while the campaign runs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.js";
import {
  buildTestApp,
  call,
  closeTestDatabase,
  openTestDatabase,
  type TestContext,
} from "../test/helper.js";

const C = "/content/api/v1";
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
type Product = "fibre" | "tv";

/** What a portal page shows, as far as a campaign's promise goes. */
interface Target {
  /** The page, for messages. */
  page: string;
  /** The product whose plans or packs the page offers (none: an information page). */
  product?: Product;
  /** Ids of the plans or packs the page shows or signs up for. */
  shows: string[];
}

let db: Database;
let ctx: TestContext;
beforeAll(async () => {
  db = await openTestDatabase();
  ctx = await buildTestApp(db);
});
afterAll(async () => {
  await ctx?.close();
  await closeTestDatabase(db);
});

const ok = async (url: string): Promise<Json> => {
  const res = await call(ctx.app, { method: "GET", url: `${C}${url}` });
  expect(res.status, url).toBe(200);
  return res.body.response;
};
const ids = (items: { id: string }[]) => items.map((item) => item.id);

/** The catalogue of a language, to resolve link targets. */
async function catalogue(lang: string) {
  return {
    combos: {
      fibre: ids(await ok(`/static/content/${lang}/get-fibre-combo-list`)),
      tv: ids(await ok(`/static/content/${lang}/get-tv-combo-list`)),
    } as Record<Product, string[]>,
    packs: ids((await ok(`/listing/package?lang=${lang}`)).items),
    bundles: ids((await ok(`/listing/bundle?lang=${lang}`)).items),
    campaigns: ids(await ok(`/static/content/${lang}/campaign`)),
  };
}

/**
 * The page a portal link opens (apps/web's routes), or a problem. Information pages (legal,
 * support, referral, ...) offer no product; unknown paths and ids are problems.
 */
function resolve(href: string, cat: Awaited<ReturnType<typeof catalogue>>): Target | string {
  const url = new URL(href, "http://portal.invalid");
  const [first, second, ...rest] = url.pathname.split("/").filter(Boolean);
  const page = url.pathname + url.search;
  if (rest.length > 0) return `${page}: no such page`;
  if (first === "fibre" || first === "tv") {
    const combos = cat.combos[first];
    if (second === undefined) return { page, product: first, shows: combos };
    return combos.includes(second)
      ? { page, product: first, shows: [second] }
      : `${page}: no ${first} plan ${second}`;
  }
  if (first === "packages") {
    if (second === undefined) return { page, product: "tv", shows: cat.packs };
    return cat.packs.includes(second)
      ? { page, product: "tv", shows: [second] }
      : `${page}: no pack ${second}`;
  }
  if (first === "bundles") {
    if (second === undefined) return { page, product: "fibre", shows: cat.bundles };
    return cat.bundles.includes(second)
      ? { page, product: "fibre", shows: [second] }
      : `${page}: no bundle ${second}`;
  }
  if (first === "coverage" && second === undefined) {
    // The sign-up's first step; `package` preselects a plan, `addOn` a pack (product tv).
    const product = (url.searchParams.get("product") ?? "fibre") as Product;
    const plan = url.searchParams.get("package");
    const addOn = url.searchParams.get("addOn");
    const plans = [...cat.combos[product], ...(product === "fibre" ? cat.bundles : [])];
    if (plan && !plans.includes(plan)) return `${page}: no ${product} plan ${plan}`;
    if (addOn && !cat.packs.includes(addOn)) return `${page}: no pack ${addOn}`;
    return { page, product, shows: [plan, addOn].filter((id): id is string => !!id) };
  }
  if (first === "campaigns")
    return second === undefined || cat.campaigns.includes(second)
      ? { page, shows: [] }
      : `${page}: no campaign ${second}`;
  const information = ["referral", "legal", "support", "store", "b40", "contact-us", "channels"];
  if (first && information.includes(first)) return { page, shows: [] };
  return `${page}: not a portal page a campaign may link to`;
}

/** Every link of a campaign: its call to action, then the links of its body. */
const linksOf = (campaign: Json): { where: string; href: string }[] => [
  { where: "cta", href: campaign.cta.url as string },
  ...[...(campaign.body as string).matchAll(/href="([^"]+)"/g)].map((m) => ({
    where: "body",
    href: m[1]!,
  })),
];

describe.each(["bm", "en"])("campaign links in %s", (lang) => {
  it("every link opens a portal page of the campaign's product", async () => {
    const cat = await catalogue(lang);
    const problems: string[] = [];
    const seen: string[] = [];
    for (const campaign of await ok(`/static/content/${lang}/campaign`)) {
      for (const { where, href } of linksOf(campaign)) {
        const target = resolve(href, cat);
        if (typeof target === "string") problems.push(`${campaign.id} ${where}: ${target}`);
        else if (target.product && target.product !== campaign.product)
          problems.push(
            `${campaign.id} ${where}: ${target.page} offers ${target.product}, the campaign is ${campaign.product}`,
          );
        seen.push(`${campaign.id} ${where} ${href}`);
      }
    }
    expect(problems).toEqual([]);
    // Every seeded campaign has a call to action.
    expect(seen.filter((s) => s.includes(" cta ")).length).toBe(6);
  });

  it("the call to action of a priced campaign shows an item of its price rule", async () => {
    const cat = await catalogue(lang);
    const problems: string[] = [];
    for (const campaign of await ok(`/static/content/${lang}/campaign`)) {
      if (!campaign.priceRule) continue;
      const target = resolve(campaign.cta.url, cat);
      const rule: string[] = campaign.priceRule.appliesTo;
      if (typeof target === "string" || !target.shows.some((id) => rule.includes(id)))
        problems.push(
          `${campaign.id}: "${campaign.cta.label}" -> ${campaign.cta.url} shows none of ${rule.join(", ")}`,
        );
    }
    expect(problems).toEqual([]);
  });

  it("free installation's call to action opens the TV packages, whose plans it installs free", async () => {
    const campaign = await ok(`/static/content/${lang}/campaign/free-installation`);
    expect(campaign.cta.url).toBe("/tv");
    const cat = await catalogue(lang);
    expect(cat.combos.tv).toEqual(campaign.priceRule.appliesTo);
  });

  it("a banner that announces a campaign is shown only while the campaign runs", async () => {
    const { readFile } = await import("node:fs/promises");
    const { join } = await import("node:path");
    const { seedDir } = await import("../lib/paths.js");
    const highlights = JSON.parse(
      await readFile(join(seedDir(), "content", lang, "highlights.json"), "utf8"),
    ) as Json[];
    const campaigns = await ok(`/static/content/${lang}/campaign`);
    const problems: string[] = [];
    let checked = 0;
    for (const banner of highlights) {
      const match = /^\/campaigns\/([a-z0-9-]+)$/.exec(banner.link?.url ?? "");
      if (!match) continue;
      const campaign = campaigns.find((c: Json) => c.id === match[1]);
      if (!campaign) {
        problems.push(`${banner.id}: links to unknown campaign ${match[1]}`);
        continue;
      }
      checked += 1;
      // Campaign dates are Malaysian days: from 00:00 of the first to 00:00 after the last.
      const start = Date.parse(`${campaign.startDate}T00:00:00+08:00`);
      const end = Date.parse(`${campaign.endDate}T00:00:00+08:00`) + 86_400_000;
      if (!banner.startsAt || Date.parse(banner.startsAt) < start)
        problems.push(`${banner.id}: shown before ${campaign.id} starts`);
      if (!banner.endsAt || Date.parse(banner.endsAt) > end)
        problems.push(`${banner.id}: shown after ${campaign.id} ends`);
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(0);
  });
});
