import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/database.js";
import { seedDir } from "../../lib/paths.js";
import {
  buildTestApp,
  call,
  closeTestDatabase,
  openTestDatabase,
  type TestContext,
} from "../../test/helper.js";

// Issue 22: every content list whose size grows with the content answers one page
// (content.yaml, "pagination"): page sizes, totals, the last page, 400s naming the field, and the
// size of a page at 100 times the seed.

const C = "/content/api/v1";
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const seed = (path: string): Json[] =>
  JSON.parse(readFileSync(join(seedDir(), path), "utf8")) as Json[];

/** A support category as a topic (getSupportTopics): its count and first 4 questions' names. */
const topicOf = (category: Json) => ({
  name: category.name,
  slug: category.slug,
  questionCount: category.questions.length,
  questions: category.questions.slice(0, 4).map((q: Json) => ({ slug: q.slug, name: q.name })),
});

/**
 * Every paged list: its URL (with its `?` or `&` to add the page) and the seed items it lists, as
 * the list answers them (the same documents, but a support topic's digest of its category).
 */
const LISTS: { name: string; url: string; items: () => Json[] }[] = [
  {
    name: "channels (bm)",
    url: "/listing/channel?lang=bm&",
    items: () => seed("content/bm/channels.json"),
  },
  {
    name: "channels (en)",
    url: "/listing/channel?lang=en&",
    items: () => seed("content/en/channels.json"),
  },
  { name: "movies", url: "/static/afab?lang=en&", items: () => seed("content/en/movies.json") },
  {
    name: "packs",
    url: "/listing/package?lang=bm&",
    items: () => seed("content/bm/packages.json"),
  },
  {
    name: "bundles",
    url: "/listing/bundle?lang=en&",
    items: () => seed("content/en/bundles.json"),
  },
  {
    name: "store",
    url: "/static/content/bm/store?",
    items: () => seed("content/bm/articles.json"),
  },
  {
    name: "dealers (selangor)",
    url: "/static/dealer/state/selangor?",
    items: () => seed("content/dealers.json").filter((d) => d.state === "selangor"),
  },
  { name: "support (bm)", url: "/static/support/bm/all?", items: () => seed("support/bm.json") },
  {
    name: "support topics (en)",
    url: "/static/support/en/topics?",
    items: () => seed("support/en.json").map(topicOf),
  },
];

/** An item's key: its id, or a support category's slug. */
const idsOf = (items: { id?: string; slug?: string }[]) =>
  items.map((item) => String(item.id ?? item.slug));

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

const get = (url: string, headers: Record<string, string> = {}, app = ctx.app) =>
  call(app, { method: "GET", url: `${C}${url}`, headers });
const page = async (url: string, app = ctx.app) => {
  const res = await get(url, {}, app);
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.response;
};
const expectBadRequest = async (url: string, field: string, code: string) => {
  const res = await get(url);
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(400);
  expect(res.body).toMatchObject({ statusCode: 400, error: "Bad Request", field, code });
};

describe("every paged list", () => {
  for (const list of LISTS) {
    it(`${list.name}: 24 by default, pages of any size up to 100, the total and the last page`, async () => {
      const all = list.items();
      const first = await page(list.url);
      expect(first.page).toBe(1);
      expect(first.limit).toBe(24);
      expect(first.total).toBe(all.length);
      expect(idsOf(first.items)).toEqual(idsOf(all.slice(0, 24)));

      // Walk the list with pages of 5: every item once, in the list's order.
      const size = 5;
      const last = Math.ceil(all.length / size);
      const walked: string[] = [];
      for (let n = 1; n <= last; n += 1) {
        const p = await page(`${list.url}page=${n}&limit=${size}`);
        expect(p).toMatchObject({ page: n, limit: size, total: all.length });
        expect(p.items.length).toBe(n < last ? size : all.length - size * (last - 1));
        walked.push(...idsOf(p.items));
      }
      expect(walked).toEqual(idsOf(all));

      const whole = await page(`${list.url}limit=100`);
      expect(idsOf(whole.items)).toEqual(idsOf(all));
      if (list.name.startsWith("support")) expect(whole.items).toEqual(all);
      await expectBadRequest(
        `${list.url}page=${last + 1}&limit=${size}`,
        "page",
        "validation.page.outOfRange",
      );
    });
  }

  it("refuses a page or a limit that is not an integer in its range, naming the field", async () => {
    for (const list of LISTS) {
      const cases: [string, string, string][] = [
        ["page", "0", "invalid"],
        ["page", "-1", "invalid"],
        ["page", "10001", "invalid"],
        ["page", "abc", "type"],
        ["page", "1.5", "type"],
        ["limit", "0", "invalid"],
        ["limit", "101", "invalid"],
        ["limit", "x", "type"],
      ];
      for (const [field, value, kind] of cases)
        await expectBadRequest(
          `${list.url}${field}=${value}`,
          field,
          `validation.${field}.${kind}`,
        );
    }
  });

  it("filters channels by genre across pages, and lists every genre whatever the page", async () => {
    const channels = seed("content/en/channels.json");
    const sports = channels.filter((c) => c.genre === "sports");
    expect(sports.length).toBeGreaterThan(3);
    const first = await page("/listing/channel?lang=en&genre=sports&limit=3");
    expect(first.total).toBe(sports.length);
    expect(idsOf(first.items)).toEqual(idsOf(sports.slice(0, 3)));
    const second = await page("/listing/channel?lang=en&genre=sports&limit=3&page=2");
    expect(idsOf(second.items)).toEqual(idsOf(sports.slice(3, 6)));
    const genres = [...new Map(channels.map((c) => [c.genre, c.genreName])).entries()].map(
      ([genre, genreName]) => ({
        genre,
        genreName,
        count: channels.filter((c) => c.genre === genre).length,
      }),
    );
    expect(first.genres).toEqual(genres);
    expect((await page("/listing/channel?lang=en&page=3")).genres).toEqual(genres);
    await expectBadRequest(
      "/listing/channel?lang=en&genre=cooking",
      "genre",
      "validation.genre.invalid",
    );
  });

  it("answers page 1 of a state without dealers empty, and no page 2", async () => {
    // Every state has a dealer in the seed: take Perlis's away.
    await db.query(
      "delete from content_documents where kind = 'dealer' and doc->>'state' = 'perlis'",
    );
    // A fresh app (its own cache) over the same database.
    const other = await buildTestApp(db);
    try {
      expect(await page("/static/dealer/state/perlis", other.app)).toEqual({
        items: [],
        total: 0,
        page: 1,
        limit: 24,
      });
      const res = await get("/static/dealer/state/perlis?page=2", {}, other.app);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ field: "page", code: "validation.page.outOfRange" });
    } finally {
      await other.close();
    }
  });

  it("keeps ETag and 304 per page", async () => {
    const one = await get("/listing/channel?lang=bm&page=2");
    const two = await get("/listing/channel?lang=bm&page=3");
    expect(one.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(two.headers.etag).not.toBe(one.headers.etag);
    const again = await get("/listing/channel?lang=bm&page=2", {
      "if-none-match": String(one.headers.etag),
    });
    expect(again.status).toBe(304);
  });
});

