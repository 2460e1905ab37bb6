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

/**
 * Most terms one step of {@link vocabularySteps} sorts, merges, reverses or stems before a build
 * may give the event loop a turn.
 */
export const VOCABULARY_STEP = 2048;

// `items` sorted (the default sort's order: UTF-16 code units) in steps of at most
// VOCABULARY_STEP: runs of that many sorted alone, then merged two by two. At 100x the content a
// language has about 100,000 terms, whose sorts and stems were one block of 40-60 ms.
function* sortSteps(items: readonly string[]): Generator<void, string[], void> {
  let runs: string[][] = [];
  for (let from = 0; from < items.length; from += VOCABULARY_STEP) {
    runs.push(items.slice(from, from + VOCABULARY_STEP).sort());
    yield;
  }
  while (runs.length > 1) {
    const next: string[][] = [];
    for (let r = 0; r < runs.length; r += 2) {
      const a = runs[r] as string[];
      const b = runs[r + 1];
      if (!b) {
        next.push(a);
        continue;
      }
      const merged: string[] = new Array(a.length + b.length);
      let i = 0;
      let j = 0;
      for (let k = 0; k < merged.length; k++) {
        merged[k] =
          j >= b.length || (i < a.length && (a[i] as string) <= (b[j] as string))
            ? (a[i++] as string)
            : (b[j++] as string);
        if (k % VOCABULARY_STEP === VOCABULARY_STEP - 1) yield;
      }
      next.push(merged);
    }
    runs = next;
  }
  return runs[0] ?? [];
}

// The terms grouped by a key, VOCABULARY_STEP terms a step.
function* groupSteps(
  terms: readonly string[],
  keyOf: (term: string) => string,
): Generator<void, Map<string, string[]>, void> {
  const groups = new Map<string, string[]>();
  for (let i = 0; i < terms.length; i++) {
    const term = terms[i] as string;
    const key = keyOf(term);
    const list = groups.get(key);
    if (list) list.push(term);
    else groups.set(key, [term]);
    if (i % VOCABULARY_STEP === VOCABULARY_STEP - 1) yield;
  }
  return groups;
}

/** The lookups of a {@link Vocabulary}, as {@link vocabularySteps} builds them. */
type VocabularyParts = {
  sorted: string[];
  reversed: string[];
  malay: Map<string, string[]>;
  english: Map<string, string[]>;
  sounds: Map<string, string[]>;
  soundKeys: string[];
};

/**
 * Builds the {@link Vocabulary} of `terms` in steps of at most VOCABULARY_STEP terms each (a
 * sliced index build yields between them); run to completion it is `Vocabulary.of(terms)`.
 */
export function* vocabularySteps(terms: readonly string[]): Generator<void, Vocabulary, void> {
  const sorted = yield* sortSteps(terms);
  const backwards: string[] = new Array(sorted.length);
  for (let i = 0; i < sorted.length; i++) {
    backwards[i] = reverse(sorted[i] as string);
    if (i % VOCABULARY_STEP === VOCABULARY_STEP - 1) yield;
  }
  const reversed = yield* sortSteps(backwards);
  const malay = yield* groupSteps(sorted, malayStem);
  const english = yield* groupSteps(sorted, englishStem);
  const sounds = yield* groupSteps(sorted, soundKey);
  const soundKeys = yield* sortSteps(Array.from(sounds.keys()));
  return new Vocabulary({ sorted, reversed, malay, english, sounds, soundKeys });
}

/** The set of indexed terms, searchable by prefix, suffix, word family and typos. */
export class Vocabulary {
  readonly #sorted: string[];
  readonly #reversed: string[];
  readonly #malay: Map<string, string[]>;
  readonly #english: Map<string, string[]>;
  readonly #sounds: Map<string, string[]>;
  readonly #soundKeys: string[];

  /** The vocabulary of `terms`, built in one go. */
  static of(terms: Iterable<string>): Vocabulary {
    const steps = vocabularySteps(Array.from(terms));
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
    }
  }

  /** Use {@link Vocabulary.of} or {@link vocabularySteps}. */
  constructor(parts: VocabularyParts) {
    this.#sorted = parts.sorted;
    this.#reversed = parts.reversed;
    this.#malay = parts.malay;
    this.#english = parts.english;
    this.#sounds = parts.sounds;
    this.#soundKeys = parts.soundKeys;
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
