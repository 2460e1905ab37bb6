import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/database.js";
import { ManualClock } from "../../lib/clock.js";
import { seedDir } from "../../lib/paths.js";
import type { OperationsFactory } from "../../openapi/register.js";
import {
  buildTestApp,
  call,
  closeTestDatabase,
  openTestDatabase,
  type TestContext,
} from "../../test/helper.js";
import { contentAccountOperations } from "./account.js";

const C = "/content/api/v1";
const LANGS = ["bm", "en"] as const;
type Lang = (typeof LANGS)[number];

// Seed JSON is checked against content.yaml by the importer; tests read it loosely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const seed = <T = Json>(path: string): T =>
  JSON.parse(readFileSync(join(seedDir(), path), "utf8")) as T;
const content = <T = Json>(lang: Lang, file: string): T => seed<T>(`content/${lang}/${file}.json`);

/** What the service computes when answering (content.yaml `readOnly`); the seed holds none of it. */
const COMPUTED = new Set(["price", "priceValidUntil", "status", "offers"]);
/** An answer without its computed values: what the seed holds. Prices: prices.test.ts. */
const authored = (value: Json): Json =>
  Array.isArray(value)
    ? value.map(authored)
    : value && typeof value === "object"
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([key]) => !COMPUTED.has(key))
            .map(([key, child]) => [key, authored(child)]),
        )
      : value;

// Operations answered with success (2xx/304) in this file, to fail when one has no test.
const exercised = new Set<string>();
const trackOperations: OperationsFactory = (scope) => {
  scope.addHook("onResponse", async (request, reply) => {
    const id = request.routeOptions.config.operationId;
    if (id && reply.statusCode < 400) exercised.add(id);
  });
  return {};
};

let db: Database;
let ctx: TestContext;
beforeAll(async () => {
  db = await openTestDatabase();
  ctx = await buildTestApp(db, {
    services: (defaults) =>
      defaults.map((s) =>
        s.name === "content" ? { ...s, operations: [...s.operations, trackOperations] } : s,
      ),
  });
});
afterAll(async () => {
  await ctx?.close();
  await closeTestDatabase(db);
});

const get = (url: string, headers: Record<string, string> = {}, app: FastifyInstance = ctx.app) =>
  call(app, { method: "GET", url: `${C}${url}`, headers });

/** GET that must answer 200 (response validation is on, so 200 also means "matches content.yaml"). */
const ok = async (url: string) => {
  const res = await get(url);
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
  expect(res.headers.etag, url).toMatch(/^"[A-Za-z0-9_-]+"$/);
  expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
  return res.body.response;
};

const expectBadRequest = async (url: string, field: string, code?: string) => {
  const res = await get(url);
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(400);
  expect(res.body).toMatchObject({ statusCode: 400, error: "Bad Request", field });
  if (code) expect(res.body.code).toBe(code);
};

const expectNotFound = async (url: string) => {
  const res = await get(url);
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(404);
  expect(res.body).toMatchObject({ statusCode: 404, error: "Not Found" });
  expect(res.body.code).toMatch(/\.notFound$/);
};

