import { afterEach, describe, expect, it } from "vitest";
import {
  catalogKey,
  loadMessages,
  loadPageMessages,
  messagesScript,
  messagesSerializer,
  parseCatalogKey,
  provideMessageChunks,
} from "../i18n";

// Issue 22: the hydration data names the page's catalog by its key; the browser loads the
// catalog from its chunk (listed by the page's catalog script) before it hydrates.

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
  afterEach(() => provideMessageChunks({}));

  it("names the key and adds the catalog's chunks to the page's", () => {
    provideMessageChunks({
      bm: ["/assets/bm-1.js"],
      en: ["/assets/en-1.js"],
      "areas/fibre.en": ["/assets/fibre.en-1.js"],
      "areas/fibre.bm": ["/assets/fibre.bm-1.js"],
    });
    expect(messagesScript("bm", [])).toBe(
      'self.__portalMessages="bm:";(self.__portalChunks=self.__portalChunks||[]).push(...["/assets/bm-1.js"])',
    );
    expect(messagesScript("en", ["fibre"])).toBe(
      'self.__portalMessages="en:fibre";(self.__portalChunks=self.__portalChunks||[]).push(...["/assets/en-1.js","/assets/fibre.en-1.js"])',
    );
  });

  it("lists no chunk where the build gave none (the dev server), the key still", () => {
    expect(messagesScript("en", [])).toBe(
      'self.__portalMessages="en:";(self.__portalChunks=self.__portalChunks||[]).push(...[])',
    );
  });
});
