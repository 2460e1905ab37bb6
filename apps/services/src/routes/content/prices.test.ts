/**
 * Issue 20: the price a visitor compares is the price they pay. Every plan, pack and bundle the
 * content service answers carries the price the shop would record for a new order on the same
 * Malaysian day (the same rule, the same content), and campaigns say whether they are current,
 * upcoming or over. Time comes from the injected clock (ManualClock).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/database.js";
import { ManualClock } from "../../lib/clock.js";
import {
  buildTestApp,
  call,
  closeTestDatabase,
  createLead,
  openTestDatabase,
  type TestContext,
} from "../../test/helper.js";

const C = "/content/api/v1";
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await closeTestDatabase(db);
});

/** Runs `use` against an app whose clock starts at `at` (an instant, UTC unless it says so). */
async function at<T>(instant: string, use: (ctx: TestContext) => Promise<T>): Promise<T> {
  const ctx = await buildTestApp(db, { clock: new ManualClock(instant) });
  try {
    return await use(ctx);
  } finally {
    await ctx.close();
  }
}

const get = async (ctx: TestContext, url: string, headers: Record<string, string> = {}) => {
  const res = await call(ctx.app, { method: "GET", url: `${C}${url}`, headers });
  return res;
};
/** The 200 answer of a content GET (response validation is on: it matches content.yaml). */
const ok = async (ctx: TestContext, url: string): Promise<Json> => {
  const res = await get(ctx, url);
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.response;
};
const byId = (items: Json[], id: string) => items.find((item) => item.id === id);

// 2026-11-21 10:00 in Malaysia: the year-end fibre deal, free TV installation, the football
// season and the school holidays run; the Lunar New Year campaign starts on 15 January 2027.
const NOV_21 = "2026-11-21T02:00:00Z";
// The last instant of 31 January 2027 in Malaysia (UTC+8), and the first of 1 February.
const JAN_31_LAST = "2027-01-31T15:59:59.999Z";
const FEB_1_FIRST = "2027-01-31T16:00:00.000Z";

const YEAR_END_500 = {
  price: {
    regularMonthlyRm: 169,
    periods: [
      { fromMonth: 1, toMonth: 6, monthlyRm: 129 },
      { fromMonth: 7, monthlyRm: 169 },
    ],
    installationFeeRm: 0,
    campaignIds: ["year-end-fibre-deal"],
  },
  priceValidUntil: "2027-01-31",
};
const REGULAR_500 = {
  price: {
    regularMonthlyRm: 169,
    periods: [{ fromMonth: 1, monthlyRm: 169 }],
    installationFeeRm: 0,
    campaignIds: [],
  },
};

