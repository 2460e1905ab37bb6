import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createSupportIndex, normalizeQuery, type SupportCategory } from "@portal/support-search";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifyContentImported } from "../../content/events.js";
import { contentVersion, importContent } from "../../content/importer.js";
import { ContentRepository } from "../../content/repository.js";
import type { Database } from "../../db/database.js";
import { seedDir } from "../../lib/paths.js";
import {
  buildTestApp,
  call,
  closeTestDatabase,
  openTestDatabase,
  type TestContext,
} from "../../test/helper.js";

// Issue 22: the support centre's search is answered by the content service (searchSupport, top
// results) with the ranking the browser's index had, so no page downloads the whole support
// centre (getSupportAll: 2.9 MB at 100x the seed) to search.

const C = "/content/api/v1";
type Lang = "bm" | "en";
const supportSeed = (lang: Lang): SupportCategory[] =>
  JSON.parse(readFileSync(join(seedDir(), `support/${lang}.json`), "utf8")) as SupportCategory[];
const judged = (
  JSON.parse(readFileSync(new URL("../../../judged/support.json", import.meta.url), "utf8")) as {
    queries: { lang: Lang; query: string; expect: string[] }[];
  }
).queries;

let db: Database;
let ctx: TestContext;
let closed = false;
beforeAll(async () => {
  db = await openTestDatabase();
  ctx = await buildTestApp(db);
});
afterAll(async () => {
  if (!closed) await ctx?.close();
  await closeTestDatabase(db);
});

const get = (url: string, headers: Record<string, string> = {}, app = ctx.app) =>
  call(app, { method: "GET", url: `${C}${url}`, headers });
const search = async (lang: Lang, q: string, extra = "", app = ctx.app) => {
  const url = `/static/support/${lang}/search?q=${encodeURIComponent(q)}${extra}`;
  const res = await get(url, {}, app);
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.response as {
    q: string;
    lang: Lang;
    hits: {
      slug: string;
      category: { name: string; slug: string };
      name: string;
      excerpt: string;
      terms: string[];
    }[];
  };
};
const paths = (hits: { slug: string; category: { slug: string } }[]) =>
  hits.map((hit) => `${hit.category.slug}/${hit.slug}`);

describe("searchSupport", () => {
  it("answers the best question first for seeded queries, bm and en", async () => {
    const cases: [Lang, string, string][] = [
      ["bm", "bayar bil dalam talian", "billing/pay-bill-online"],
      ["bm", "tukar kata laluan wifi", "router-wifi/change-wifi-password"],
      ["en", "pay my bill online", "billing/pay-bill-online"],
      ["en", "change wifi password", "router-wifi/change-wifi-password"],
    ];
    for (const [lang, q, best] of cases) {
      const answer = await search(lang, q);
      expect(paths(answer.hits)[0], `${lang} ${q}`).toBe(best);
    }
  });

  it("answers exact fields: the normalised query, slug, category, name, excerpt and terms", async () => {
    const answer = await search("en", "  change   wifi\tpassword ", "&limit=3");
    expect(Object.keys(answer).sort()).toEqual(["hits", "lang", "q"]);
    expect(answer.q).toBe("change wifi password");
    expect(answer.lang).toBe("en");
    expect(answer.hits.length).toBeLessThanOrEqual(3);
    const [first] = answer.hits;
    const category = supportSeed("en").find((c) => c.slug === "router-wifi")!;
    const question = category.questions.find((q) => q.slug === "change-wifi-password")!;
    expect(Object.keys(first!).sort()).toEqual(["category", "excerpt", "name", "slug", "terms"]);
    expect(first).toMatchObject({
      slug: "change-wifi-password",
      category: { name: category.name, slug: "router-wifi" },
      name: question.name,
    });
    expect(first!.terms).toEqual(expect.arrayContaining(["change", "wifi", "password"]));
    // Plain text: no tag of the answer's HTML.
    expect(first!.excerpt).not.toMatch(/<\/?[a-z]/i);
    expect(first!.excerpt.length).toBeLessThanOrEqual(164);
  });

  it("ranks every judged query as the browser's index did (top 20, in order)", async () => {
    const indexes = {
      bm: createSupportIndex(supportSeed("bm")),
      en: createSupportIndex(supportSeed("en")),
    };
    let first = 0;
    let reciprocal = 0;
    for (const { lang, query, expect: wanted } of judged) {
      const answer = await search(lang, query);
      const browser = indexes[lang]
        .search(normalizeQuery(query), { limit: 20 })
        .map((result) => result.question.slug);
      expect(paths(answer.hits), `${lang} ${query}`).toEqual(browser);
      const rank = paths(answer.hits).slice(0, 5).indexOf(wanted[0]!);
      if (rank === 0) first += 1;
      if (rank >= 0) reciprocal += 1 / (rank + 1);
    }
    // The relevance judgement of the support centre (packages/support-search README) holds.
    console.log(
      `searchSupport over ${judged.length} judged queries: precision@1 ${(first / judged.length).toFixed(3)}, MRR@5 ${(reciprocal / judged.length).toFixed(3)}`,
    );
    expect(first / judged.length).toBeGreaterThanOrEqual(0.9);
  });

  it("answers an empty list when nothing matches, and at most `limit` hits", async () => {
    expect((await search("bm", "zzzqqqxxx")).hits).toEqual([]);
    expect((await search("en", "a", "&limit=1")).hits.length).toBeLessThanOrEqual(1);
    expect((await search("bm", "bil", "&limit=2")).hits).toHaveLength(2);
  });

  it("refuses a bad query, limit or language with a 400 naming the field", async () => {
    const cases: [string, string][] = [
      ["/static/support/bm/search", "q"],
      ["/static/support/bm/search?q=", "q"],
      ["/static/support/bm/search?q=%20%20%20", "q"],
      [`/static/support/bm/search?q=${"a".repeat(101)}`, "q"],
      ["/static/support/bm/search?q=bil&limit=0", "limit"],
      ["/static/support/bm/search?q=bil&limit=51", "limit"],
      ["/static/support/bm/search?q=bil&limit=x", "limit"],
      ["/static/support/xx/search?q=bil", "lang"],
    ];
    for (const [url, field] of cases) {
      const res = await get(url);
      expect(res.status, url).toBe(400);
      expect(res.body, url).toMatchObject({ statusCode: 400, error: "Bad Request", field });
      expect(typeof res.body.code, url).toBe("string");
    }
  });

  it("answers with an ETag and 304 on a match", async () => {
    const url = "/static/support/bm/search?q=bil";
    const first = await get(url);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get(url, { "if-none-match": etag });
    expect(again.status).toBe(304);
  });
});

