import { describe, expect, it } from "vitest";
import { createSupportIndex } from "../index";
import { category, question } from "./fixtures";

const support = [
  category("a", [
    question("self", "Self", "", "", ["bil", "bayaran", "akaun"]),
    question("one-tag", "One", "", "", ["bil"]),
    question("three-tags", "Three", "", "", ["Bil", "bayaran ", "akaun"]),
    question("none", "None", "", "", ["pakej"]),
    question("untagged", "Untagged"),
  ]),
  category("b", [
    question("two-tags", "Two", "", "", ["bayaran", "akaun"]),
    question("one-tag-b", "One b", "", "", ["akaun"]),
    question("one-tag-c", "One c", "", "", ["bil"]),
    question("one-tag-d", "One d", "", "", ["bayaran"]),
    question("one-tag-e", "One e", "", "", ["bil"]),
  ]),
];

describe("related", () => {
  const index = createSupportIndex(support);

  it("returns at most 5 others sharing a tag, most shared first, then in data order", () => {
    expect(index.related("a/self").map((q) => q.slug)).toEqual([
      "a/three-tags",
      "b/two-tags",
      "a/one-tag",
      "b/one-tag-b",
      "b/one-tag-c",
    ]);
  });

  it("never returns the question itself", () => {
    for (const q of index.categories.flatMap((c) => c.questions)) {
      const related = index.related(q.slug, Infinity);
      expect(related.map((r) => r.slug)).not.toContain(q.slug);
      for (const r of related) {
        const tags = new Set(q.tags.map((t) => t.trim().toLowerCase()));
        expect(r.tags.some((t) => tags.has(t.trim().toLowerCase()))).toBe(true);
      }
    }
  });

  it("honours a smaller limit and gives nothing for unknown, untagged or unmatched questions", () => {
    expect(index.related("a/self", 2).map((q) => q.slug)).toEqual(["a/three-tags", "b/two-tags"]);
    expect(index.related("a/self", Infinity)).toHaveLength(7);
    expect(index.related("a/self", 0)).toEqual([]);
    expect(index.related("a/missing")).toEqual([]);
    expect(index.related("a/untagged")).toEqual([]);
    expect(index.related("a/none")).toEqual([]);
    expect(() => index.related("a/self", -1)).toThrow(/"limit"/);
  });
});
