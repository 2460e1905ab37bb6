// Top-k over impact-ordered postings (candidatesPerTerm), page totals and the sliced build.
import { describe, expect, it } from "vitest";
import { createSearchIndex, createSearchIndexAsync } from "../index";

const fields = [
  { name: "title", boost: 3 },
  { name: "text", boost: 1 },
];
// 40 documents: "sukan" in the title of every tenth one, deep in the text of all the others.
const documents = Array.from({ length: 40 }, (_, i) =>
  i % 10 === 9
    ? { texts: [`Pek sukan ${i}`, "Siaran langsung."] }
    : { texts: [`Pek ${i}`, `Siaran drama keluarga, filem dan juga sukan ${i}.`] },
);

describe("searchPage", () => {
  it("counts every match and ranks the same as search without a bound", () => {
    const index = createSearchIndex(documents, fields);
    const all = index.search("sukan", { limit: Number.POSITIVE_INFINITY });
    expect(all).toHaveLength(40);
    const page = index.searchPage("sukan", { limit: 3 });
    expect(page.total).toBe(40);
    expect(page.hits.map((h) => h.position)).toEqual([9, 19, 29]);
    expect(page.hits).toEqual(all.slice(0, 3));
  });

  it("ranks at most candidatesPerTerm documents per term, the highest-impact first", () => {
    const index = createSearchIndex(documents, fields);
    const page = index.searchPage("sukan", { limit: 4, candidatesPerTerm: 4 });
    // The four titles are the four highest-impact postings; the total still counts all 40.
    expect(page.hits.map((h) => h.position)).toEqual([9, 19, 29, 39]);
    expect(page.total).toBe(40);
    expect(index.searchPage("sukan", { limit: 10, candidatesPerTerm: 4 }).hits).toHaveLength(4);
    expect(
      index.searchPage("sukan", { limit: 3, candidatesPerTerm: 4, filter: (p) => p !== 9 }),
    ).toMatchObject({ total: 39 });
    expect(index.searchPage("   ", { limit: 3 })).toEqual({ hits: [], total: 0 });
  });

  it("builds the same index in slices", async () => {
    const whole = createSearchIndex(documents, fields);
    const sliced = await createSearchIndexAsync(documents, fields, { sliceMs: 0 });
    for (const query of ["sukan", "drama keluarga", "sukn", "pek 19"])
      expect(sliced.searchPage(query, { limit: 5 })).toEqual(whole.searchPage(query, { limit: 5 }));
    expect(sliced.size).toBe(40);
    expect(sliced.terms).toBe(whole.terms);
  });
});
