import { describe, expect, it } from "vitest";
import { bannerTextTone, isLightBackground, parseColour, perceivedBrightness } from "./colour.js";

describe("parseColour", () => {
  it("parses rgb(), rgba() and space-separated rgb", () => {
    expect(parseColour("rgb(10, 20, 30)")).toEqual({ r: 10, g: 20, b: 30 });
    expect(parseColour(" rgba(255,0,0,0.5) ")).toEqual({ r: 255, g: 0, b: 0 });
    expect(parseColour("rgb(1 2 3)")).toEqual({ r: 1, g: 2, b: 3 });
  });
  it("parses #rgb and #rrggbb, with or without #", () => {
    expect(parseColour("#fff")).toEqual({ r: 255, g: 255, b: 255 });
    expect(parseColour("#0A141E")).toEqual({ r: 10, g: 20, b: 30 });
    expect(parseColour("abc")).toEqual({ r: 0xaa, g: 0xbb, b: 0xcc });
  });
  it("rejects anything else", () => {
    for (const bad of ["", "red", "#ffff", "rgb(256,0,0)", "rgb(1,2)", undefined, null]) {
      expect(parseColour(bad)).toBeUndefined();
    }
  });
});

describe("brightness threshold 127.5", () => {
  it("weights .299 R + .587 G + .114 B", () => {
    expect(perceivedBrightness({ r: 255, g: 255, b: 255 })).toBeCloseTo(255);
    expect(perceivedBrightness({ r: 100, g: 0, b: 0 })).toBeCloseTo(29.9);
  });
  it("grey 127 is dark, grey 128 is light (127.5 itself is not above the threshold)", () => {
    expect(isLightBackground("rgb(127,127,127)")).toBe(false);
    expect(isLightBackground("rgb(128,128,128)")).toBe(true);
    expect(isLightBackground("#7f7f7f")).toBe(false);
    expect(isLightBackground("#808080")).toBe(true);
  });
  it("a colour at exactly 127.5 counts as dark (strictly greater is light)", () => {
    // 0.299*255 + 0.587*0 + 0.114*... : pick a colour whose brightness is exactly 127.5
    const exact = { r: 0, g: 0, b: 0 };
    expect(perceivedBrightness({ ...exact, r: 127.5, g: 127.5, b: 127.5 })).toBeCloseTo(127.5);
    expect(isLightBackground("rgb(127.5, 127.5, 127.5)")).toBe(false);
    expect(isLightBackground("rgb(127.6, 127.6, 127.6)")).toBe(true);
  });
  it("maps to the text tone", () => {
    expect(bannerTextTone("#ffffff")).toBe("dark");
    expect(bannerTextTone("#000")).toBe("light");
    expect(bannerTextTone("rgb(255, 200, 0)")).toBe("dark");
    expect(bannerTextTone("#1d3f8f")).toBe("light");
    expect(bannerTextTone("not a colour")).toBeUndefined();
  });
});