describe("at 100 times the seed", () => {
  const SCALE = 100;
  const KINDS = ["channel", "movie", "package", "bundle", "article", "dealer"];
  const SUPPORT_URLS = ["/static/support/bm/all", "/static/support/en/topics"];
  const URLS = [
    "/listing/channel?lang=bm",
    "/listing/channel?lang=en&genre=sports",
    "/static/afab?lang=bm",
    "/listing/package?lang=bm",
    "/listing/bundle?lang=bm",
    "/static/content/en/store",
    "/static/dealer/state/selangor",
    ...SUPPORT_URLS,
  ];

  // Last in this file: it adds rows to the file's database (the lists above read it at seed size).
  it("a first page answers the same bytes (within 10%) and the totals grow 100 times", async () => {
    const before = new Map<string, { bytes: number; total: number }>();
    for (const url of URLS) {
      const res = await get(url);
      before.set(url, { bytes: res.raw.body.length, total: res.body.response.total });
    }
    // Replicate each listed kind 99 more times (new ids, later positions): what a provider with
    // 100 times the catalogue would import.
    await db.query(
      `insert into content_documents (kind, lang, id, position, doc)
       select kind, lang, id || '-x' || n, position + n * 100000,
              jsonb_set(doc, '{id}', to_jsonb(id || '-x' || n))
       from content_documents, generate_series(1, $1::int - 1) as n
       where kind = any($2::text[])`,
      [SCALE, KINDS],
    );
    // Support categories are keyed by slug (a copy's questions keep theirs: unique per category).
    await db.query(
      `insert into content_documents (kind, lang, id, position, doc)
       select kind, lang, id || '-x' || n, position + n * 100000,
              jsonb_set(doc, '{slug}', to_jsonb(id || '-x' || n))
       from content_documents, generate_series(1, $1::int - 1) as n
       where kind = 'support'`,
      [SCALE],
    );
    // A fresh app: its own answer cache, over the replicated rows.
    const scaled = await buildTestApp(db);
    try {
      for (const url of URLS) {
        const res = await get(url, {}, scaled.app);
        expect(res.status, url).toBe(200);
        const was = before.get(url) as { bytes: number; total: number };
        expect(res.body.response.total, url).toBe(was.total * SCALE);
        const bytes = res.raw.body.length;
        console.log(`${url}: ${was.bytes} bytes at seed size, ${bytes} at ${SCALE}x`);
        if (was.total >= 24) expect(Math.abs(bytes - was.bytes) / was.bytes, url).toBeLessThan(0.1);
        // A list shorter than a page at seed size fills one page: never more than 24 items.
        expect(res.body.response.items.length, url).toBe(Math.min(24, was.total * SCALE));
        // Never more than a full page of the seed's items: bounded whatever the content.
        const fullPage = (was.bytes / was.total) * Math.max(24, was.total);
        expect(bytes, url).toBeLessThan(fullPage * 1.1);
      }
      // The last page of the channels is reachable and the one after is a 400.
      const total = before.get(URLS[0] as string)!.total * SCALE;
      const last = Math.ceil(total / 100);
      const end = await get(`/listing/channel?lang=bm&limit=100&page=${last}`, {}, scaled.app);
      expect(end.body.response.items.length).toBe(total - 100 * (last - 1));
      const past = await get(`/listing/channel?lang=bm&limit=100&page=${last + 1}`, {}, scaled.app);
      expect(past.status).toBe(400);
    } finally {
      await scaled.close();
    }
  }, 240_000);
});