describe.each(LANGS)("content operations in %s", (lang) => {
  it("answers the banners that are current now", async () => {
    const highlights = content<Json[]>(lang, "highlights");
    expect(await ok(`/static/highlight/${lang}/announcement`)).toEqual(
      highlights.find((h) => h.id === "network-maintenance"),
    );
    expect(await ok(`/static/highlight/${lang}/promotion`)).toEqual(
      highlights.find((h) => h.id === "year-end-fibre-deal"),
    );
  });

  it("answers the support centre in display order, a page of categories at a time", async () => {
    const all = seed(`support/${lang}.json`);
    expect(await ok(`/static/support/${lang}/all`)).toEqual({
      items: all,
      total: all.length,
      page: 1,
      limit: 24,
    });
  });

  it("answers the support topics: each category with its count and first 4 questions' names", async () => {
    const all = seed(`support/${lang}.json`);
    const topics = all.map((category: Json) => ({
      name: category.name,
      slug: category.slug,
      questionCount: category.questions.length,
      questions: category.questions.slice(0, 4).map((q: Json) => ({ slug: q.slug, name: q.name })),
    }));
    expect(await ok(`/static/support/${lang}/topics`)).toEqual({
      items: topics,
      total: all.length,
      page: 1,
      limit: 24,
    });
    // The seed's categories hold 4 to 8 questions: the topic names the first 4 and counts all.
    expect(topics.map((t: Json) => t.questionCount)).toEqual([8, 8, 8, 8, 7, 7, 7, 6, 4]);
    expect(await ok(`/static/support/${lang}/topics?page=2&limit=4`)).toEqual({
      items: topics.slice(4, 8),
      total: 9,
      page: 2,
      limit: 4,
    });
  });

  it("answers one support category, and one answer with its category and related questions", async () => {
    const all = seed(`support/${lang}.json`);
    for (const category of all) {
      expect(await ok(`/static/support/${lang}/category/${category.slug}`)).toEqual(category);
    }
    const wifi = all.find((c: Json) => c.slug === "router-wifi");
    const named = (slug: string) => wifi.questions.find((q: Json) => q.slug === slug).name;
    const answer = await ok(`/static/support/${lang}/category/router-wifi/change-wifi-password`);
    expect(answer.category).toEqual({ name: wifi.name, slug: "router-wifi" });
    expect(answer.question).toEqual(
      wifi.questions.find((q: Json) => q.slug === "change-wifi-password"),
    );
    // Tags router, wifi, password: guest-network shares two, then the others in display order.
    expect(answer.related).toEqual(
      ["guest-network", "router-lights", "reset-router", "mesh-wifi", "own-router"].map((slug) => ({
        category: { name: wifi.name, slug: "router-wifi" },
        slug,
        name: named(slug),
      })),
    );
  });

  it("searches the support centre: the best questions with their category (support-search.test.ts)", async () => {
    const answer = await ok(`/static/support/${lang}/search?q=wifi&limit=3`);
    expect(answer).toMatchObject({ q: "wifi", lang });
    expect(answer.hits.length).toBeGreaterThan(0);
    expect(answer.hits.length).toBeLessThanOrEqual(3);
    expect(answer.hits[0].category.slug).toBe("router-wifi");
  });

  it("answers 404 support.notFound for an unknown support category or question", async () => {
    for (const url of [
      `/static/support/${lang}/category/no-such-topic`,
      `/static/support/${lang}/category/no-such-topic/change-wifi-password`,
      `/static/support/${lang}/category/router-wifi/no-such-question`,
      // A question is found in its own category only.
      `/static/support/${lang}/category/billing/change-wifi-password`,
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.body).toMatchObject({ statusCode: 404, code: "support.notFound" });
    }
    await expectBadRequest(`/static/support/${lang}/category/Bad_Slug`, "category");
  });

  it("answers product pages, combo lists and combo packages per product", async () => {
    const products = content<Json[]>(lang, "products");
    const combos = content<Json[]>(lang, "combos");
    for (const product of ["fibre", "tv"]) {
      expect(await ok(`/static/content/${lang}/get-${product}`)).toEqual(
        products.find((p) => p.product === product),
      );
      const list = await ok(`/static/content/${lang}/get-${product}-combo-list`);
      expect(authored(list)).toEqual(combos.filter((c) => c.product === product));
      expect(list.length).toBeGreaterThan(0);
      expect(await ok(`/static/content/${lang}/get-${product}/${list[0].id}`)).toEqual(list[0]);
    }
  });

  it("answers campaigns and store articles, lists and items", async () => {
    // On 21 November 2026 (the test clock) no seeded campaign has ended: all are listed.
    const campaigns = content<Json[]>(lang, "campaigns");
    const listed = await ok(`/static/content/${lang}/campaign`);
    expect(authored(listed)).toEqual(campaigns);
    expect(await ok(`/static/content/${lang}/campaign/${campaigns[1].id}`)).toEqual(listed[1]);
    const articles = content<Json[]>(lang, "articles");
    const page = await ok(`/static/content/${lang}/store?limit=100`);
    expect(page).toEqual({ items: articles, total: articles.length, page: 1, limit: 100 });
    const list = page.items;
    const dates = list.map((a: { publishedAt: string }) => a.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(await ok(`/static/content/${lang}/store/${articles[2].id}`)).toEqual(articles[2]);
  });

  it("answers channels, movies, bundles and packs by id", async () => {
    for (const [path, file] of [
      ["channel", "channels"],
      ["static/movie", "movies"],
      ["bundle", "bundles"],
      ["package", "packages"],
    ] as const) {
      const items = content<Json[]>(lang, file);
      for (const item of [items[0], items.at(-1)])
        expect(authored(await ok(`/${path}/${lang}/${item.id}`))).toEqual(item);
    }
  });

  it("answers the four listings as { items, total, page, limit } in the contract's order", async () => {
    for (const [path, file] of [
      ["listing/package", "packages"],
      ["listing/channel", "channels"],
      ["listing/bundle", "bundles"],
      ["static/afab", "movies"],
    ] as const) {
      const items = content<Json[]>(lang, file);
      const { genres: _genres, ...answer } = authored(await ok(`/${path}?lang=${lang}&limit=100`));
      expect(answer).toEqual({ items, total: items.length, page: 1, limit: 100 });
    }
    const channels = (await ok(`/listing/channel?lang=${lang}&limit=100`)).items as {
      number: number;
    }[];
    expect(channels.length).toBeGreaterThanOrEqual(60);
    const numbers = channels.map((c) => c.number);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  });

  it("answers the home page and the four legal pages", async () => {
    expect(authored(await ok(`/home/all?lang=${lang}`))).toEqual(content(lang, "home"));
    const terms = content<Json[]>(lang, "terms");
    for (const type of ["privacy-notice", "privacy-policy", "terms-of-use", "terms-and-conditions"])
      expect(await ok(`/terms/${type}?lang=${lang}`)).toEqual(terms.find((t) => t.type === type));
  });

  it("searches in this language", async () => {
    const keyword = lang === "bm" ? "sukan" : "sports";
    const result = await ok(`/search?keyword=${keyword}&lang=${lang}`);
    expect(result).toMatchObject({ keyword, lang });
    expect(result.total).toBeGreaterThan(0);
    expect(result.hits.map((h: { id: string }) => h.id)).toContain("sports-pack");
    const title = content<Json[]>(lang, "packages").find((p) => p.id === "sports-pack").name;
    expect(result.hits.find((h: { id: string }) => h.id === "sports-pack").title).toBe(title);
  });
});

describe("dealers", () => {
  it("answers the dealers of every state and federal territory", async () => {
    const dealers = seed<{ state: string }[]>("content/dealers.json");
    const states = [
      ...["johor", "kedah", "kelantan", "melaka", "negeri-sembilan", "pahang", "perak", "perlis"],
      ...["pulau-pinang", "sabah", "sarawak", "selangor", "terengganu", "kuala-lumpur", "labuan"],
      "putrajaya",
    ];
    for (const state of states) {
      const list = (await ok(`/static/dealer/state/${state}`)).items;
      expect(list.length, state).toBeGreaterThanOrEqual(1);
      expect(list).toEqual(dealers.filter((d) => d.state === state));
    }
  });
});

describe("errors", () => {
  it("answers 404 with an ErrorBody for unknown ids", async () => {
    for (const url of [
      "/channel/bm/no-such-channel",
      "/static/movie/en/no-such-movie",
      "/bundle/bm/no-such-bundle",
      "/package/en/no-such-pack",
      "/static/content/bm/campaign/no-such-campaign",
      "/static/content/en/store/no-such-article",
      "/static/content/bm/get-fibre/no-such-combo",
      // A combo of the other product is not found under this one.
      `/static/content/bm/get-tv/${content<Json[]>("bm", "combos").find((c) => c.product === "fibre").id}`,
    ])
      await expectNotFound(url);
  });

  it("answers 400 naming lang, product, state, termsType or id", async () => {
    await expectBadRequest("/channel/fr/suria-sports-1", "lang", "validation.lang.invalid");
    await expectBadRequest("/static/highlight/xx/announcement", "lang");
    await expectBadRequest("/static/support/EN/all", "lang");
    await expectBadRequest("/listing/channel?lang=fr", "lang", "validation.lang.invalid");
    await expectBadRequest("/home/all?lang=", "lang");
    await expectBadRequest("/static/content/bm/get-radio", "product", "validation.product.invalid");
    await expectBadRequest("/static/content/bm/get-radio-combo-list", "product");
    await expectBadRequest("/static/content/en/get-phone/fibre-500", "product");
    await expectBadRequest("/static/dealer/state/atlantis", "state", "validation.state.invalid");
    await expectBadRequest("/terms/cookie-policy?lang=bm", "termsType");
    await expectBadRequest("/channel/bm/Suria_Sports", "id", "validation.id.invalid");
    await expectBadRequest(`/static/movie/bm/${"a".repeat(65)}`, "id");
  });

  it("reads an absent lang query as bm, the default language", async () => {
    expect(await ok("/listing/package")).toEqual(await ok("/listing/package?lang=bm"));
    expect((await ok("/search?keyword=sukan")).lang).toBe("bm");
  });

  it("answers 400 naming keyword or limit for a bad search", async () => {
    await expectBadRequest("/search?lang=bm", "keyword", "validation.keyword.required");
    await expectBadRequest("/search?keyword=&lang=bm", "keyword");
    await expectBadRequest(
      "/search?keyword=%20%20%09&lang=bm",
      "keyword",
      "validation.keyword.invalid",
    );
    await expectBadRequest(`/search?keyword=${"a".repeat(101)}&lang=bm`, "keyword");
    await expectBadRequest("/search?keyword=sukan&lang=ms", "lang");
    await expectBadRequest("/search?keyword=sukan&lang=bm&limit=0", "limit");
    await expectBadRequest("/search?keyword=sukan&lang=bm&limit=51", "limit");
    await expectBadRequest("/search?keyword=sukan&lang=bm&limit=two", "limit");
  });

  it("turns an answer that breaks the contract into a 500 (so a test fails)", async () => {
    // A document written behind the importer's back, never served before (so not cached).
    const id = content<Json[]>("en", "channels")[5].id as string;
    await db.query(
      "update content_documents set doc = doc - 'genre' where kind = 'channel' and lang = 'en' and id = $1",
      [id],
    );
    try {
      const res = await get(`/channel/en/${id}`);
      expect(res.status).toBe(500);
      expect(res.body.code).toBe("response.invalid");
    } finally {
      await db.query(
        "update content_documents set doc = doc || jsonb_build_object('genre', $2::text) where kind = 'channel' and lang = 'en' and id = $1",
        [id, content<Json[]>("en", "channels")[5].genre],
      );
    }
  });
});

describe("banners over time", () => {
  const at = async (time: string, kind: "announcement" | "promotion") => {
    const other = await buildTestApp(db, { clock: new ManualClock(time) });
    try {
      return await get(`/static/highlight/en/${kind}`, {}, other.app);
    } finally {
      await other.close();
    }
  };

  it("answers 404 before any banner starts and the banner from its first instant", async () => {
    // network-maintenance starts at 2026-01-01T00:00:00+08:00.
    expect((await at("2025-12-31T15:59:59.999Z", "announcement")).status).toBe(404);
    expect((await at("2025-12-31T15:59:59.999Z", "promotion")).body.code).toBe(
      "highlight.notFound",
    );
    const first = await at("2025-12-31T16:00:00.000Z", "announcement");
    expect(first.status).toBe(200);
    expect(first.body.response.id).toBe("network-maintenance");
  });

  it("shows the year-end promotion exactly while its campaign runs (1 Nov 2026 - 31 Jan 2027)", async () => {
    expect((await at("2026-10-31T15:59:59.999Z", "promotion")).status).toBe(404);
    expect((await at("2026-10-31T16:00:00.000Z", "promotion")).body.response.id).toBe(
      "year-end-fibre-deal",
    );
    expect((await at("2027-01-31T15:59:59.999Z", "promotion")).body.response.id).toBe(
      "year-end-fibre-deal",
    );
    // The price is RM169 again from 1 February: the banner no longer promises RM129.
    expect((await at("2027-01-31T16:00:00.000Z", "promotion")).status).toBe(404);
  });
});

describe("ETag and 304", () => {
  it("answers 304 with the ETag and no body for a matching If-None-Match", async () => {
    for (const url of [
      "/channel/bm/suria-sports-1",
      "/static/afab?lang=en",
      "/search?keyword=sukan&lang=bm",
      "/static/dealer/state/selangor",
      "/static/highlight/bm/promotion",
    ]) {
      const first = await get(url);
      const etag = first.headers.etag as string;
      const again = await get(url);
      expect(again.headers.etag, "a cached answer keeps its tag").toBe(etag);
      expect(again.raw.body).toBe(first.raw.body);
      for (const header of [etag, `W/${etag}`, `"x", ${etag}`, "*"]) {
        const res = await get(url, { "if-none-match": header });
        expect(res.status, `${url} ${header}`).toBe(304);
        expect(res.raw.body).toBe("");
        expect(res.headers.etag).toBe(etag);
      }
      const miss = await get(url, { "if-none-match": '"other"' });
      expect(miss.status).toBe(200);
    }
  });

  it("answers HEAD with the headers of the GET and no body", async () => {
    const url = `${C}/listing/bundle?lang=en`;
    const getRes = await ctx.app.inject({ method: "GET", url });
    const head = await ctx.app.inject({ method: "HEAD", url });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe("");
    expect(head.headers.etag).toBe(getRes.headers.etag);
  });

  it("gives each language its own tag", async () => {
    const bm = await get("/channel/bm/suria-sports-1");
    const en = await get("/channel/en/suria-sports-1");
    expect(bm.headers.etag).not.toBe(en.headers.etag);
    expect(
      (await get("/channel/en/suria-sports-1", { "if-none-match": bm.headers.etag as string }))
        .status,
    ).toBe(200);
  });
});

describe("search", () => {
  const search = async (keyword: string, lang: Lang = "bm", limit?: number) =>
    ok(
      `/search?keyword=${encodeURIComponent(keyword)}&lang=${lang}${limit ? `&limit=${limit}` : ""}`,
    );
  type Hit = {
    kind: string;
    id: string;
    title: string;
    score: number;
    terms: string[];
    snippet: string;
    image?: string;
    product?: string;
    category?: string;
  };

  it("ranks the whole portal: plans, packs, bundles, channels, support answers", async () => {
    const result = await search("sports", "en", 50);
    const hits = result.hits as Hit[];
    expect(result.total).toBe(hits.length);
    const kinds = new Set(hits.map((h) => h.kind));
    for (const kind of ["combo", "package", "bundle", "channel", "campaign"])
      expect(kinds).toContain(kind);
    // Hits with the word in their title come first.
    const titled = (h: Hit) => /sports/i.test(h.title) || /sports/i.test(h.id);
    const firstUntitled = hits.findIndex((h) => !titled(h));
    expect(firstUntitled).toBeGreaterThan(0);
  });

  it("finds every kind, each hit saying how to reach it", async () => {
    const hitOf = async (keyword: string, lang: Lang, id: string) =>
      ((await search(keyword, lang, 50)).hits as Hit[]).find((h) => h.id === id);
    expect(await hitOf("misi merdeka", "bm", "misi-merdeka")).toMatchObject({ kind: "movie" });
    expect(await hitOf("router", "en", "router-placement-tips")).toMatchObject({
      kind: "article",
    });
    expect(await hitOf("sukan", "bm", "sports-pack")).toMatchObject({ kind: "package" });
    expect(await hitOf("sukan", "bm", "bundle-sports-500")).toMatchObject({ kind: "bundle" });
    expect(await hitOf("811", "bm", "suria-sports-1")).toMatchObject({ kind: "channel" });
    expect(await hitOf("fibre 500", "bm", "fibre-500")).toMatchObject({
      kind: "combo",
      product: "fibre",
      title: "Suria Fibre 500Mbps",
    });
    expect(await hitOf("tv asas", "bm", "tv-asas")).toMatchObject({ kind: "combo", product: "tv" });
    expect(await hitOf("pemasangan percuma", "bm", "free-installation")).toMatchObject({
      kind: "campaign",
    });
    expect(await hitOf("kata laluan wifi", "bm", "change-wifi-password")).toMatchObject({
      kind: "support",
      category: "router-wifi",
      title: "Bagaimana menukar kata laluan Wi-Fi?",
    });
  });

  it("forgives typos, understands Malay affixes and searches the other language too", async () => {
    const first = async (keyword: string, lang: Lang) =>
      ((await search(keyword, lang)).hits as Hit[])[0];
    expect(await first("pembayran bil", "bm")).toMatchObject({
      kind: "support",
      id: "pay-bill-online",
    });
    expect(await first("routr", "en")).toMatchObject({ kind: "support", category: "router-wifi" });
    expect(await first("futbol", "bm")).toMatchObject({ id: "football-season" });
    // "Suria TV Keluarga" is "Suria TV Family" in English: found from its Malay name.
    expect(await first("Suria TV Keluarga", "en")).toMatchObject({
      kind: "combo",
      id: "tv-keluarga",
      title: "Suria TV Family",
    });
    expect(await first("  pek \t  sukan  ", "bm")).toMatchObject({
      kind: "package",
      id: "sports-pack",
      title: "Pek Sukan",
    });
    expect((await search("  pek \t  sukan  ", "bm")).keyword).toBe("pek sukan");
  });

  it("says which words matched, for highlighting", async () => {
    const [hit] = (await search("fibre 500", "en")).hits as Hit[];
    expect(hit).toMatchObject({ id: "fibre-500" });
    expect(hit?.terms).toEqual(expect.arrayContaining(["fibre", "500"]));
    const [typo] = (await search("paymnet", "en")).hits as Hit[];
    expect(typo?.terms).toContain("payment");
  });

  it("answers plain-text snippets of at most 300 characters around the match", async () => {
    const result = await search("suria", "en", 50);
    const hits = result.hits as Hit[];
    expect(hits.length).toBe(50);
    for (const hit of hits) {
      expect(hit.snippet.length).toBeLessThanOrEqual(300);
      expect(hit.snippet).not.toMatch(/<\/?[a-z][^>]*>|&[a-z]+;/i);
      if (hit.kind !== "support") expect(hit.image).toMatch(/^\/content\/images\//);
    }
  });

  it("honours the limit and answers an empty list when nothing matches", async () => {
    const one = await search("sukan", "bm", 1);
    expect(one.hits).toHaveLength(1);
    expect(one.total).toBeGreaterThan(1);
    expect(await search("zzqqxx", "en")).toEqual({
      keyword: "zzqqxx",
      lang: "en",
      total: 0,
      hits: [],
    });
    expect((await search("!!! ???", "en")).hits).toEqual([]);
  });

  it("is safe against injection strings", async () => {
    for (const keyword of [
      "'; drop table content_documents; --",
      "sukan' or '1'='1",
      "a:* | b & !(c",
      "\\x00 %_ $1 ::text",
      "<script>alert(1)</script>",
    ]) {
      const result = await search(keyword, "bm");
      expect(result.total).toBeGreaterThanOrEqual(0);
    }
    expect((await ok("/listing/channel?lang=bm")).total).toBe(
      content<Json[]>("bm", "channels").length,
    );
  });

  it("rebuilds its index after an import, with no stale hits", async () => {
    const { importContent } = await import("../../content/importer.js");
    const { cpSync, mkdtempSync, rmSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const dir = mkdtempSync(join(tmpdir(), "portal-seed-"));
    try {
      cpSync(seedDir(), dir, { recursive: true });
      const packs = content<Json[]>("bm", "packages").map((p) =>
        p.id === "sports-pack" ? { ...p, name: "Pek Juara Sukan" } : p,
      );
      writeFileSync(join(dir, "content/bm/packages.json"), JSON.stringify(packs));
      expect(((await search("juara", "bm")).hits as Hit[]).map((h) => h.id)).not.toContain(
        "sports-pack",
      );
      expect((await importContent(db, { seedDir: dir })).changed).toBe(true);
      expect(((await search("juara", "bm")).hits as Hit[])[0]).toMatchObject({
        id: "sports-pack",
        title: "Pek Juara Sukan",
      });
    } finally {
      await importContent(db, { seedDir: seedDir(), force: true });
      rmSync(dir, { recursive: true, force: true });
    }
    expect(((await search("pek sukan", "bm")).hits as Hit[])[0]?.title).toBe("Pek Sukan");
  });
});

describe("images", () => {
  const image = (name: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: "GET", url: `/content/images/${name}`, headers });

  it("serves a seed SVG with its type, caching headers and an ETag", async () => {
    const channel = content<Json[]>("en", "channels")[0];
    const name = (channel.logo as string).replace("/content/images/", "");
    const res = await image(name);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/svg+xml");
    expect(res.headers["cache-control"]).toBe("public, max-age=86400");
    expect(res.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.body).toBe(readFileSync(join(seedDir(), "images", name), "utf8"));
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await image(name, { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    const head = await ctx.app.inject({ method: "HEAD", url: `/content/images/${name}` });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe("");
  });

  it("serves every image the content refers to", async () => {
    const text = LANGS.map((l) =>
      ["channels", "movies", "packages", "combos", "bundles", "articles", "home"]
        .map((f) => JSON.stringify(content(l, f)))
        .join(""),
    ).join("");
    const names = new Set(
      [...text.matchAll(/\/content\/images\/([a-z0-9-]+\.svg)/g)].map((m) => m[1] as string),
    );
    expect(names.size).toBeGreaterThan(50);
    for (const name of names) expect((await image(name)).statusCode, name).toBe(200);
  });

  it("refuses directory traversal and anything that is not an image name", async () => {
    for (const name of [
      "../package.json",
      "..%2fpackage.json",
      "%2e%2e%2f%2e%2e%2fpackage.json",
      "..%5c..%5cpackage.json",
      "../../seed/manifest.json",
      "/etc/passwd",
      "%2fetc%2fpasswd",
      ".hidden.svg",
      "sub/dir.svg",
      "Channel-Teratai.svg",
      "channel-teratai.svg%00.png",
      "channel-teratai.js",
      "no-such-image.svg",
    ]) {
      const res = await image(name);
      expect(res.statusCode, name).toBe(404);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.body).not.toContain("root:");
    }
  });
});

describe("coverage", () => {
  it("calls every catalogue operation of content.yaml in this file", () => {
    const operations = ctx.app.contractOperations.get("content") ?? [];
    const account = new Set(Object.keys(contentAccountOperations(ctx.app)));
    const catalogue = operations.map((o) => o.operationId).filter((id) => !account.has(id));
    expect(catalogue.length).toBeGreaterThanOrEqual(22);
    expect(catalogue.filter((id) => !exercised.has(id))).toEqual([]);
  });
});
