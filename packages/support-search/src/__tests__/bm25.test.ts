import { describe, expect, it } from "vitest";
import {
  BM25_B,
  BM25_K1,
  FIELD_BOOST,
  createSupportIndex,
  idf,
  normalisedTf,
  saturate,
  tfWeight,
} from "../index";
import { category, question } from "./fixtures";

// Four questions, N = 4. Field lengths in terms (name | searchText):
//   q1 "Bayar bil"   | cara bayar bil anda bayar dalam talian   2 | 7
//   q2 "Bil lewat"   | bil lewat dikenakan caj caj lewat         2 | 6
//   q3 "Tukar pakej" | tukar pakej tv pilih pakej sahkan        2 | 6
//   q4 "Pakej sukan" | saluran sukan langgan pakej sukan        2 | 5
// avg(name) = 2, avg(searchText) = 24 / 4 = 6. No term is a prefix or suffix of another one, so
// the query "bayar pakej" matches exactly only.
const support = [
  category("bil", [
    question("q1", "Bayar bil", "Cara bayar bil anda.", "<p>Bayar dalam talian.</p>"),
    question("q2", "Bil lewat", "Bil lewat dikenakan caj.", "<p>Caj lewat.</p>"),
  ]),
  category("pakej", [
    question(
      "q3",
      "Tukar pakej",
      "Tukar pakej TV.",
      "<ul><li>Pilih pakej</li><li>Sahkan</li></ul>",
    ),
    question("q4", "Pakej sukan", "Saluran sukan.", "<p>Langgan&nbsp;pakej sukan.</p>"),
  ]),
];

describe("BM25", () => {
  it("uses k1 1.2, b 0.75 and a name boost of 2", () => {
    expect(BM25_K1).toBe(1.2);
    expect(BM25_B).toBe(0.75);
    expect(FIELD_BOOST).toEqual({ name: 2, searchText: 1 });
  });

  it("matches the formula on single values", () => {
    // idf(4, 1) = ln(1 + 3.5 / 1.5) = ln(3.3333) ; idf(4, 2) = ln(1 + 2.5 / 2.5) = ln 2
    expect(idf(4, 1)).toBeCloseTo(1.2039728, 6);
    expect(idf(4, 2)).toBeCloseTo(0.6931472, 6);
    // tf 1 at average length: 2.2 / (1 + 1.2) = 1
    expect(tfWeight(1, 2, 2)).toBeCloseTo(1, 10);
    // tf 2, length 7, average 6: 4.4 / (2 + 1.2 (0.25 + 0.75 * 7/6)) = 4.4 / 3.35
    expect(tfWeight(2, 7, 6)).toBeCloseTo(1.3134328, 6);
    expect(tfWeight(0, 7, 6)).toBe(0);
  });

  it("ranks a small example by scores computed by hand (BM25F: fields combined, saturated once)", () => {
    const results = createSupportIndex(support).search("bayar pakej", { limit: Infinity });
    expect(results.map((r) => r.question.slug)).toEqual(["bil/q1", "pakej/q3", "pakej/q4"]);
    // Each answers one of the two query terms: the coordination factor halves every score.
    expect(results.map((r) => r.matchedTerms)).toEqual([1, 1, 1]);
    const [q1, q3, q4] = results.map((r) => r.score * 2);

    // tf' = tf / (0.25 + 0.75 len / avg); x = 2 tf'(name) + tf'(text); sat(x) = 2.2 x / (x + 1.2)
    // q1, "bayar" (df 1): name 1 / 1 = 1; text 2 / (0.25 + 0.875) = 1.7777778; x = 3.7777778
    //   sat = 8.3111111 / 4.9777778 = 1.6696429; 1.2039728 * 1.6696429 = 2.0102044
    expect(q1).toBeCloseTo(2.010204, 5);
    // q3, "pakej" (df 2): name 1; text 2 / 1 = 2; x = 4; sat = 8.8 / 5.2 = 1.6923077
    //   0.6931472 * 1.6923077 = 1.1730183
    expect(q3).toBeCloseTo(1.173018, 5);
    // q4, "pakej" (df 2): name 1; text 1 / (0.25 + 0.625) = 1.1428571; x = 3.1428571
    //   sat = 6.9142857 / 4.3428571 = 1.5921053; 0.6931472 * 1.5921053 = 1.1035632
    expect(q4).toBeCloseTo(1.103563, 5);
    expect(results.map((r) => r.exactTerms)).toEqual([1, 1, 1]);
  });

  it("adds the terms of a multi-term query and weights a suffix by the share it covers", () => {
    const index = createSupportIndex(support);
    const [both] = index.search("bil caj");
    // q2 holds both: bil (df 2, name 1 + text 1) and caj (df 1, text 2).
    const bil = idf(4, 2) * saturate(2 * normalisedTf(1, 2, 2) + normalisedTf(1, 6, 6));
    const caj = idf(4, 1) * saturate(normalisedTf(2, 6, 6));
    expect(both?.question.slug).toBe("bil/q2");
    expect(both?.score).toBeCloseTo(bil + caj, 10);

    // "luran" is a suffix of "saluran" only: 0.5 x 5/7 of the exact score "saluran" would get.
    const [suffix] = index.search("luran");
    const [exact] = index.search("saluran");
    expect(suffix?.question.slug).toBe("pakej/q4");
    expect(suffix!.score).toBeCloseTo((exact!.score * 0.5 * 5) / 7, 10);
  });
});
