// Top-k over impact-ordered postings (candidatesPerTerm, candidates), page totals and the sliced
// build.
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
    expect(index.searchPage("   ", { limit: 3 })).toEqual({ hits: [], total: 0, ranked: 0 });
  });

  it("ranks at most `candidates` documents in all, and says how many it ranked", () => {
    const index = createSearchIndex(documents, fields);
    expect(index.searchPage("sukan", { limit: 3 })).toMatchObject({ total: 40, ranked: 40 });
    const page = index.searchPage("sukan", { limit: 5, candidates: 6 });
    expect(page).toMatchObject({ total: 40, ranked: 6 });
    expect(page.hits.map((h) => h.position).slice(0, 4)).toEqual([9, 19, 29, 39]);
    expect(index.searchPage("sukan drama", { limit: 5, candidates: 6 })).toMatchObject({
      total: 40,
      ranked: 6,
    });
  });

  it("scores a document found by a rare word on every word of the query", () => {
    // Document 5 also holds "zapin", a word no other document has; its "sukan" is deep in the
    // text, far below the four highest-impact documents of "sukan".
    const withRare = documents.map((d, i) =>
      i === 5 ? { texts: [d.texts[0] as string, `${d.texts[1] as string} Tarian zapin.`] } : d,
    );
    const index = createSearchIndex(withRare, fields);
    const every = index.search("sukan zapin", { limit: 1 })[0];
    for (const options of [{ candidatesPerTerm: 4 }, { candidatesPerTerm: 4, candidates: 8 }]) {
      const page = index.searchPage("sukan zapin", { limit: 1, ...options });
      expect(page.hits[0]).toEqual(every);
      expect(page.hits[0]).toMatchObject({ position: 5, matchedTerms: 2, exactTerms: 2 });
    }
    expect(index.searchPage("sukan zapin", { limit: 1, candidatesPerTerm: 4 }).ranked).toBe(5);
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