describe("fibre-500 during the year-end deal and after it", () => {
  it("is RM129/month for months 1 to 6, then RM169, until 31 January 2027, wherever it is shown", async () => {
    await at(NOV_21, async (ctx) => {
      for (const lang of ["bm", "en"]) {
        const item = await ok(ctx, `/static/content/${lang}/get-fibre/fibre-500`);
        expect(item).toMatchObject({ priceRm: 169, ...YEAR_END_500 });
        const list = await ok(ctx, `/static/content/${lang}/get-fibre-combo-list`);
        expect(byId(list, "fibre-500")).toEqual(item);
        const home = await ok(ctx, `/home/all?lang=${lang}`);
        expect(byId(home.comboList, "fibre-500")).toMatchObject(YEAR_END_500);
        const campaign = await ok(ctx, `/static/content/${lang}/campaign/year-end-fibre-deal`);
        expect(campaign).toMatchObject({ status: "current" });
        expect(campaign.offers).toEqual([
          { kind: "combo", id: "fibre-500", name: item.name, product: "fibre", ...YEAR_END_500 },
        ]);
      }
      // The other fibre plans have no campaign: their regular price, no end date.
      const list = await ok(ctx, "/static/content/en/get-fibre-combo-list");
      expect(byId(list, "fibre-300")).toMatchObject({
        price: { regularMonthlyRm: 129, periods: [{ fromMonth: 1, monthlyRm: 129 }] },
      });
      expect(byId(list, "fibre-300").priceValidUntil).toBeUndefined();
    });
  });

  it("is still RM129 at 23:59:59.999 on 31 January (Malaysia) and RM169 from midnight", async () => {
    await at(JAN_31_LAST, async (ctx) => {
      expect(await ok(ctx, "/static/content/en/get-fibre/fibre-500")).toMatchObject(YEAR_END_500);
    });
    await at(FEB_1_FIRST, async (ctx) => {
      const item = await ok(ctx, "/static/content/en/get-fibre/fibre-500");
      expect(item).toMatchObject(REGULAR_500);
      expect(item.priceValidUntil).toBeUndefined();
      const home = await ok(ctx, "/home/all?lang=bm");
      expect(byId(home.comboList, "fibre-500")).toMatchObject(REGULAR_500);
    });
  });

  it("one running service answers the new price at midnight: a new body and a new ETag", async () => {
    await at(JAN_31_LAST, async (ctx) => {
      const url = "/static/content/en/get-fibre/fibre-500";
      const before = await get(ctx, url);
      expect(before.body.response).toMatchObject(YEAR_END_500);
      expect(before.headers["cache-control"]).toBe("no-cache");
      // Revalidation before midnight: 304, the stored price is still the price.
      const etag = String(before.headers.etag);
      expect((await get(ctx, url, { "if-none-match": etag })).status).toBe(304);
      ctx.clock.advance(0.001);
      // The same tag after midnight: the price changed, so the answer is a 200 with a new tag.
      const after = await get(ctx, url, { "if-none-match": etag });
      expect(after.status).toBe(200);
      expect(after.headers.etag).not.toBe(etag);
      expect(after.body.response).toMatchObject(REGULAR_500);
      const list = await ok(ctx, "/static/content/en/get-fibre-combo-list");
      expect(byId(list, "fibre-500")).toMatchObject(REGULAR_500);
    });
  });

  it("a price that did not change at midnight keeps its ETag (304)", async () => {
    await at("2026-11-21T15:59:59Z", async (ctx) => {
      const url = "/static/content/en/get-fibre/fibre-300";
      const etag = String((await get(ctx, url)).headers.etag);
      ctx.clock.advance(2);
      expect((await get(ctx, url, { "if-none-match": etag })).status).toBe(304);
    });
  });
});

describe("packs, TV plans and bundles", () => {
  it("the Sports Pack is RM20/month for 3 months, then RM40, until 31 May 2027", async () => {
    await at(NOV_21, async (ctx) => {
      const expected = {
        priceRm: 40,
        price: {
          regularMonthlyRm: 40,
          periods: [
            { fromMonth: 1, toMonth: 3, monthlyRm: 20 },
            { fromMonth: 4, monthlyRm: 40 },
          ],
          installationFeeRm: 0,
          campaignIds: ["football-season"],
        },
        priceValidUntil: "2027-05-31",
      };
      const pack = await ok(ctx, "/package/en/sports-pack");
      expect(pack).toMatchObject(expected);
      expect(byId((await ok(ctx, "/listing/package?lang=bm")).items, "sports-pack")).toMatchObject(
        expected,
      );
      // The Kids Pack is free for its first month in the school holidays (until 10 January).
      expect(await ok(ctx, "/package/bm/kids-pack")).toMatchObject({
        price: {
          regularMonthlyRm: 15,
          periods: [
            { fromMonth: 1, toMonth: 1, monthlyRm: 0 },
            { fromMonth: 2, monthlyRm: 15 },
          ],
          campaignIds: ["school-holidays"],
        },
        priceValidUntil: "2027-01-10",
      });
    });
  });

  it("TV plans are installed free until 31 December 2026, then for RM150", async () => {
    await at(NOV_21, async (ctx) => {
      const list = await ok(ctx, "/static/content/en/get-tv-combo-list");
      expect(byId(list, "tv-asas")).toMatchObject({
        priceRm: 49.95,
        installationFeeRm: 150,
        price: {
          regularMonthlyRm: 49.95,
          periods: [{ fromMonth: 1, monthlyRm: 49.95 }],
          installationFeeRm: 0,
          campaignIds: ["free-installation"],
        },
        priceValidUntil: "2026-12-31",
      });
    });
    await at("2026-12-31T16:00:00Z", async (ctx) => {
      const item = await ok(ctx, "/static/content/en/get-tv/tv-asas");
      expect(item.price).toEqual({
        regularMonthlyRm: 49.95,
        periods: [{ fromMonth: 1, monthlyRm: 49.95 }],
        installationFeeRm: 150,
        campaignIds: [],
      });
      expect(item.priceValidUntil).toBeUndefined();
    });
  });

  it("a bundle without a campaign carries its regular price", async () => {
    await at(NOV_21, async (ctx) => {
      const bundle = await ok(ctx, "/bundle/en/bundle-home-300");
      expect(bundle.price).toEqual({
        regularMonthlyRm: 159,
        periods: [{ fromMonth: 1, monthlyRm: 159 }],
        installationFeeRm: 0,
        campaignIds: [],
      });
      expect(byId((await ok(ctx, "/listing/bundle?lang=en")).items, "bundle-home-300")).toEqual(
        bundle,
      );
    });
  });

  it("before a campaign starts, the regular price holds until the day before it", async () => {
    // 15 July 2026: the football season starts on 1 August.
    await at("2026-07-15T02:00:00Z", async (ctx) => {
      expect(await ok(ctx, "/package/en/sports-pack")).toMatchObject({
        price: { periods: [{ fromMonth: 1, monthlyRm: 40 }], campaignIds: [] },
        priceValidUntil: "2026-07-31",
      });
    });
  });
});

