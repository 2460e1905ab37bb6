import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// The shell's catalog plus one per journey (`<area>.bm.json` beside `<area>.en.json`), merged.
const dir = join(import.meta.dirname, "..");
const load = (lang: "bm" | "en") =>
  Object.assign(
    {},
    ...readdirSync(dir)
      .filter((name) => name === `${lang}.json` || name.endsWith(`.${lang}.json`))
      .map((name) => JSON.parse(readFileSync(join(dir, name), "utf8"))),
  );
const bm = load("bm");
const en = load("en");

type Catalog = Record<string, { defaultMessage: string }>;
const placeholders = (message: string) =>
  [...message.matchAll(/\{(\w+)\s*[,}]/g)].map((m) => m[1]).sort();

describe("app catalogs", () => {
  it("bm and en have identical keys", () => {
    expect(Object.keys(bm).sort()).toEqual(Object.keys(en).sort());
  });
  it("every bm message is translated and keeps the en placeholders", () => {
    for (const [id, entry] of Object.entries(en as Catalog)) {
      const translated = (bm as Catalog)[id]!.defaultMessage;
      expect(translated, id).not.toBe("");
      expect(new Set(placeholders(translated)), id).toEqual(
        new Set(placeholders(entry.defaultMessage)),
      );
    }
  });
});
