import { describe, expect, it } from "vitest";
import { excerpt, highlightParts } from "../index";

const terms = (...list: string[]) => new Set(list);

describe("highlightParts", () => {
  it("marks the words whose index terms matched, case- and accent-folded", () => {
    expect(highlightParts("Bayar bil Pérkhidmatan", terms("bayar", "perkhidmatan"))).toEqual([
      { text: "Bayar", match: true },
      { text: " bil ", match: false },
      { text: "Pérkhidmatan", match: true },
    ]);
  });

  it("marks a hyphenated compound through its joined term", () => {
    expect(highlightParts("Reset the Wi-Fi router", terms("wifi"))).toEqual([
      { text: "Reset the ", match: false },
      { text: "Wi-Fi", match: true },
      { text: " router", match: false },
    ]);
  });

  it("keeps markup-looking text as plain text parts", () => {
    const parts = highlightParts('<img src=x onerror="alert(1)"> bil', terms("bil"));
    expect(parts.map((p) => p.text).join("")).toBe('<img src=x onerror="alert(1)"> bil');
    expect(parts.filter((p) => p.match).map((p) => p.text)).toEqual(["bil"]);
  });

  it("answers one plain part when nothing matches", () => {
    expect(highlightParts("nothing here", terms("bil"))).toEqual([
      { text: "nothing here", match: false },
    ]);
  });
});

describe("excerpt", () => {
  const long = `${"lorem ipsum ".repeat(30)}the router password is on the sticker ${"dolor sit ".repeat(30)}`;

  it("centres on the first match and cuts on word boundaries", () => {
    const text = excerpt(long, terms("password"), 80);
    expect(text).toContain("password");
    expect(text.startsWith("… ")).toBe(true);
    expect(text.endsWith(" …")).toBe(true);
    expect(text.length).toBeLessThanOrEqual(86);
  });

  it("answers short text unchanged", () => {
    expect(excerpt("short text", terms("text"))).toBe("short text");
  });
});