describe("a listing card's price is the offer's price", () => {
  /** The shop's offers (getSbbOffers) to a new lead of `product` at a 500 Mbps address. */
  const offersAt = async (ctx: TestContext, product: "fibre" | "tv") => {
    const { token } = await createLead(ctx.app, product);
    const search = await call(ctx.app, {
      method: "POST",
      url: "/address/cassandra/api/v1/address/greenfield-search",
      token,
      payload: { postalCode: "47301", residenceType: 1 },
    });
    const addressId = search.body.response[0].addressId as string;
    await call(ctx.app, {
      method: "PATCH",
      url: "/shop/api/v1/greenfield/update-sbb-lead",
      token,
      payload: { address: { addressId } },
    });
    const offers = await call(ctx.app, {
      method: "GET",
      url: "/shop/api/v1/greenfield/sbb-offers?lang=en",
      token,
    });
    expect(offers.status).toBe(200);
    return offers.body.response as { plans: Json[]; addOns: Json[] };
  };

  it("every plan and pack the shop offers costs what the content service shows, on the same day", async () => {
    for (const instant of [NOV_21, FEB_1_FIRST]) {
      await at(instant, async (ctx) => {
        const combos = [
          ...(await ok(ctx, "/static/content/en/get-fibre-combo-list")),
          ...(await ok(ctx, "/static/content/en/get-tv-combo-list")),
        ];
        const bundles = (await ok(ctx, "/listing/bundle?lang=en")).items;
        const packs = (await ok(ctx, "/listing/package?lang=en")).items;
        let compared = 0;
        for (const product of ["fibre", "tv"] as const) {
          const { plans, addOns } = await offersAt(ctx, product);
          for (const plan of plans) {
            const card = byId(plan.kind === "combo" ? combos : bundles, plan.id);
            expect(card.price, `${instant} ${plan.id}`).toEqual(plan.price);
            compared += 1;
          }
          for (const addOn of addOns) {
            expect(byId(packs, addOn.id).price, `${instant} ${addOn.id}`).toEqual(addOn.price);
            compared += 1;
          }
          if (product === "fibre") {
            const fibre500 = plans.find((p: Json) => p.id === "fibre-500");
            expect(fibre500.price).toEqual(
              instant === NOV_21 ? YEAR_END_500.price : REGULAR_500.price,
            );
          }
        }
        // 47301 gets up to 500 Mbps: 3 fibre combos, 3 bundles, 3 TV plans, 8 packs twice.
        expect(compared).toBeGreaterThanOrEqual(20);
      });
    }
  });
});

