import { describe, expect, it } from "vitest";
import bm from "../lang/bm.json";
import en from "../lang/en.json";
import { uiMessages } from "../messages.js";
import { priceMessages } from "../price.js";

const builtIn = [...Object.values(uiMessages), ...Object.values(priceMessages)];

describe("ui catalogs", () => {
  it("bm and en have the same keys", () => {
    expect(Object.keys(bm).sort()).toEqual(Object.keys(en).sort());
  });
  it("every built-in message has an entry, and en matches its defaultMessage", () => {
    const enCatalog = en as Record<string, { defaultMessage: string }>;
    for (const descriptor of builtIn) {
      expect(enCatalog[descriptor.id]?.defaultMessage).toBe(descriptor.defaultMessage);
      expect(bm).toHaveProperty([descriptor.id]);
    }
    expect(Object.keys(en).length).toBe(builtIn.length);
  });
  it("bm keeps the same placeholders as en", () => {
    const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
    for (const [id, entry] of Object.entries(en)) {
      const bmEntry = (bm as Record<string, { defaultMessage: string }>)[id];
      expect(placeholders(bmEntry!.defaultMessage), id).toEqual(placeholders(entry.defaultMessage));
    }
  });
});
