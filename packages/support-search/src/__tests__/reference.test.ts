import { describe, expect, it } from "vitest";
import { FIELD_BOOST, createSupportIndex, idf, tfWeight, tokenize } from "../index";
import type { SupportCategory } from "../index";

// A brute-force BM25 over the raw tokens, written independently of the index (no flexsearch, no
// vocabulary search, no typed arrays), to check the fast path on a few hundred random questions.

function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS =
  "langgan langganan pelanggan melanggan bayar bayaran pembayaran bil pakej tukar menukar saluran siaran subscribe subscription unsubscribe pay payment repayment bill billing package channel wi-fi wifi e-mel emel perkhidmatan café cafe dan untuk the and to di".split(
    " ",
  );

function corpus(size: number): SupportCategory[] {
  const random = prng(7);
  const words = (n: number) =>
    Array.from({ length: n }, () => WORDS[Math.floor(random() * WORDS.length)]).join(" ");
  return [0, 1, 2].map((c) => ({
    name: `C${c}`,
    slug: `c${c}`,
    questions: Array.from({ length: size / 3 }, (_, q) => ({
      ref_id: q,
      slug: `q${q}`,
      name: words(2 + Math.floor(random() * 5)),
      description: words(3 + Math.floor(random() * 10)),
      content: `<p>${words(5 + Math.floor(random() * 30))}</p><ul><li>${words(4)}</li></ul>`,
      tags: [],
    })),
  }));
}

function reference(categories: SupportCategory[], query: string) {
  const docs = categories.flatMap((category) =>
    category.questions.map((q) => {
      const name = tokenize(q.name);
      const text = tokenize(`${q.description} ${q.content.replace(/<[^>]+>/g, " ")}`);
      return { slug: `${category.slug}/${q.slug}`, name, text };
    }),
  );
  const n = docs.length;
  const avgName = docs.reduce((s, d) => s + d.name.length, 0) / n;
  const avgText = docs.reduce((s, d) => s + d.text.length, 0) / n;
  const vocabulary = new Set(docs.flatMap((d) => [...d.name, ...d.text]));
  const df = (t: string) => docs.filter((d) => d.name.includes(t) || d.text.includes(t)).length;
  const count = (terms: string[], t: string) => terms.filter((x) => x === t).length;

  const scored = docs.map((doc, id) => {
    let score = 0;
    let exact = 0;
    for (const q of new Set(tokenize(query))) {
      for (const t of vocabulary) {
        const isExact = t === q;
        const isWild = !isExact && q.length >= 3 && (t.startsWith(q) || t.endsWith(q));
        if (!isExact && !isWild) continue;
        const nameTf = count(doc.name, t);
        const textTf = count(doc.text, t);
        if (!nameTf && !textTf) continue;
        if (isExact) exact += 1;
        score +=
          (isExact ? 1 : 0.5) *
          idf(n, df(t)) *
          (FIELD_BOOST.name * tfWeight(nameTf, doc.name.length, avgName) +
            FIELD_BOOST.searchText * tfWeight(textTf, doc.text.length, avgText));
      }
    }
    return { id, slug: doc.slug, score, exact };
  });
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.exact - a.exact || b.score - a.score || a.id - b.id);
}

describe("search agrees with a brute-force BM25", () => {
  const categories = corpus(300);
  const index = createSupportIndex(categories);

  for (const query of [
    "langgan",
    "bayar bil",
    "scription",
    "pay",
    "wifi",
    "e-mel",
    "CAFÉ pakej",
    "ment",
    "di the",
  ]) {
    it(`"${query}"`, () => {
      const expected = reference(categories, query).slice(0, 10);
      const actual = index.search(query);
      expect(actual.map((r) => r.question.slug)).toEqual(expected.map((r) => r.slug));
      actual.forEach((r, i) => {
        expect(r.score).toBeCloseTo(expected[i]!.score, 9);
        expect(r.exactTerms).toBe(expected[i]!.exact);
      });
    });
  }
});
