// The numbers BM25 needs and flexsearch does not keep: document frequency per term, field length
// per document, and term frequency per (document, term, field). Terms are numbered once, and each
// document keeps one typed array [sorted term ids | tf of field 0 | tf of field 1 | ...], which
// is far lighter on memory and garbage collection than a Map per document.

import { normalisedTf, saturate } from "./bm25";

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
  readonly #documents: Uint32Array[] = [];
  readonly #lengths: number[][];
  readonly #lengthTotals: number[];

  /** `boosts`: one per field, in the order `add` receives the fields. */
  constructor(boosts: readonly number[]) {
    this.#boosts = boosts;
    this.#fields = boosts.length;
    this.#counts = boosts.map(() => new Uint32Array(1024));
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
    const row = new Uint32Array(size * (this.#fields + 1));
    const distinct: string[] = new Array(size);
    for (let i = 0; i < size; i++) {
      const id = seen[i] as number;
      row[i] = id;
      for (let f = 0; f < this.#fields; f++) {
        const counts = this.#counts[f] as Uint32Array;
        row[(f + 1) * size + i] = counts[id] as number;
        counts[id] = 0;
      }
      this.#total[id] = 0;
      this.#documentFrequency[id] = (this.#documentFrequency[id] as number) + 1;
      distinct[i] = this.terms[id] as string;
    }
    this.#documents.push(row);
    return distinct;
  }

  /** Number of documents recorded. */
  get count(): number {
    return this.#documents.length;
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

  /** Length in terms of a document's field. */
  length(document: number, field: number): number {
    return this.#lengths[field]?.[document] ?? 0;
  }

  // Where a term sits in a document's row, or -1 (binary search over the sorted term ids).
  #position(row: Uint32Array, termId: number): number {
    const size = row.length / (this.#fields + 1);
    let low = 0;
    let high = size;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((row[mid] as number) < termId) low = mid + 1;
      else high = mid;
    }
    return low < size && row[low] === termId ? low : -1;
  }

  /** How often a term occurs in each field of a document (one number per field). */
  frequencies(document: number, termId: number): number[] {
    const row = this.#documents[document];
    const at = row ? this.#position(row, termId) : -1;
    if (!row || at < 0) return new Array<number>(this.#fields).fill(0);
    const size = row.length / (this.#fields + 1);
    return Array.from({ length: this.#fields }, (_, f) => row[(f + 1) * size + at] as number);
  }

  /** Whether a term occurs in one field of a document. */
  inField(document: number, termId: number, field: number): boolean {
    const row = this.#documents[document];
    const at = row ? this.#position(row, termId) : -1;
    if (!row || at < 0) return false;
    const size = row.length / (this.#fields + 1);
    return (row[(field + 1) * size + at] as number) > 0;
  }

  /**
   * The BM25F weight of a term in a document before idf: each field's length-normalised term
   * frequency times the field's boost, summed, then saturated once (Robertson and Zaragoza), so a
   * term found in three fields is not worth three. Allocation-free: this runs per candidate.
   */
  fieldWeight(document: number, termId: number): number {
    const row = this.#documents[document];
    const at = row ? this.#position(row, termId) : -1;
    if (!row || at < 0) return 0;
    const size = row.length / (this.#fields + 1);
    let combined = 0;
    for (let f = 0; f < this.#fields; f++) {
      const tf = row[(f + 1) * size + at] as number;
      if (tf > 0) {
        combined +=
          (this.#boosts[f] as number) *
          normalisedTf(tf, this.length(document, f), this.averageLength(f));
      }
    }
    return saturate(combined);
  }
}
