import { describe, expect, it } from "vitest";
import {
  FIELD_BOOST,
  MATCH_WEIGHT,
  OTHER_FORMS,
  TYPO_WEIGHT,
  createSupportIndex,
  englishStem,
  idf,
  malayStem,
  soundKey,
  normalisedTf,
  saturate,
  tokenize,
  typoBudget,
} from "../index";
import type { SupportCategory } from "../index";
import { osaDistance as distance } from "./fixtures";

// A brute-force BM25 over the raw tokens, written independently of the index (no flexsearch, no
// vocabulary search, no trie walk, no typed arrays), to check the fast path on a few hundred
// random questions: every query term against every indexed term, by the rules of the README.

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
  "langgan langganan pelanggan melanggan bayar bayaran pembayaran bil pakej tukar menukar saluran siaran subscribe subscription unsubscribe pay payment payments repayment bill billing package channel wi-fi wifi e-mel emel perkhidmatan café cafe dan untuk the and to di router routers football 500mbps".split(
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

const sameFamily = (a: string, b: string) =>
  malayStem(a) === malayStem(b) || englishStem(a) === englishStem(b);

type Weighted = { weight: number; kind: string };

// The weight and kind each indexed term gets for one query term, by the README's rules.
function weights(q: string, vocabulary: Set<string>): Map<string, Weighted> {
  const found = new Map<string, Weighted>();
  const put = (t: string, weight: number, kind: string) => {
    if (!found.has(t)) found.set(t, { weight, kind });
  };
  if (vocabulary.has(q)) put(q, MATCH_WEIGHT.exact, "exact");
  for (const t of vocabulary) if (sameFamily(q, t)) put(t, MATCH_WEIGHT.stem, "stem");
  if (q.length >= 3) {
    for (const t of vocabulary)
      if (t.startsWith(q)) put(t, (MATCH_WEIGHT.prefix * q.length) / t.length, "prefix");
    for (const t of vocabulary)
      if (t.endsWith(q)) put(t, (MATCH_WEIGHT.suffix * q.length) / t.length, "suffix");
  }
  const known = [...found.values()].some((w) => w.kind === "exact" || w.kind === "stem");
  const budget = typoBudget(q);
  if (known || budget === 0) return found;
  const near = (a: string, b: string) => (a[0] === b[0] ? distance(a, b) : Infinity);
  let typos = [...vocabulary].map((t) => [t, near(q, t)] as const).filter(([, d]) => d <= budget);
  if (typos.length === 0) {
    typos = [...vocabulary]
      .map((t) => [t, near(soundKey(q), soundKey(t))] as const)
      .filter(([, d]) => d <= budget);
  }
  typos = [...typos].sort((a, b) => a[1] - b[1]);
  for (const [t, d] of typos) put(t, TYPO_WEIGHT[Math.max(1, d)]!, "typo");
  for (const [t, d] of typos) {
    for (const other of vocabulary)
      if (sameFamily(t, other)) put(other, TYPO_WEIGHT[Math.max(1, d)]!, "typo");
  }
  return found;
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
  const frequencies = new Map<string, number>();
  for (const d of docs) {
    for (const t of new Set([...d.name, ...d.text]))
      frequencies.set(t, (frequencies.get(t) ?? 0) + 1);
  }
  const df = (t: string) => frequencies.get(t) ?? 0;
  const count = (terms: string[], t: string) => terms.filter((x) => x === t).length;
  const queryTerms = [...new Set(tokenize(query))];
  const termWeights = new Map(queryTerms.map((q) => [q, weights(q, vocabulary)]));
  // The word and its family take the idf of the family's most common form.
  const familyDf = new Map(
    queryTerms.map((q) => [
      q,
      Math.max(
        0,
        ...[...(termWeights.get(q) ?? [])]
          .filter(([, w]) => w.kind === "exact" || w.kind === "stem")
          .map(([t]) => df(t)),
      ),
    ]),
  );

  const scored = docs.map((doc, id) => {
    let score = 0;
    let exact = 0;
    let matched = 0;
    let titled = 0;
    for (const q of queryTerms) {
      const values: { value: number; adds: boolean }[] = [];
      let inName = false;
      for (const [t, { weight, kind }] of termWeights.get(q) ?? []) {
        const nameTf = count(doc.name, t);
        const textTf = count(doc.text, t);
        if (!nameTf && !textTf) continue;
        if (t === q) exact += 1;
        const adds = kind !== "prefix" && kind !== "suffix";
        if (adds && nameTf) inName = true;
        const termDf = kind === "exact" || kind === "stem" ? (familyDf.get(q) ?? 0) : df(t);
        const combined =
          FIELD_BOOST.name * normalisedTf(nameTf, doc.name.length, avgName) +
          FIELD_BOOST.searchText * normalisedTf(textTf, doc.text.length, avgText);
        values.push({ value: weight * idf(n, termDf) * saturate(combined), adds });
      }
      if (values.length === 0) continue;
      matched += 1;
      if (inName) titled += 1;
      const best = values.reduce((a, b) => (b.value > a.value ? b : a));
      const others = values.filter((v) => v.adds && v !== best).reduce((s, v) => s + v.value, 0);
      score += best.value + OTHER_FORMS * others;
    }
    return {
      id,
      slug: doc.slug,
      score: (score * matched) / queryTerms.length,
      exact,
      matched,
      titled,
    };
  });
  return scored
    .filter((s) => s.matched > 0)
    .sort(
      (a, b) => b.matched - a.matched || b.titled - a.titled || b.score - a.score || a.id - b.id,
    );
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
    "pembayran bil",
    "paymnet",
    "routr",
    "futbol",
    "500 routers",
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
