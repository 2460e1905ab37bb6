// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  LANGUAGE_STORAGE_KEY,
  bootScript,
  htmlLang,
  languageFromSearch,
  languageSearchValue,
  readStoredLanguage,
  runBoot,
  storeLanguage,
  type BootOptions,
} from "../language";

describe("the page's language comes from the URL only (SPEC section 1)", () => {
  it("is Malay without ?language=", () => {
    expect(languageFromSearch({})).toBe("bm");
  });
  it("is the language ?language= names", () => {
    expect(languageFromSearch({ language: "en" })).toBe("en");
    expect(languageFromSearch({ language: "bm" })).toBe("bm");
  });
  it("ignores unknown values", () => {
    expect(languageFromSearch({ language: "xx" })).toBe("bm");
    expect(languageFromSearch({ language: ["en"] })).toBe("bm");
  });
  it("leaves Malay out of URLs (one URL per page and language)", () => {
    expect(languageSearchValue("bm")).toBeUndefined();
    expect(languageSearchValue("en")).toBe("en");
  });
  it("maps bm to html lang 'ms'", () => {
    expect(htmlLang("bm")).toBe("ms");
    expect(htmlLang("en")).toBe("en");
  });
  it("survives storage that throws", () => {
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
    };
    expect(readStoredLanguage(broken)).toBeUndefined();
    expect(() => storeLanguage(broken, "en")).not.toThrow();
  });
});

const options: BootOptions = {
  param: "language",
  storageKey: LANGUAGE_STORAGE_KEY,
  defaultLanguage: "bm",
  languages: ["bm", "en"],
  closedBanners: [{ key: "portal.banner.announcement.closed", className: "closed-a" }],
  runtimeConfig: { apiBaseUrl: "https://api.example.my" },
  heldSubmitMs: 10_000,
};

describe("the page's first script", () => {
  const replace = vi.fn();
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    document.documentElement.className = "";
    document.documentElement.style.visibility = "";
    replace.mockReset();
    vi.stubGlobal("location", { href: "https://www.example.my/channels/tv3", replace });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("sends a returning English visitor to the English URL before painting", () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, "en");
    runBoot(options);
    expect(replace).toHaveBeenCalledWith("https://www.example.my/channels/tv3?language=en");
    expect(document.documentElement.style.visibility).toBe("hidden");
  });
  it("leaves a Malay or new visitor where they are", () => {
    runBoot(options);
    localStorage.setItem(LANGUAGE_STORAGE_KEY, "bm");
    runBoot(options);
    expect(replace).not.toHaveBeenCalled();
  });
  it("stores ?language= and lets it win over the stored language", () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, "en");
    vi.stubGlobal("location", { href: "https://www.example.my/?language=bm", replace });
    runBoot(options);
    expect(replace).not.toHaveBeenCalled();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe("bm");
  });
  it("marks banners closed in this session and sets the public runtime configuration", () => {
    sessionStorage.setItem("portal.banner.announcement.closed", "true");
    runBoot(options);
    expect(document.documentElement.classList.contains("closed-a")).toBe(true);
    expect(globalThis.__PORTAL_CONFIG__).toEqual({ apiBaseUrl: "https://api.example.my" });
  });
  it("runs the same as serialised text (what the server inlines)", () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, "en");
    new Function(bootScript(options))();
    expect(replace).toHaveBeenCalledWith("https://www.example.my/channels/tv3?language=en");
  });
  it("cannot be closed early by a value in the configuration", () => {
    const source = bootScript({ ...options, runtimeConfig: { apiBaseUrl: "</script><script>" } });
    expect(source).not.toContain("</script>");
  });
});
