// BM25 (Robertson/Sparck Jones), the variant lunr 2 uses: idf = ln(1 + (N - n + 0.5) / (n + 0.5)).
// flexsearch only finds candidates; these numbers rank them.

/** BM25 term-frequency saturation (SPEC section 9). */
export const BM25_K1 = 1.2;

/** BM25 length normalisation (SPEC section 9). */
export const BM25_B = 0.75;

/**
 * Field boosts: a term in the question's name counts twice a term in its searchText. Names are
 * short questions the visitor is likely to paraphrase, so a hit there is the stronger signal;
 * BM25's length normalisation already favours the short field a little, the boost makes it plain.
 */
export const FIELD_BOOST = { name: 2, searchText: 1 } as const;

/** Weight of a prefix or suffix match relative to an exact one (lunr: `t*` and `*t` clauses, boost 1, vs 2 for t). */
export const WILDCARD_WEIGHT = 0.5;

/** Shortest query term that also matches as a prefix or suffix; shorter ones match exactly only. */
export const MIN_WILDCARD_LENGTH = 3;

/** Inverse document frequency of a term found in `n` of `count` questions. */
export function idf(count: number, n: number): number {
  return Math.log(1 + (count - n + 0.5) / (n + 0.5));
}

/** Saturated, length-normalised term frequency: tf (k1 + 1) / (tf + k1 (1 - b + b len / avg)). */
export function tfWeight(tf: number, length: number, averageLength: number): number {
  if (tf <= 0) return 0;
  const relative = averageLength > 0 ? length / averageLength : 1;
  return (tf * (BM25_K1 + 1)) / (tf + BM25_K1 * (1 - BM25_B + BM25_B * relative));
}

/** A field's term frequency divided by its length normalisation: tf / (1 - b + b len / avg). */
export function normalisedTf(tf: number, length: number, averageLength: number): number {
  if (tf <= 0) return 0;
  const relative = averageLength > 0 ? length / averageLength : 1;
  return tf / (1 - BM25_B + BM25_B * relative);
}

/** BM25's saturation of a (combined) term frequency: x (k1 + 1) / (x + k1). */
export function saturate(x: number): number {
  return x <= 0 ? 0 : (x * (BM25_K1 + 1)) / (x + BM25_K1);
}
