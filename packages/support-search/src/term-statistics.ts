// The numbers BM25 needs and flexsearch does not keep: document frequency per term, field length
// per question, and term frequency per (question, term, field). Terms are numbered once, and each
// question keeps one typed array [sorted term ids | name tf | searchText tf], which is far
// lighter on memory and garbage collection than a Map per question.

import { FIELD_BOOST, tfWeight } from "./bm25";

function grow(array: Uint32Array<ArrayBuffer>, size: number): Uint32Array<ArrayBuffer> {
  if (size <= array.length) return array;
  const grown = new Uint32Array(Math.max(size, array.length * 2));
  grown.set(array);
  return grown;
}

/** Term frequencies of one question in one field. */
export type FieldFrequencies = { name: number; searchText: number };

/** Term and field statistics gathered while indexing, read while ranking. */
export class TermStatistics {
  /** Indexed terms by id. */
  readonly terms: string[] = [];
  readonly #ids = new Map<string, number>();
  #documentFrequency = new Uint32Array(1024);
  // Scratch counters for the question being added, cleared after each one.
  #nameCount = new Uint32Array(1024);
  #textCount = new Uint32Array(1024);
  readonly #questions: Uint32Array[] = [];
  readonly #nameLengths: number[] = [];
  readonly #textLengths: number[] = [];
  #nameTotal = 0;
  #textTotal = 0;

  #idFor(term: string): number {
    let id = this.#ids.get(term);
    if (id === undefined) {
      id = this.terms.length;
      this.#ids.set(term, id);
      this.terms.push(term);
      this.#documentFrequency = grow(this.#documentFrequency, id + 1);
      this.#nameCount = grow(this.#nameCount, id + 1);
      this.#textCount = grow(this.#textCount, id + 1);
    }
    return id;
  }

  /** Records the next question's terms (ids follow call order) and returns its distinct terms. */
  add(nameTerms: readonly string[], textTerms: readonly string[]): string[] {
    // Counters are read through `this` each time: #idFor may have grown them.
    const seen: number[] = [];
    for (const term of nameTerms) {
      const id = this.#idFor(term);
      if (this.#nameCount[id] === 0) seen.push(id);
      this.#nameCount[id] = (this.#nameCount[id] as number) + 1;
    }
    for (const term of textTerms) {
      const id = this.#idFor(term);
      if (this.#nameCount[id] === 0 && this.#textCount[id] === 0) seen.push(id);
      this.#textCount[id] = (this.#textCount[id] as number) + 1;
    }
    seen.sort((a, b) => a - b);
    const size = seen.length;
    const row = new Uint32Array(size * 3);
    const distinct: string[] = new Array(size);
    for (let i = 0; i < size; i++) {
      const id = seen[i] as number;
      row[i] = id;
      row[size + i] = this.#nameCount[id] as number;
      row[2 * size + i] = this.#textCount[id] as number;
      this.#nameCount[id] = 0;
      this.#textCount[id] = 0;
      this.#documentFrequency[id] = (this.#documentFrequency[id] as number) + 1;
      distinct[i] = this.terms[id] as string;
    }
    this.#questions.push(row);
    this.#nameLengths.push(nameTerms.length);
    this.#textLengths.push(textTerms.length);
    this.#nameTotal += nameTerms.length;
    this.#textTotal += textTerms.length;
    return distinct;
  }

  /** Number of questions recorded. */
  get count(): number {
    return this.#questions.length;
  }

  /** The id of an indexed term, if it is one. */
  id(term: string): number | undefined {
    return this.#ids.get(term);
  }

  /** In how many questions the term occurs, in either field. */
  documentFrequency(termId: number): number {
    return this.#documentFrequency[termId] ?? 0;
  }

  /** Mean length in terms of the name field. */
  get averageNameLength(): number {
    return this.count ? this.#nameTotal / this.count : 0;
  }

  /** Mean length in terms of the searchText field. */
  get averageTextLength(): number {
    return this.count ? this.#textTotal / this.count : 0;
  }

  /** Length in terms of a question's name. */
  nameLength(question: number): number {
    return this.#nameLengths[question] ?? 0;
  }

  /** Length in terms of a question's searchText. */
  textLength(question: number): number {
    return this.#textLengths[question] ?? 0;
  }

  // Where a term sits in a question's row, or -1 (binary search over the sorted term ids).
  #position(row: Uint32Array, termId: number): number {
    const size = row.length / 3;
    let low = 0;
    let high = size;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((row[mid] as number) < termId) low = mid + 1;
      else high = mid;
    }
    return low < size && row[low] === termId ? low : -1;
  }

  /** How often a term occurs in each field of a question. */
  frequencies(question: number, termId: number): FieldFrequencies {
    const row = this.#questions[question];
    const at = row ? this.#position(row, termId) : -1;
    if (!row || at < 0) return { name: 0, searchText: 0 };
    const size = row.length / 3;
    return { name: row[size + at] as number, searchText: row[2 * size + at] as number };
  }

  /**
   * The BM25 weight of a term in a question before idf: each field's saturated, length-normalised
   * term frequency times the field's boost, summed. Allocation-free: this runs per candidate.
   */
  fieldWeight(question: number, termId: number): number {
    const row = this.#questions[question];
    const at = row ? this.#position(row, termId) : -1;
    if (!row || at < 0) return 0;
    const size = row.length / 3;
    return (
      FIELD_BOOST.name *
        tfWeight(row[size + at] as number, this.nameLength(question), this.averageNameLength) +
      FIELD_BOOST.searchText *
        tfWeight(row[2 * size + at] as number, this.textLength(question), this.averageTextLength)
    );
  }
}
