// The numbers BM25 needs and flexsearch does not keep: document frequency per term, field length
// per document, and term frequency per (document, term, field). Terms are numbered once; every
// document's distinct terms are one run of positions in shared typed arrays (its sorted term ids,
// their frequencies per field and, once the index is complete, their BM25F weights), found
// through one offset per document. That is far lighter on memory and garbage collection than a
// Map per document, and a search that looks a term up in a candidate touches a few cache lines of
// three flat arrays rather than following a pointer per document (issue 22: at 100x the content
// those lookups were memory-bound).

import { BM25_B, saturate } from "./bm25";

function grow(array: Uint32Array<ArrayBuffer>, size: number): Uint32Array<ArrayBuffer> {
  if (size <= array.length) return array;
  const grown = new Uint32Array(Math.max(size, array.length * 2));
  grown.set(array);
  return grown;
}

/** Term and field statistics gathered while indexing, read while ranking. */
export class TermStatistics {
  /** Indexed terms by id. */
  readonly terms: string[] = [];
  readonly #ids = new Map<string, number>();
  readonly #boosts: readonly number[];
  readonly #fields: number;
  #documentFrequency = new Uint32Array(1024);
  // Scratch counters for the document being added (one per field), cleared after each one.
  #counts: Uint32Array<ArrayBuffer>[];
  #total = new Uint32Array(1024);
  #count = 0;
  // Document d's terms are the positions offsets[d] to offsets[d + 1] - 1: their term ids
  // (ascending), their frequency in field f at tfs[position * fields + f], their kept weight.
  #offsets = new Uint32Array(1025);
  #termIds = new Uint32Array(4096);
  #tfs: Uint32Array<ArrayBuffer>;
  #kept = new Float64Array(0);
  readonly #lengths: number[][];
  readonly #lengthTotals: number[];
  // Each (document, field)'s length normalisation, 1 - b + b len / avg, once every document is
  // added (worked out on the first weight asked for after an add).
  #norms: Float64Array | undefined;

  /** `boosts`: one per field, in the order `add` receives the fields. */
  constructor(boosts: readonly number[]) {
    this.#boosts = boosts;
    this.#fields = boosts.length;
    this.#counts = boosts.map(() => new Uint32Array(1024));
    this.#tfs = new Uint32Array(4096 * this.#fields);
    this.#lengths = boosts.map(() => []);
    this.#lengthTotals = boosts.map(() => 0);
  }

