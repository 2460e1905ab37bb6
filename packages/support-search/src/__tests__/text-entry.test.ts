import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import * as all from "../index";
import * as query from "../query-entry";
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
      "query.ts",
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

describe("@portal/support-search/query", () => {
  it("exports normalizeQuery alone, the main entry's and the text entry's", () => {
    expect(Object.keys(query)).toEqual(["normalizeQuery"]);
    expect(query.normalizeQuery).toBe(all.normalizeQuery);
    expect(query.normalizeQuery).toBe(text.normalizeQuery);
  });

  it("reaches nothing but the query rule (no entity tables: a route loader carries it)", () => {
    expect([...reached("query-entry.ts")].sort()).toEqual(["query-entry.ts", "query.ts"]);
  });

  it("trims a query and collapses every run of whitespace to one space", () => {
    for (const [raw, normalised] of [
      ["", ""],
      ["   ", ""],
      ["  bil  ", "bil"],
      ["bil\tbulanan", "bil bulanan"],
      ["a \n\r b", "a b"],
      ["x\u00a0y", "x y"],
      ["wi-fi  6", "wi-fi 6"],
      [" \u2003kata laluan\u2003 ", "kata laluan"],
    ] as const)
      expect(query.normalizeQuery(raw), JSON.stringify(raw)).toBe(normalised);
    expect(query.normalizeQuery(undefined as unknown as string)).toBe("");
  });
});
