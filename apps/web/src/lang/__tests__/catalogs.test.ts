import { describe, expect, it } from "vitest";
import bm from "../bm.json";
import en from "../en.json";

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
