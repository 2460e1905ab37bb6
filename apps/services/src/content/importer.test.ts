import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Queryable } from "../db/database.js";
import { seedDir } from "../lib/paths.js";
import {
  buildTestApp,
  call,
  closeTestDatabase,
  openTestDatabase,
  type TestContext,
} from "../test/helper.js";
import { ContentImportError, contentVersion, importContent, readContentSeed } from "./importer.js";

let db: Database;
let ctx: TestContext;
let work: string;
beforeAll(async () => {
  db = await openTestDatabase();
  ctx = await buildTestApp(db);
  work = await mkdtemp(join(tmpdir(), "portal-content-"));
});
afterAll(async () => {
  await ctx?.close();
  await closeTestDatabase(db);
  if (work) await rm(work, { recursive: true, force: true });
});

const counts = async () => {
  const { rows } = await db.query<{ kind: string; n: number }>(
    "select kind, count(*)::int as n from content_documents group by kind order by kind",
  );
  return { documents: rows };
};

/** A copy of the seed folder, changed by `edit`. */
const seedCopy = async (name: string, edit: (dir: string) => Promise<void>) => {
  const dir = join(work, name);
  await cp(seedDir(), dir, { recursive: true });
  await edit(dir);
  return dir;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const editJson = async (file: string, change: (data: any) => void) => {
  const data = JSON.parse(await readFile(file, "utf8"));
  change(data);
  await writeFile(file, JSON.stringify(data, null, 2));
};

const channelUrl = "/content/api/v1/channel/en/suria-sports-1";

describe("content import", () => {
  it("loaded the seed at start, once, with the counts of issue 3", async () => {
    expect(await contentVersion(db)).toBe(1);
    const { documents } = await counts();
    const n = (kind: string) => documents.find((r) => r.kind === kind)?.n ?? 0;
    expect(n("channel")).toBeGreaterThanOrEqual(120); // 60+ per language
    expect(n("movie")).toBeGreaterThanOrEqual(60);
    expect(n("dealer")).toBeGreaterThanOrEqual(16);
    expect(n("home")).toBe(2);
    expect(n("support")).toBe(18); // 9 categories per language
  });

  it("is idempotent: the same seed writes nothing and keeps the version", async () => {
    const before = await counts();
    const again = await importContent(db);
    expect(again).toMatchObject({ changed: false, version: 1 });
    expect(await counts()).toEqual(before);
    expect(await importContent(db, { onlyIfEmpty: true })).toMatchObject({ changed: false });
    // Forced, it rewrites the same rows under a new version.
    const forced = await importContent(db, { force: true });
    expect(forced).toMatchObject({ changed: true, version: 2 });
    expect(await counts()).toEqual(before);
  });

  it("serves changed content at once after an import (the answer cache is emptied)", async () => {
    const first = await call(ctx.app, { method: "GET", url: channelUrl });
    expect(first.body.response.name).toBe("Suria Sports 1 HD");
    const dir = await seedCopy("renamed", (d) =>
      editJson(join(d, "content/en/channels.json"), (channels) => {
        channels.find((c: { id: string }) => c.id === "suria-sports-1").name = "Suria Sports One";
      }),
    );
    const result = await importContent(db, { seedDir: dir });
    expect(result).toMatchObject({ changed: true, version: 3 });
    const after = await call(ctx.app, { method: "GET", url: channelUrl });
    expect(after.body.response.name).toBe("Suria Sports One");
    expect(after.headers.etag).not.toBe(first.headers.etag);
    const stale = await call(ctx.app, {
      method: "GET",
      url: channelUrl,
      headers: { "if-none-match": first.headers.etag as string },
    });
    expect(stale.status).toBe(200);
    const found = await call(ctx.app, {
      method: "GET",
      url: "/content/api/v1/search?keyword=one&lang=en",
    });
    expect(found.body.response.hits.map((h: { id: string }) => h.id)).toContain("suria-sports-1");
  });

  it("refuses invalid content, naming file and field, and writes nothing", async () => {
    const version = await contentVersion(db);
    const before = await counts();
    const dir = await seedCopy("invalid", async (d) => {
      await editJson(join(d, "content/bm/channels.json"), (channels) => {
        delete channels[3].number;
        channels[4].id = "Not A Slug";
        channels[6].id = channels[5].id;
      });
      await editJson(join(d, "content/en/movies.json"), (movies) => movies.pop());
      await writeFile(join(d, "content/en/terms.json"), "{ not json");
      await rm(join(d, "images/channel-teratai.svg"));
    });
    const error = await importContent(db, { seedDir: dir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentImportError);
    const problems = (error as ContentImportError).problems.join("\n");
    expect(problems).toContain("content/bm/channels.json[3]: must have required property 'number'");
    expect(problems).toContain("content/bm/channels.json[4]/id");
    expect(problems).toContain('content/bm/channels.json[6]: duplicate id "');
    expect(problems).toContain("content/{lang}/movies.json: ids differ between bm and en");
    expect(problems).toContain("content/en/terms.json: not JSON");
    expect(problems).toContain("images/channel-teratai.svg: file missing");
    expect(await contentVersion(db)).toBe(version);
    expect(await counts()).toEqual(before);
  });

  it("rolls everything back when writing fails half-way", async () => {
    const version = await contentVersion(db);
    const before = await counts();
    const failing: Database = {
      ...db,
      transaction: (fn) =>
        db.transaction((tx) =>
          fn({
            query: ((sql: string, params?: unknown[]) =>
              // The last write, after every document was written.
              sql.includes("insert into content_imports")
                ? Promise.reject(new Error("disk full"))
                : tx.query(sql, params)) as Queryable["query"],
          }),
        ),
    };
    await expect(importContent(failing, { force: true })).rejects.toThrow("disk full");
    expect(await contentVersion(db)).toBe(version);
    expect(await counts()).toEqual(before);
    const res = await call(ctx.app, {
      method: "GET",
      url: "/content/api/v1/listing/bundle?lang=bm",
    });
    expect(res.status).toBe(200);
    expect(res.body.response.total).toBeGreaterThan(0);
  });

  it("notices an import made by another process through the content version", async () => {
    process.env.CONTENT_CACHE_RECHECK_MS = "0";
    const other = await buildTestApp(db);
    delete process.env.CONTENT_CACHE_RECHECK_MS;
    try {
      const url = "/content/api/v1/package/en/sports-pack";
      const first = await call(other.app, { method: "GET", url });
      expect(first.status).toBe(200);
      // What an import elsewhere does: new rows and a new version, no in-process event.
      await db.transaction(async (tx) => {
        await tx.query(
          "update content_documents set doc = jsonb_set(doc, '{priceRm}', '44') where kind = 'package' and lang = 'en' and id = 'sports-pack'",
        );
        await tx.query(
          "insert into content_imports (version, checksum, counts) select max(version) + 1, 'elsewhere', '{}' from content_imports",
        );
      });
      const after = await call(other.app, { method: "GET", url });
      expect(after.body.response.priceRm).toBe(44);
    } finally {
      await other.close();
    }
  });

  it("stores CMS HTML sanitised: scripts, event handlers and javascript: URLs never reach an answer", async () => {
    const hostile =
      "<p>safe <strong>text</strong></p><script>window.__pwned=1</script>" +
      '<img src="x" onerror="window.__pwned=2"><a href="javascript:alert(1)">x</a>' +
      '<a href="https://example.com" target="_blank">out</a>';
    const dir = await seedCopy("hostile", async (d) => {
      await editJson(join(d, "content/en/terms.json"), (terms) => {
        terms.find((t: { type: string }) => t.type === "privacy-notice").body = hostile;
      });
      await editJson(join(d, "content/en/home.json"), (home) => {
        home.infoBox.body = hostile;
      });
      await editJson(join(d, "support/en.json"), (categories) => {
        categories[0].questions[0].content = hostile;
      });
    });
    expect(await importContent(db, { seedDir: dir })).toMatchObject({ changed: true });
    const seed = await readContentSeed(dir);
    const support = seed.documents.find((r) => r.kind === "support" && r.lang === "en");
    const answers = [
      (await call(ctx.app, { method: "GET", url: "/content/api/v1/terms/privacy-notice?lang=en" }))
        .body.response.body,
      (await call(ctx.app, { method: "GET", url: "/content/api/v1/home/all?lang=en" })).body
        .response.infoBox.body,
      (support?.doc as { questions: { content: string }[] }).questions[0]?.content,
    ];
    for (const html of answers) {
      expect(html).toContain("<p>safe <strong>text</strong></p>");
      expect(html).not.toMatch(/<script|onerror|javascript:/i);
      expect(html).toContain(
        '<a href="https://example.com" target="_blank" rel="noopener noreferrer">',
      );
    }
  });

  it("reads the repository seed and restores it", async () => {
    const seed = await readContentSeed();
    expect(seed.checksum).toMatch(/^[0-9a-f]{64}$/);
    const restored = await importContent(db);
    expect(restored.changed).toBe(true);
    const res = await call(ctx.app, { method: "GET", url: channelUrl });
    expect(res.body.response.name).toBe("Suria Sports 1 HD");
  });
});