describe("campaigns: current, upcoming, ended", () => {
  it("lists current and upcoming campaigns, each with its status", async () => {
    await at(NOV_21, async (ctx) => {
      const list = await ok(ctx, "/static/content/en/campaign");
      expect(list.map((c: Json) => [c.id, c.status])).toEqual([
        ["free-installation", "current"],
        ["school-holidays", "current"],
        ["year-end-fibre-deal", "current"],
        ["lunar-new-year", "upcoming"],
        ["football-season", "current"],
        ["refer-a-friend", "current"],
      ]);
      // A campaign without a price rule has no offers.
      expect(byId(list, "lunar-new-year").offers).toEqual([]);
      expect(byId(list, "free-installation").offers.map((o: Json) => o.id)).toEqual([
        "tv-asas",
        "tv-keluarga",
        "tv-premium",
      ]);
    });
  });

  it("an upcoming campaign's offers are priced on its first day", async () => {
    await at("2026-07-15T02:00:00Z", async (ctx) => {
      const campaign = await ok(ctx, "/static/content/bm/campaign/football-season");
      expect(campaign.status).toBe("upcoming");
      expect(campaign.offers).toEqual([
        {
          kind: "package",
          id: "sports-pack",
          name: "Pek Sukan",
          product: "tv",
          price: {
            regularMonthlyRm: 40,
            periods: [
              { fromMonth: 1, toMonth: 3, monthlyRm: 20 },
              { fromMonth: 4, monthlyRm: 40 },
            ],
            installationFeeRm: 0,
            campaignIds: ["football-season"],
          },
          priceValidUntil: "2027-05-31",
        },
      ]);
    });
  });

  it("an ended campaign is no longer listed; its page still answers, ended, with no offers", async () => {
    // 1 January 2027: free installation ended on 31 December.
    await at("2026-12-31T16:00:00Z", async (ctx) => {
      const list = await ok(ctx, "/static/content/en/campaign");
      expect(list.map((c: Json) => c.id)).not.toContain("free-installation");
      expect(list.map((c: Json) => c.id)).toContain("year-end-fibre-deal");
      const ended = await ok(ctx, "/static/content/en/campaign/free-installation");
      expect(ended).toMatchObject({ id: "free-installation", status: "ended", offers: [] });
    });
    // The last instant of 31 December it still runs.
    await at("2026-12-31T15:59:59.999Z", async (ctx) => {
      const list = await ok(ctx, "/static/content/en/campaign");
      expect(byId(list, "free-installation").status).toBe("current");
    });
  });

  it("a running service moves a campaign from upcoming to current at midnight", async () => {
    // 14 January 2027, 23:59:59 in Malaysia: Lunar New Year starts on the 15th.
    await at("2027-01-14T15:59:59Z", async (ctx) => {
      const before = await ok(ctx, "/static/content/en/campaign/lunar-new-year");
      expect(before.status).toBe("upcoming");
      ctx.clock.advance(1);
      const after = await ok(ctx, "/static/content/en/campaign/lunar-new-year");
      expect(after.status).toBe("current");
      const list = await ok(ctx, "/static/content/en/campaign");
      expect(byId(list, "lunar-new-year").status).toBe("current");
    });
  });
});

describe("content documents never carry computed values", () => {
  it("the importer refuses a plan with a price (readOnly in content.yaml)", async () => {
    const { mkdtemp, cp, readFile, writeFile, rm } = await import("node:fs/promises");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const { seedDir } = await import("../../lib/paths.js");
    const { importContent, ContentImportError } = await import("../../content/importer.js");
    const dir = await mkdtemp(join(tmpdir(), "portal-seed-"));
    try {
      await cp(seedDir(), dir, { recursive: true });
      const file = join(dir, "content", "en", "combos.json");
      const combos = JSON.parse(await readFile(file, "utf8")) as Json[];
      combos[0].price = { regularMonthlyRm: 1, periods: [], installationFeeRm: 0, campaignIds: [] };
      await writeFile(file, JSON.stringify(combos));
      const refused = await importContent(db, { seedDir: dir }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ContentImportError);
      expect((refused as InstanceType<typeof ContentImportError>).problems.join("\n")).toMatch(
        /combos\.json.*(additional|price)/i,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
