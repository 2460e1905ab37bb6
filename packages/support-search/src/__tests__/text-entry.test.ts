import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import * as all from "../index";
import * as text from "../text-entry";

const src = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Every module a source file reaches through its static imports and re-exports. */
function reached(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(join(src, file), "utf8");
  for (const [, spec] of code.matchAll(/(?:import|export)\s[^;]*?from\s+"([^"]+)"/g)) {
    if (!spec?.startsWith(".")) seen.add(spec as string);
    else reached(`${join(dirname(file), spec)}.ts`.replace(/^\.\//, ""), seen);
  }
  return seen;
}

describe("@portal/support-search/text", () => {
  it("exports the same text helpers as the package's main entry", () => {
    expect(Object.keys(text).sort()).toEqual([
      "collapseWhitespace",
      "excerpt",
      "foldText",
      "highlightParts",
      "normalizeQuery",
      "toQuestionSlug",
      "tokenize",
    ]);
    for (const [name, value] of Object.entries(text)) {
      expect(value, name).toBe(all[name as keyof typeof all]);
    }
  });

  it("reaches no search index, stemmer or dependency (a page can load it without the index)", () => {
    expect([...reached("text-entry.ts")].sort()).toEqual([
      "highlight.ts",
      "text-entry.ts",
      "text.ts",
    ]);
  });

  it("normalises a query and marks its words as the index does", () => {
    expect(text.normalizeQuery("  bayar \t bil  ")).toBe("bayar bil");
    expect(text.highlightParts("Pay your bill", new Set(["bill"]))).toEqual([
      { text: "Pay your ", match: false },
      { text: "bill", match: true },
    ]);
  });
});
