import { describe, expect, it } from "vitest";
import {
  catalogKey,
  loadMessages,
  loadPageMessages,
  messagesScript,
  messagesSerializer,
  parseCatalogKey,
} from "../i18n";

// Issue 22: the hydration data names the page's catalog by its key; the browser loads the
// catalog from its hashed JSON file (listed by the page's catalog script) before it hydrates.

describe("catalog keys", () => {
  it("name the language and the sorted areas, and read back", () => {
    expect(catalogKey("bm", [])).toBe("bm:");
    expect(catalogKey("en", ["support", "checks", "fibre"])).toBe("en:checks,fibre,support");
    expect(parseCatalogKey("bm:")).toEqual({ lang: "bm", areas: [] });
    expect(parseCatalogKey("en:checks,fibre,support")).toEqual({
      lang: "en",
      areas: ["checks", "fibre", "support"],
    });
  });

  it("are refused for an unknown language or area, or anything else", () => {
    for (const key of ["fr:", "bm:fibre,nope", "bm", "", "bm:Fibre", undefined, 42, null]) {
      expect(parseCatalogKey(key), String(key)).toBeNull();
    }
  });
});

describe("messagesSerializer", () => {
  it("serialises a loaded catalog as its key, and gives the same object back", async () => {
    const messages = await loadMessages("en", ["fibre"]);
    expect(messagesSerializer.test(messages)).toBe(true);
    expect(messagesSerializer.toSerializable(messages)).toBe("en:fibre");
    expect(messagesSerializer.fromSerializable("en:fibre")).toBe(messages);
    // The page's own load (the entry, before hydrating) is the same object: no re-render.
    expect(await loadPageMessages("en:fibre")).toBe(messages);
  });

  it("leaves every other value to the router (a copy of a catalog, plain data)", async () => {
    const messages = await loadMessages("bm");
    expect(messagesSerializer.test({ ...messages })).toBe(false);
    expect(messagesSerializer.test({ lang: "bm" })).toBe(false);
    expect(messagesSerializer.test("bm:")).toBe(false);
    expect(messagesSerializer.test(null)).toBe(false);
  });

  it("refuses to hydrate from a catalog that was not loaded first", () => {
    expect(() => messagesSerializer.fromSerializable("en:checks")).toThrow(
      "messages en:checks were not loaded before hydration",
    );
  });

  it("loads nothing for a page without a catalog key", async () => {
    expect(await loadPageMessages(undefined)).toBeUndefined();
    expect(await loadPageMessages("xx:")).toBeUndefined();
  });
});

describe("messagesScript", () => {
  const script = (source: string) => {
    const match = source.match(
      /^self\.__portalMessages="([^"]*)";\(self\.__portalChunks=self\.__portalChunks\|\|\[\]\)\.push\(\.\.\.(\[[^\]]*\])\)$/,
    );
    expect(match, source).not.toBeNull();
    return { key: match![1], files: JSON.parse(match![2]!) as string[] };
  };

  it("names the key and adds the catalog's files to the page's chunks", () => {
    const bm = script(messagesScript("bm", []));
    expect(bm.key).toBe("bm:");
    expect(bm.files).toHaveLength(1);
    expect(bm.files[0]).toMatch(/\/bm(-[\w-]+)?\.json$/);
    const en = script(messagesScript("en", ["fibre"]));
    expect(en.key).toBe("en:fibre");
    expect(en.files).toHaveLength(2);
    expect(en.files[0]).toMatch(/\/en(-[\w-]+)?\.json$/);
    expect(en.files[1]).toMatch(/\/fibre\.en(-[\w-]+)?\.json$/);
  });

  it("cannot end the script early", () => {
    expect(messagesScript("bm", [])).not.toContain("<");
  });
});