  #idFor(term: string): number {
    let id = this.#ids.get(term);
    if (id === undefined) {
      id = this.terms.length;
      this.#ids.set(term, id);
      this.terms.push(term);
      this.#documentFrequency = grow(this.#documentFrequency, id + 1);
      this.#total = grow(this.#total, id + 1);
      this.#counts = this.#counts.map((counts) => grow(counts, (id as number) + 1));
    }
    return id;
  }

  /** Records the next document's terms, one list per field, and returns its distinct terms. */
  add(fields: readonly (readonly string[])[]): string[] {
    // Counters are read through `this` each time: #idFor may have grown them.
    const seen: number[] = [];
    this.#norms = undefined;
    for (let f = 0; f < this.#fields; f++) {
      const terms = fields[f] ?? [];
      for (const term of terms) {
        const id = this.#idFor(term);
        if (this.#total[id] === 0) seen.push(id);
        this.#total[id] = (this.#total[id] as number) + 1;
        const counts = this.#counts[f] as Uint32Array;
        counts[id] = (counts[id] as number) + 1;
      }
      (this.#lengths[f] as number[]).push(terms.length);
      this.#lengthTotals[f] = (this.#lengthTotals[f] as number) + terms.length;
    }
    seen.sort((a, b) => a - b);
    const size = seen.length;
    const fieldCount = this.#fields;
    const start = this.#offsets[this.#count] as number;
    this.#termIds = grow(this.#termIds, start + size);
    this.#tfs = grow(this.#tfs, (start + size) * fieldCount);
    const distinct: string[] = new Array(size);
    for (let i = 0; i < size; i++) {
      const id = seen[i] as number;
      const at = start + i;
      this.#termIds[at] = id;
      for (let f = 0; f < fieldCount; f++) {
        const counts = this.#counts[f] as Uint32Array;
        this.#tfs[at * fieldCount + f] = counts[id] as number;
        counts[id] = 0;
      }
      this.#total[id] = 0;
      this.#documentFrequency[id] = (this.#documentFrequency[id] as number) + 1;
      distinct[i] = this.terms[id] as string;
    }
    this.#count++;
    this.#offsets = grow(this.#offsets, this.#count + 1);
    this.#offsets[this.#count] = start + size;
    return distinct;
  }

  /** Number of documents recorded. */
  get count(): number {
    return this.#count;
  }

  /** The id of an indexed term, if it is one. */
  id(term: string): number | undefined {
    return this.#ids.get(term);
  }

  /** In how many documents the term occurs, in any field. */
  documentFrequency(termId: number): number {
    return this.#documentFrequency[termId] ?? 0;
  }

  /** Mean length in terms of a field. */
  averageLength(field: number): number {
    return this.count ? (this.#lengthTotals[field] ?? 0) / this.count : 0;
  }

  /**
   * The position of a document's first term: its distinct terms, in the order `add` returned
   * them, are this position and the ones after it.
   */
  firstPosition(document: number): number {
    return document < this.#count ? (this.#offsets[document] as number) : 0;
  }

  /** The term id at a position (see {@link firstPosition}). */
  termIdAt(position: number): number {
    return this.#termIds[position] as number;
  }

  /**
   * The position of a term in a document (binary search over its sorted term ids), or -1 when
   * the document does not hold it; read with {@link weightAt}, {@link keptWeight} and
   * {@link inFieldAt}.
   */
  locate(document: number, termId: number): number {
    if (document < 0 || document >= this.#count) return -1;
    const ids = this.#termIds;
    let low = this.#offsets[document] as number;
    const end = this.#offsets[document + 1] as number;
    let high = end;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((ids[mid] as number) < termId) low = mid + 1;
      else high = mid;
    }
    return low < end && ids[low] === termId ? low : -1;
  }

  // The length normalisations of every (document, field), as normalisedTf divides by them.
  #normalisations(): Float64Array {
    const fields = this.#fields;
    const norms = new Float64Array(this.count * fields);
    for (let f = 0; f < fields; f++) {
      const average = this.averageLength(f);
      const lengths = this.#lengths[f] as number[];
      for (let d = 0; d < this.count; d++) {
        const relative = average > 0 ? (lengths[d] as number) / average : 1;
        norms[d * fields + f] = 1 - BM25_B + BM25_B * relative;
      }
    }
    this.#norms = norms;
    return norms;
  }

  /**
   * Keeps the {@link weightAt} of each of a document's terms, once the field lengths' averages
   * are final (every document added): ranking then reads one number per (candidate, query form)
   * instead of the term's frequency in every field.
   */
  keepWeights(document: number): void {
    if (document < 0 || document >= this.#count) return;
    const end = this.#offsets[this.#count] as number;
    if (this.#kept.length < end) {
      const kept = new Float64Array(end);
      kept.set(this.#kept);
      this.#kept = kept;
    }
    for (
      let at = this.#offsets[document] as number;
      at < (this.#offsets[document + 1] as number);
      at++
    ) {
      this.#kept[at] = this.weightAt(document, at);
    }
  }

  /** The weight {@link keepWeights} kept of the term at `at` (from {@link locate}, not -1). */
  keptWeight(at: number): number {
    return this.#kept[at] as number;
  }

  /**
   * The BM25F weight before idf of the term at `at` (from {@link locate}, not -1): each field's
   * length-normalised term frequency times its boost, summed, then saturated once (Robertson and
   * Zaragoza), so a term found in three fields is not worth three.
   */
  weightAt(document: number, at: number): number {
    const norms = this.#norms ?? this.#normalisations();
    const fields = this.#fields;
    let combined = 0;
    for (let f = 0; f < fields; f++) {
      const tf = this.#tfs[at * fields + f] as number;
      if (tf > 0) {
        // normalisedTf(tf, length, average), with its divisor worked out once.
        combined += (this.#boosts[f] as number) * (tf / (norms[document * fields + f] as number));
      }
    }
    return saturate(combined);
  }

  /** Whether the term at `at` (from {@link locate}, not -1) occurs in one field of a document. */
  inFieldAt(at: number, field: number): boolean {
    return (this.#tfs[at * this.#fields + field] as number) > 0;
  }

  /** How often a term occurs in each field of a document (one number per field). */
  frequencies(document: number, termId: number): number[] {
    const at = this.locate(document, termId);
    if (at < 0) return new Array<number>(this.#fields).fill(0);
    return Array.from(
      { length: this.#fields },
      (_, f) => this.#tfs[at * this.#fields + f] as number,
    );
  }
}
