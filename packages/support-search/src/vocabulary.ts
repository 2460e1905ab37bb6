// Wildcard expansion: indexed terms that start or end with a query term, found by binary search
// in the sorted vocabulary and in the sorted vocabulary of reversed terms.

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

/** The set of indexed terms, searchable by prefix and by suffix. */
export class Vocabulary {
  readonly #sorted: string[];
  readonly #reversed: string[];

  constructor(terms: Iterable<string>) {
    // Default sort and `<` both compare UTF-16 code units, so lowerBound agrees with the order.
    this.#sorted = Array.from(terms).sort();
    this.#reversed = this.#sorted.map(reverse).sort();
  }

  /** Indexed terms that start with `prefix`, the term itself included when indexed. */
  withPrefix(prefix: string): string[] {
    return startingWith(this.#sorted, prefix);
  }

  /** Indexed terms that end with `suffix`, the term itself included when indexed. */
  withSuffix(suffix: string): string[] {
    return startingWith(this.#reversed, reverse(suffix)).map(reverse);
  }
}
