// The indexed terms, looked up five ways: exactly, by prefix and by suffix (binary search in the
// sorted terms and in the sorted reversed terms), by word family (both stemmers) and by typos
// (an edit-distance walk over the sorted terms and over their sound-alike keys).
import { englishStem, malayStem, soundKey } from "./language";

function reverse(term: string): string {
  // Code points, not UTF-16 units, so astral letters survive the round trip.
  return Array.from(term).reverse().join("");
}

function lowerBound(sorted: readonly string[], key: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sorted[mid] as string) < key) low = mid + 1;
    else high = mid;
  }
  return low;
}

function startingWith(sorted: readonly string[], prefix: string): string[] {
  const found: string[] = [];
  for (let i = lowerBound(sorted, prefix); i < sorted.length; i++) {
    const term = sorted[i] as string;
    if (!term.startsWith(prefix)) break;
    found.push(term);
  }
  return found;
}

/** Leading characters a typo never touches (see `withinEdits`). */
export const FIXED_PREFIX = 1;

// Scratch rows of the edit-distance walk, grown on demand and reused by every call.
let scratch = new Int32Array(256);

/**
 * Terms of `sorted` within `max` edits of `query` (Damerau's optimal string alignment: an
 * insertion, deletion, substitution or swap of neighbours is one edit), with their distance.
 * The first `fixed` characters must be right (Elasticsearch's `prefix_length`): typos in a
 * word's first letter are rare, and it cuts the walk to the terms sharing that letter. The
 * sorted list is walked as a trie: consecutive terms share the rows of their common prefix, and
 * a prefix whose row is already past `max` skips every term that starts with it.
 */
export function withinEdits(
  sorted: readonly string[],
  query: string,
  max: number,
  fixed = FIXED_PREFIX,
): Array<[string, number]> {
  const found: Array<[string, number]> = [];
  const anchor = query.slice(0, fixed);
  const width = query.length + 1;
  // No term longer than the query by more than `max` can match: rows stop there.
  const deepest = query.length + max + 1;
  if (scratch.length < (deepest + 1) * width) scratch = new Int32Array((deepest + 1) * width * 2);
  const rows = scratch; // row d starts at d * width
  const codes = new Int32Array(query.length);
  for (let j = 0; j < query.length; j++) codes[j] = query.charCodeAt(j);
  for (let j = 0; j < width; j++) rows[j] = j;
  let previous = "";
  let valid = 0; // rows 0..valid belong to a prefix of `previous`
  let i = lowerBound(sorted, anchor);
  const size = sorted.length;
  while (i < size) {
    const term = sorted[i] as string;
    if (!term.startsWith(anchor)) break;
    const length = term.length;
    let depth = 0;
    const limit = Math.min(valid, length, previous.length);
    while (depth < limit && term.charCodeAt(depth) === previous.charCodeAt(depth)) depth++;
    let pruned = -1;
    for (let d = depth + 1; d <= length; d++) {
      if (d > deepest) {
        pruned = d;
        break;
      }
      const row = d * width;
      const above = row - width;
      const twoAbove = above - width;
      const char = term.charCodeAt(d - 1);
      const before = d > 1 ? term.charCodeAt(d - 2) : -1;
      rows[row] = d;
      let smallest = d;
      for (let j = 1; j < width; j++) {
        const queryChar = codes[j - 1] as number;
        let value = (rows[above + j - 1] as number) + (queryChar === char ? 0 : 1);
        const deletion = (rows[above + j] as number) + 1;
        if (deletion < value) value = deletion;
        const insertion = (rows[row + j - 1] as number) + 1;
        if (insertion < value) value = insertion;
        if (j > 1 && queryChar === before && codes[j - 2] === char) {
          const swap = (rows[twoAbove + j - 2] as number) + 1;
          if (swap < value) value = swap;
        }
        rows[row + j] = value;
        if (value < smallest) smallest = value;
      }
      if (smallest > max) {
        pruned = d;
        break;
      }
    }
    previous = term;
    i++;
    if (pruned > 0) {
      valid = Math.min(pruned, deepest);
      // Every following term with the same dead prefix is skipped.
      const prefix = term.slice(0, pruned);
      while (i < size && (sorted[i] as string).startsWith(prefix)) i++;
      continue;
    }
    valid = length;
    const distance = rows[length * width + width - 1] as number;
    if (distance <= max) found.push([term, distance]);
  }
  return found;
}

function group(terms: readonly string[], keyOf: (term: string) => string): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const term of terms) {
    const key = keyOf(term);
    const list = groups.get(key);
    if (list) list.push(term);
    else groups.set(key, [term]);
  }
  return groups;
}

/** The set of indexed terms, searchable by prefix, suffix, word family and typos. */
export class Vocabulary {
  readonly #sorted: string[];
  readonly #reversed: string[];
  readonly #malay: Map<string, string[]>;
  readonly #english: Map<string, string[]>;
  readonly #sounds: Map<string, string[]>;
  readonly #soundKeys: string[];

  constructor(terms: Iterable<string>) {
    // Default sort and `<` both compare UTF-16 code units, so lowerBound agrees with the order.
    this.#sorted = Array.from(terms).sort();
    this.#reversed = this.#sorted.map(reverse).sort();
    this.#malay = group(this.#sorted, malayStem);
    this.#english = group(this.#sorted, englishStem);
    this.#sounds = group(this.#sorted, soundKey);
    this.#soundKeys = Array.from(this.#sounds.keys()).sort();
  }

  /** Number of distinct indexed terms. */
  get size(): number {
    return this.#sorted.length;
  }

  /** Indexed terms that start with `prefix`, the term itself included when indexed. */
  withPrefix(prefix: string): string[] {
    return startingWith(this.#sorted, prefix);
  }

  /** Indexed terms that end with `suffix`, the term itself included when indexed. */
  withSuffix(suffix: string): string[] {
    return startingWith(this.#reversed, reverse(suffix)).map(reverse);
  }

  /** Indexed terms of the same word family: the same Malay or the same English stem. */
  family(term: string): string[] {
    const malay = this.#malay.get(malayStem(term)) ?? [];
    const english = this.#english.get(englishStem(term)) ?? [];
    if (english.length === 0) return malay;
    if (malay.length === 0) return english;
    return Array.from(new Set([...malay, ...english]));
  }

  /**
   * Indexed terms within `max` edits of `term` as written or, when there are none, as it sounds
   * (its sound-alike key within `max` edits of theirs), with their number of edits.
   */
  withTypos(term: string, max: number): Map<string, number> {
    const found = new Map<string, number>();
    if (max <= 0) return found;
    for (const [match, distance] of withinEdits(this.#sorted, term, max)) {
      found.set(match, distance);
    }
    // The sound-alike keys are a second chance for a word spelt as it sounds ("futbol").
    if (found.size > 0) return found;
    for (const [key, distance] of withinEdits(this.#soundKeys, soundKey(term), max)) {
      for (const match of this.#sounds.get(key) ?? []) {
        const known = found.get(match);
        if (known === undefined || distance < known) found.set(match, distance);
      }
    }
    return found;
  }
}
