// The content replicator (`seed --scale N`, issue 22): N times the rows of the replicated kinds,
// unique ids, slugs, titles and support ref_ids, served and found by the site search.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.js";
import {
  buildTestApp,
  call,
  closeTestDatabase,
  openTestDatabase,
  type TestContext,
} from "../test/helper.js";
import { importContent, readContentSeed } from "./importer.js";
import { replicateContent, scaleFromArgs } from "./replicate.js";

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

const countsByKind = async () => {
  const { rows } = await db.query<{ kind: string; n: number }>(
    "select kind, count(*)::int as n from content_documents group by kind order by kind",
  );
  return Object.fromEntries(rows.map((r) => [r.kind, r.n]));
};

describe("seed --scale", () => {
  it("reads --scale N and --scale=N, 1 when absent, and refuses anything else", () => {
    expect(scaleFromArgs([])).toBe(1);
    expect(scaleFromArgs(["--force"])).toBe(1);
    expect(scaleFromArgs(["--scale", "10"])).toBe(10);
    expect(scaleFromArgs(["--force", "--scale=100"])).toBe(100);
    for (const bad of [["--scale"], ["--scale", "0"], ["--scale=2.5"], ["--scale", "101"]])
      expect(() => scaleFromArgs(bad)).toThrow(/--scale must be a whole number from 1 to 100/);
  });

  it("scale 3 gives 3x the rows of the replicated kinds, the rest once, unique ids", async () => {
    const seed = await readContentSeed();
    const scaled = replicateContent(seed, 3);
    const ofKind = (docs: typeof seed.documents, kind: string) =>
      docs.filter((d) => d.kind === kind);
    for (const kind of ["channel", "movie", "package", "article", "dealer", "support"]) {
      expect(ofKind(scaled.documents, kind).length).toBe(3 * ofKind(seed.documents, kind).length);
      expect(scaled.counts[kind]).toBe(3 * (seed.counts[kind] as number));
    }
    for (const kind of ["combo", "bundle", "campaign", "home", "terms", "highlight", "product"])
      expect(ofKind(scaled.documents, kind).length).toBe(ofKind(seed.documents, kind).length);
    // Unique (kind, lang, id), as the primary key wants; ids and titles of copy 2 and 3.
    const keys = scaled.documents.map((d) => `${d.kind}/${d.lang}/${d.id}`);
    expect(new Set(keys).size).toBe(keys.length);
    const channels = ofKind(scaled.documents, "channel").filter((d) => d.lang === "en");
    const n = channels.length / 3;
    const first = channels[0]?.doc as { id: string; name: string };
    expect(channels[n]?.doc).toMatchObject({ id: `${first.id}-r2`, name: `${first.name} R2` });
    expect(channels[2 * n]?.doc).toMatchObject({ id: `${first.id}-r3`, name: `${first.name} R3` });
    // Support: category slugs, question slugs and ref_ids unique, the same in both languages.
    const questions = (lang: string) =>
      ofKind(scaled.documents, "support")
        .filter((d) => d.lang === lang)
        .flatMap((d) =>
          (d.doc as { slug: string; questions: { slug: string; ref_id: string }[] }).questions.map(
            (q) => `${(d.doc as { slug: string }).slug}/${q.slug} ${q.ref_id}`,
          ),
        );
    const bm = questions("bm");
    expect(new Set(bm.map((q) => q.split(" ")[1])).size).toBe(bm.length);
    expect(questions("en")).toEqual(bm);
    expect(scaled.checksum).not.toBe(seed.checksum);
    expect(replicateContent(seed, 1)).toBe(seed);
  });

  it("imports 3x, serves and finds a copy, and the plain seed brings it back", async () => {
    const before = await countsByKind();
    const result = await importContent(db, { scale: 3 });
    expect(result.changed).toBe(true);
    const after = await countsByKind();
    for (const kind of ["channel", "movie", "package", "article", "dealer", "support"])
      expect(after[kind]).toBe(3 * (before[kind] as number));
    expect(after.combo).toBe(before.combo);

    const channel = await call(ctx.app, {
      method: "GET",
      url: "/content/api/v1/channel/en/suria-sports-1-r3",
    });
    expect(channel.status).toBe(200);
    expect(channel.body.response.name).toBe("Suria Sports 1 HD R3");

    const search = await call(ctx.app, {
      method: "GET",
      url: "/content/api/v1/search?keyword=suria%20sports%201%20r3&lang=en&limit=3",
    });
    expect(search.status).toBe(200);
    expect(search.body.response.hits[0]).toMatchObject({
      kind: "channel",
      id: "suria-sports-1-r3",
      title: "Suria Sports 1 HD R3",
    });
    const support = await call(ctx.app, {
      method: "GET",
      url: "/content/api/v1/search?keyword=subscribe%20r2&lang=en&limit=5",
    });
    expect(support.status).toBe(200);
    expect(
      (support.body.response.hits as { kind: string; id: string }[]).some(
        (h) => h.kind === "support" && h.id.endsWith("-r2"),
      ),
    ).toBe(true);

    expect(await importContent(db)).toMatchObject({ changed: true });
    expect(await countsByKind()).toEqual(before);
  });
});
