import { describe, expect, it } from "vitest";
import { LANGUAGE_STORAGE_KEY, htmlLang, resolveInitialLanguage } from "../language";

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

describe("language resolution (SPEC section 1)", () => {
  it("defaults to Malay with empty storage", () => {
    expect(resolveInitialLanguage({ search: "", storage: memoryStorage() })).toBe("bm");
  });
  it("uses the stored language", () => {
    expect(
      resolveInitialLanguage({
        search: "",
        storage: memoryStorage({ [LANGUAGE_STORAGE_KEY]: "en" }),
      }),
    ).toBe("en");
  });
  it("lets ?language= override storage, and persists it", () => {
    const storage = memoryStorage({ [LANGUAGE_STORAGE_KEY]: "bm" });
    expect(resolveInitialLanguage({ search: "?language=en", storage })).toBe("en");
    expect(storage.data.get(LANGUAGE_STORAGE_KEY)).toBe("en");
  });
  it("ignores unknown values", () => {
    const storage = memoryStorage({ [LANGUAGE_STORAGE_KEY]: "fr" });
    expect(resolveInitialLanguage({ search: "?language=xx", storage })).toBe("bm");
  });
  it("survives storage that throws", () => {
    const storage = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
    };
    expect(resolveInitialLanguage({ search: "?language=en", storage })).toBe("en");
  });
  it("maps bm to html lang 'ms'", () => {
    expect(htmlLang("bm")).toBe("ms");
    expect(htmlLang("en")).toBe("en");
  });
});