describe("a language without support content", () => {
  it("searches to an empty list (200), as its topics are an empty list", async () => {
    // The file's database loses the English support centre; the 100x import below refills it.
    await db.query("delete from content_documents where kind = 'support' and lang = 'en'");
    // A fresh app (its own cache and indexes) over the same database.
    const other = await buildTestApp(db);
    try {
      expect(await search("en", "change wifi password", "", other.app)).toEqual({
        q: "change wifi password",
        lang: "en",
        hits: [],
      });
      const topics = await get("/static/support/en/topics", {}, other.app);
      expect(topics.status).toBe(200);
      expect(topics.body.response).toEqual({ items: [], total: 0, page: 1, limit: 24 });
      // The other language is untouched.
      expect((await search("bm", "bil", "", other.app)).hits.length).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  });
});

describe("at 100 times the seed", () => {
  // Last in this file: it imports 100 times the content into the file's database.
  it("a search answers about the same bytes as at seed size", async () => {
    const url = "/static/support/bm/search?q=bil&limit=20";
    const seedBytes = (await get(url)).raw.body.length;
    // The seed-size app goes first: it would rebuild its indexes at 100x on the import's event.
    await ctx.close();
    closed = true;
    await importContent(db, { scale: 100, force: true });
    const scaled = await buildTestApp(db);
    try {
      const res = await get(url, {}, scaled.app);
      expect(res.status).toBe(200);
      const bytes = res.raw.body.length;
      console.log(`searchSupport q=bil: ${seedBytes} bytes at seed size, ${bytes} at 100x`);
      expect(res.body.response.hits).toHaveLength(20);
      expect(bytes).toBeLessThan(1.5 * seedBytes);
      expect(bytes).toBeLessThan(20_000);
      // The best answer of a judged query is still found among its copies.
      const answer = await search("en", "change wifi password", "", scaled.app);
      expect(answer.hits[0]?.slug).toMatch(/^change-wifi-password/);
    } finally {
      await scaled.close();
    }
  }, 300_000);

  it("rebuilds its support indexes after an import with the event loop free", async () => {
    const scaled = await buildTestApp(db);
    try {
      const before = await search("bm", "bil", "&limit=20", scaled.app);
      // What the import's event starts in this process: every cache emptied, the site and
      // support indexes rebuilt (the content is the same, so are the answers).
      notifyContentImported(db, await contentVersion(db));
      // Turns of the event loop while the support indexes are rebuilt: the longest wait between
      // two, and the CPU this process spent between them (other processes' turns aside).
      let longestMs = 0;
      let longestCpuMs = 0;
      let turns = 0;
      let last = performance.now();
      let lastCpu = process.cpuUsage();
      let turning = true;
      const turn = () => {
        const now = performance.now();
        const cpu = process.cpuUsage(lastCpu);
        longestMs = Math.max(longestMs, now - last);
        longestCpuMs = Math.max(longestCpuMs, (cpu.user + cpu.system) / 1000);
        turns += 1;
        last = now;
        lastCpu = process.cpuUsage();
        if (turning) setImmediate(turn);
      };
      setImmediate(turn);
      const t0 = performance.now();
      // A search waits for the support index being built (the cache shares its promise).
      const answers = await Promise.all(
        (["bm", "en"] as const).map((lang) => search(lang, "bil", "&limit=20", scaled.app)),
      );
      const rebuildMs = performance.now() - t0;
      turning = false;
      turn();
      expect(answers[0]).toEqual(before);
      const categories = JSON.parse(
        await new ContentRepository(db).list("support", "bm"),
      ) as SupportCategory[];
      const t1 = performance.now();
      createSupportIndex(categories);
      const oneGoMs = performance.now() - t1;
      console.log(
        `support indexes rebuilt at 100x in ${Math.round(rebuildMs)} ms (${turns} turns): ` +
          `longest block ${longestMs.toFixed(1)} ms, ${longestCpuMs.toFixed(1)} ms CPU ` +
          `(bm in one go: ${Math.round(oneGoMs)} ms)`,
      );
      // In one go the bm index alone blocks 0.4-2.7 s; in slices of 10 ms the event loop turns
      // many times. What remains of the longest block is mostly PGlite reading a support centre
      // (one query of 2.9 MB, 40-110 ms at 100x: its WASM runs on this thread) and the site
      // index's rebuild beside it. The bound is loose for a loaded machine; bench:scale holds the
      // index's own longest block to 100 ms.
      expect(turns).toBeGreaterThanOrEqual(10);
      expect(longestCpuMs).toBeLessThan(Math.max(250, oneGoMs / 2));
    } finally {
      await scaled.close();
    }
  }, 300_000);
});
