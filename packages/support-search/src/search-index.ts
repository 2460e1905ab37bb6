// A BM25 index over documents of named, boosted text fields, with the portal's matching rules:
// exact terms, word families (Malay affixes, English inflections), prefixes, suffixes and typos.
// The support centre and the content service's site search are both built on it.
import { Index } from "flexsearch";
import { BM25_K1, MIN_WILDCARD_LENGTH, WILDCARD_WEIGHT, idf } from "./bm25";
import { SupportSearchError } from "./errors";
import { typoBudget } from "./language";
import { normalizeQuery, tokenize } from "./text";
import { TermStatistics } from "./term-statistics";
import { VOCABULARY_STEP, vocabularySteps } from "./vocabulary";

/** How an indexed term matched a query term. */
export type MatchKind = "exact" | "stem" | "prefix" | "suffix" | "typo";

/** One searchable field: its name and how much a term found in it counts. */
export type SearchField = { name: string; boost: number };

/** One document to index: its text per field (in the order of the fields), and a prior weight. */
export type SearchDocument = {
  /** Plain text per field, in the order of `fields`; a missing entry is an empty field. */
  texts: readonly string[];
  /** Multiplies the document's score (a kind of content that should come first); default 1. */
  weight?: number;
};

/** One indexed term that matched one query term in a hit. */
export type SearchMatch = {
  /** The indexed term, folded (lower case, no accents). */
  term: string;
  /** The query term it matched, folded. */
  query: string;
  kind: MatchKind;
  /** Typos between the query term and the indexed term (0 unless `kind` is "typo"). */
  typos: number;
  /** Names of the fields the term is in. */
  fields: string[];
};

/** One ranked document. */
export type SearchHit = {
  /** The document's position in the list given to `createSearchIndex`. */
  position: number;
  /** BM25 score, times the share of query terms matched and the document's weight. */
  score: number;
  /** How many distinct query terms matched in any way. */
  matchedTerms: number;
  /** How many distinct query terms the document contains exactly. */
  exactTerms: number;
  /** The distinct indexed terms that matched, folded: highlight words whose `tokenize` is one. */
  terms: string[];
  matches: SearchMatch[];
};

/** Options of `search`. */
export type SearchOptions = {
  /** Most hits to return; default 10, `Infinity` for all. */
  limit?: number;
  /** Keeps only the documents at the positions it accepts. */
  filter?: (position: number) => boolean;
  /**
   * Most documents ranked per matched index term, the highest-impact first (a term in a short
   * title before one deep in a text; see IMPACT_RESOLUTION); default all. With a bound, a query's
   * cost no longer grows with the number of documents holding its words, and the ranking is exact
   * as long as no term is in more documents than the bound (a quarter of it for the prefixes,
   * suffixes and typo corrections of a query term).
   */
  candidatesPerTerm?: number;
  /**
   * Most documents ranked in all; default all. First each matched form's highest-impact
   * documents (an eighth of this, a quarter of that where `candidatesPerTerm` gives the form a
   * quarter), then the rarest forms of the query (words and families before prefixes, suffixes
   * and typos) up to their `candidatesPerTerm`. Every candidate is scored on every form of the
   * query from its own term statistics, so a document found by one rare word is ranked on the
   * whole query; with this bound a query's cost is at most this many documents times its forms,
   * whatever the size of the index.
   */
  candidates?: number;
};

/** Ranked documents and how many documents matched in all. */
export type SearchPage = {
  hits: SearchHit[];
  /** Distinct documents matching any form of any query term (filter applied), ranked or not. */
  total: number;
  /**
   * Documents ranked (each scored on every form of the query): `total` unless a bound cut it, at
   * most `candidates`.
   */
  ranked: number;
};

/** A built index. */
export type SearchIndex = {
  /** Ranked documents for a query; empty for an empty or whitespace-only query. */
  search(query: string, options?: SearchOptions): SearchHit[];
  /** The same hits, and the number of documents that matched. */
  searchPage(query: string, options?: SearchOptions): SearchPage;
  /** Number of documents. */
  readonly size: number;
  /** Number of distinct indexed terms. */
  readonly terms: number;
};

/** Weight of a match of each kind relative to an exact one (a typo's is per typo, below). */
export const MATCH_WEIGHT = {
  exact: 1,
  stem: 0.8,
  prefix: WILDCARD_WEIGHT,
  suffix: WILDCARD_WEIGHT,
} as const;

/** Weight of a match with one typo, and with two. */
export const TYPO_WEIGHT = [0.8, 0.8, 0.6] as const;

/**
 * How much the other forms of a query term count beside its best match in a document: a text
 * that says "menambah pek tambahan" is more about "tambah" than one that says it once.
 */
export const OTHER_FORMS = 0.3;

/**
 * Scoring reads a form's postings when it is in at most this many times as many documents as
 * there are candidates, and otherwise looks it up in each candidate's statistics.
 */
const WALK_FACTOR = 1;

/**
 * A term in at least this share of the documents (and DENSE_MIN of them) keeps them as a bitset
 * for counting a search's total.
 */
const DENSE_SHARE = 1 / 64;
const DENSE_MIN = 64;

/** Most distinct query terms looked at; the rest of a very long query is ignored. */
export const MAX_QUERY_TERMS = 16;

const DEFAULT_SEARCH_LIMIT = 10;

/**
 * Impact buckets of the postings: flexsearch's `resolution` with our own `score` function puts
 * each (document, term) in the bucket of its BM25F weight times the document's weight, highest
 * first, so `limit` on a term's postings returns its highest-impact documents.
 */
export const IMPACT_RESOLUTION = 32;

/** Checks a `limit` option: a number >= 0 or Infinity; undefined gives the default. */
export function checkLimit(method: string, limit: unknown, fallback: number): number {
  if (limit === undefined) return fallback;
  if (typeof limit !== "number" || Number.isNaN(limit) || limit < 0) {
    throw new SupportSearchError(
      "invalid-limit",
      `${method}: "limit" must be a number >= 0 (or Infinity), got ${String(limit)}`,
    );
  }
  return Math.floor(limit);
}

// One expanded term of one query term.
type Expansion = {
  term: string;
  termId: number;
  query: string;
  queryIndex: number;
  kind: MatchKind;
  typos: number;
  /** The document frequency its idf is computed from. */
  df: number;
};

// One form of a query term as a search ranks it.
type Form = Expansion & {
  /** Its match weight times its idf. */
  weight: number;
  /** It adds to the query term's best match in a document (the word or its family). */
  adds: boolean;
  /** It is the word or its family (not a prefix, suffix or typo). */
  sure: boolean;
  /** Most of its documents taken as candidates. */
  bound: number;
  /** In how many documents it is (its own, not its family's). */
  postings: number;
};

/**
 * Builds an index over `documents` with the given fields. Pure: no DOM, no I/O. The ranking is
 * BM25 (k1 1.2, b 0.75) per field times the field's boost; each query term counts once per
 * document, by its best-weighted match (exact 1, word family 0.8, prefix or suffix 0.5, typo
 * 0.45 or 0.3); the sum is multiplied by the share of query terms the document matched and by
 * the document's weight.
 */
export function createSearchIndex(
  documents: readonly SearchDocument[],
  fields: readonly SearchField[],
): SearchIndex {
  return runSteps(indexSteps(documents, fields));
}

/** Runs a sliced build's steps to the end in one go: its result. */
export function runSteps<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Options of {@link createSearchIndexAsync}. */
export type BuildOptions = {
  /** Longest run (ms) between two yields to the event loop; default 10. */
  sliceMs?: number;
};

/** The timers of the host (Node or a browser); the package compiles without either's types. */
const host = globalThis as unknown as {
  setImmediate?: (callback: () => void) => unknown;
  setTimeout: (callback: () => void, ms: number) => unknown;
  performance: { now(): number };
};

const yieldToEventLoop = () =>
  new Promise<void>((resolve) =>
    host.setImmediate ? host.setImmediate(resolve) : host.setTimeout(resolve, 0),
  );

/**
 * The same index as {@link createSearchIndex}, built in slices of at most about `sliceMs` with
 * the event loop free between them: a server keeps answering (with its previous index) while a
 * large index is built.
 */
export async function createSearchIndexAsync(
  documents: readonly SearchDocument[],
  fields: readonly SearchField[],
  options: BuildOptions = {},
): Promise<SearchIndex> {
  return runStepsAsync(indexSteps(documents, fields), options);
}

/**
 * Runs a sliced build's steps, giving the event loop a turn whenever about `sliceMs` have passed
 * since the last one: its result, the same as {@link runSteps}'.
 */
export async function runStepsAsync<T>(
  steps: Generator<void, T, void>,
  options: BuildOptions = {},
): Promise<T> {
  const slice = options.sliceMs ?? 10;
  let started = host.performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (host.performance.now() - started >= slice) {
      await yieldToEventLoop();
      started = host.performance.now();
    }
  }
}

/** Documents indexed between two chances to yield. */
export const STEP = 16;

/** The build, as steps that yield every STEP documents; returns the index. */
export function* indexSteps(
  documents: readonly SearchDocument[],
  fields: readonly SearchField[],
): Generator<void, SearchIndex, void> {
  if (!Array.isArray(fields) || fields.length === 0) {
    throw new SupportSearchError(
      "invalid-fields",
      `createSearchIndex: "fields" must be a non-empty array of { name, boost }`,
    );
  }
  const count = documents.length;
  const statistics = new TermStatistics(fields.map((field) => field.boost));
  const weights = new Float64Array(count);
  // Our own tokens go in as they are. flexsearch 0.8 hands `add` content straight to the encoder
  // without forcing a string (its issue #432), so each document's distinct terms are passed as
  // the array they already are: no join and split of half a million strings. Searches pass one.
  // The bucket of each term of the document being added (IMPACT_RESOLUTION), by its position.
  let buckets = new Uint8Array(0);
  const postings = new Index({
    tokenize: "strict",
    resolution: IMPACT_RESOLUTION,
    score: (_content: string[], _term: string, position: number) => buckets[position] ?? 0,
    encode: (content: string | readonly string[]) =>
      typeof content === "string" ? [content] : (content as string[]),
  } as ConstructorParameters<typeof Index>[0]);
  const distinctTerms: string[][] = new Array(count);
  let heaviest = 0;
  for (let id = 0; id < count; id++) {
    const document = documents[id] as SearchDocument;
    weights[id] = typeof document.weight === "number" && document.weight > 0 ? document.weight : 1;
    heaviest = Math.max(heaviest, weights[id] as number);
    distinctTerms[id] = statistics.add(fields.map((_, f) => tokenize(document.texts[f] ?? "")));
    if (id % STEP === STEP - 1) yield;
  }
  // The documents of every common term (in at least DENSE_SHARE of them) as one bit each, so a
  // search counts its total by or-ing a few words per 32 documents rather than reading every
  // posting of a common word. At most about 8 bytes per posting of those terms, far fewer in
  // practice; a rarer term's postings are read (at most count * DENSE_SHARE of them).
  const words = Math.ceil(count / 32);
  const denseOf = new Int32Array(statistics.terms.length).fill(-1);
  let denseTerms = 0;
  for (let termId = 0; termId < statistics.terms.length; termId++) {
    const df = statistics.documentFrequency(termId);
    if (df >= DENSE_MIN && df >= count * DENSE_SHARE) denseOf[termId] = denseTerms++;
    if (termId % VOCABULARY_STEP === VOCABULARY_STEP - 1) yield;
  }
  const dense = new Uint32Array(denseTerms * words);
  // Second pass, once the field lengths' averages are final: the postings with their buckets.
  // saturate() tends to k1 + 1: the largest impact a term can have.
  const top = (BM25_K1 + 1) * heaviest;
  for (let id = 0; id < count; id++) {
    const distinct = distinctTerms[id] as string[];
    if (id % STEP === STEP - 1) yield;
    if (!distinct.length) continue;
    statistics.keepWeights(id);
    // `add` answered the distinct terms in the order of the document's positions.
    const first = statistics.firstPosition(id);
    buckets = new Uint8Array(distinct.length);
    for (let i = 0; i < distinct.length; i++) {
      const bit = denseOf[statistics.termIdAt(first + i)] as number;
      if (bit >= 0) {
        const w = bit * words + (id >>> 5);
        dense[w] = (dense[w] as number) | (1 << (id & 31));
      }
      const impact = (statistics.keptWeight(first + i) * (weights[id] as number)) / top;
      buckets[i] = Math.min(IMPACT_RESOLUTION - 1, Math.floor((1 - impact) * IMPACT_RESOLUTION));
    }
    postings.add(id, distinct as unknown as string);
  }
  distinctTerms.length = 0;
  yield;
  const vocabulary = yield* vocabularySteps(statistics.terms);

  function expand(query: string, queryIndex: number): Expansion[] {
    const expanded = new Map<string, Expansion>();
    const put = (term: string, kind: MatchKind, typos = 0) => {
      if (expanded.has(term)) return;
      const termId = statistics.id(term);
      if (termId !== undefined) {
        const df = statistics.documentFrequency(termId);
        expanded.set(term, { term, termId, query, queryIndex, kind, typos, df });
      }
    };
    put(query, "exact");
    for (const term of vocabulary.family(query)) put(term, "stem");
    // The word and its family are one word to the ranking, as in a stemmed index: all take the
    // idf of the family's most common form, so a rare form ("packs") never outweighs the word.
    let familyDf = 0;
    for (const e of expanded.values()) familyDf = Math.max(familyDf, e.df);
    for (const e of expanded.values()) e.df = familyDf;
    if (query.length >= MIN_WILDCARD_LENGTH) {
      for (const term of vocabulary.withPrefix(query)) put(term, "prefix");
      for (const term of vocabulary.withSuffix(query)) put(term, "suffix");
    }
    // A word the index knows (itself or its family) is taken as meant: typos are looked for only
    // when it is unknown, which keeps correctly spelt queries as fast as before.
    if (
      expanded.size > 0 &&
      Array.from(expanded.values()).some((e) => e.kind !== "prefix" && e.kind !== "suffix")
    ) {
      return Array.from(expanded.values());
    }
    // Closest first: a term reached with one typo and with two counts as one typo.
    const typos = Array.from(vocabulary.withTypos(query, typoBudget(query))).sort(
      ([, a], [, b]) => a - b,
    );
    for (const [term, distance] of typos) put(term, "typo", Math.max(1, distance));
    // A misspelt word stands for the word it misses, and so for that word's family too.
    for (const [term, distance] of typos) {
      for (const relative of vocabulary.family(term)) put(relative, "typo", Math.max(1, distance));
    }
    return Array.from(expanded.values());
  }

  function weightOf(expansion: Expansion): number {
    if (expansion.kind === "typo") return TYPO_WEIGHT[expansion.typos] ?? 0;
    const weight = MATCH_WEIGHT[expansion.kind];
    // A prefix or suffix counts by the share of the word it covers: "bil" is more likely "bill"
    // than "billing".
    if (expansion.kind === "prefix" || expansion.kind === "suffix") {
      return (weight * expansion.query.length) / expansion.term.length;
    }
    return weight;
  }

  // Accumulators indexed by document, allocated once and cleared after each search (only where
  // it wrote): a search allocates nothing per document.
  const scores = new Float64Array(count);
  const best = new Float64Array(count); // the current query term's best match per document
  const rest = new Float64Array(count); // and the sum of its other exact or family matches
  const bestAdds = new Uint8Array(count); // the best match is exact or family
  const matched = new Uint16Array(count);
  const exact = new Uint16Array(count);
  const exactNow = new Uint8Array(count); // the current query term is in the document exactly
  const titled = new Uint16Array(count); // query terms found in the first field (the title)
  const titledNow = new Uint8Array(count);
  const seen = new Uint8Array(count);

  // The `limit` best candidates, best first: more query terms matched, then a higher score.
  function topOf(candidates: readonly number[], keys: Float64Array, limit: number): number[] {
    const better = (a: number, b: number) =>
      (matched[a] as number) - (matched[b] as number) ||
      (titled[a] as number) - (titled[b] as number) ||
      (keys[a] as number) - (keys[b] as number) ||
      b - a;
    if (limit >= candidates.length) {
      return [...candidates].sort((a, b) => better(b, a));
    }
    const kept: number[] = [];
    for (const id of candidates) {
      if (kept.length >= limit && better(id, kept[kept.length - 1] as number) <= 0) continue;
      let low = 0;
      let high = kept.length;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if (better(id, kept[mid] as number) > 0) high = mid;
        else low = mid + 1;
      }
      kept.splice(low, 0, id);
      if (kept.length > limit) kept.pop();
    }
    return kept;
  }

  // One mark per document for counting a page's total; zero between searches.
  const counted = new Uint8Array(count);

  function searchPage(query: string, options: SearchOptions = {}): SearchPage {
    return run(query, options, true);
  }

  function search(query: string, options: SearchOptions = {}): SearchHit[] {
    return run(query, options, false).hits;
  }

  // Bits of the documents matching any of a query's forms (countAll); zero between searches.
  const union = new Uint32Array(words);

  // How many documents hold any of the forms: or-ing the bits of common ones, reading the
  // postings of the others (`every` has those a search has read already).
  function countAll(forms: readonly Form[], every: Map<Form, number[]>): number {
    for (const form of forms) {
      const bit = denseOf[form.termId] as number;
      if (bit >= 0) {
        const from = bit * words;
        for (let w = 0; w < words; w++)
          union[w] = (union[w] as number) | (dense[from + w] as number);
      } else {
        const ids =
          every.get(form) ?? (postings.search(form.term, { limit: form.postings }) as number[]);
        for (const id of ids) union[id >>> 5] = (union[id >>> 5] as number) | (1 << (id & 31));
      }
    }
    let total = 0;
    for (let w = 0; w < words; w++) {
      // Population count of one 32-bit word.
      let v = union[w] as number;
      v = v - ((v >>> 1) & 0x55555555);
      v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
      total += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
      union[w] = 0;
    }
    return total;
  }

  function run(query: string, options: SearchOptions, withTotal: boolean): SearchPage {
    const limit = checkLimit("search", options?.limit, DEFAULT_SEARCH_LIMIT);
    const perTerm = Math.min(
      count,
      checkLimit("search", options?.candidatesPerTerm, Number.POSITIVE_INFINITY),
    );
    const budget = checkLimit("search", options?.candidates, Number.POSITIVE_INFINITY);
    const filter = options?.filter;
    const queryTerms = Array.from(new Set(tokenize(normalizeQuery(query)))).slice(
      0,
      MAX_QUERY_TERMS,
    );
    if (limit === 0 || queryTerms.length === 0 || count === 0) {
      return { hits: [], total: 0, ranked: 0 };
    }

    // Every form of every query term, grouped by query term, with its weight and bound.
    const groups = queryTerms.map((queryTerm, queryIndex) =>
      expand(queryTerm, queryIndex).map((expansion): Form => {
        // Other forms add to a document's best match when they are the word or its family (as
        // typed, or as corrected from a typo); prefixes and suffixes of short words do not.
        const adds = expansion.kind !== "prefix" && expansion.kind !== "suffix";
        // Prefixes, suffixes and typos stand for the word less surely: a quarter of the bound.
        const sure = adds && expansion.kind !== "typo";
        const bound = sure || perTerm >= count ? perTerm : Math.ceil(perTerm / 4);
        return {
          ...expansion,
          weight: weightOf(expansion) * idf(count, expansion.df),
          adds,
          sure,
          bound,
          postings: statistics.documentFrequency(expansion.termId),
        };
      }),
    );
    const found = groups.flat();

    // Candidates, while the budget lasts: first each form's few highest-impact documents (an
    // eighth of the budget; a quarter of that where its bound is a quarter), so the documents
    // that weigh most for any word are in; then the rarest words of the query (fewest documents;
    // prefixes, suffixes and typos after the words and their families) up to their `bound`, so
    // a document holding a rare word of the query ("r3") is a candidate however common its other
    // words are.
    const candidates: number[] = [];
    // Every document of a form, where a search has read them all (its postings, best first).
    const every = new Map<Form, number[]>();
    const take = (form: Form, most: number) => {
      const limit = Math.min(most, form.postings);
      if (candidates.length >= budget || limit <= 0) return;
      const ids = postings.search(form.term, { limit }) as number[];
      if (ids.length === form.postings) every.set(form, ids);
      for (const id of ids) {
        if (seen[id] || (filter && !filter(id))) continue;
        seen[id] = 1;
        candidates.push(id);
        if (candidates.length >= budget) return;
      }
    };
    const share = Math.ceil(budget / 8);
    for (const form of found) {
      take(form, Math.min(form.bound, form.bound < perTerm ? Math.ceil(share / 4) : share));
    }
    const rarest = found
      .slice()
      .sort((a, b) => Number(b.sure) - Number(a.sure) || a.postings - b.postings);
    for (const form of rarest) take(form, form.bound);
    // Documents counted for the total beyond the candidates, with a filter (countAll without).
    const extra: number[] = [];
    if (withTotal && filter) {
      for (const form of found) {
        const ids = every.get(form) ?? (postings.search(form.term, { limit: count }) as number[]);
        every.set(form, ids);
        for (const id of ids) {
          if (!seen[id] && !counted[id] && filter(id)) {
            counted[id] = 1;
            extra.push(id);
          }
        }
      }
    }

    // Each candidate is scored on every form of every query term from its own term statistics,
    // whichever form brought it in. A form in fewer documents than WALK_FACTOR times the
    // candidates is read from its postings; a commoner one is looked up in each candidate's
    // statistics (a binary search), so scoring costs at most WALK_FACTOR times the candidates
    // per form, whatever the size of the index.
    const walkUpTo = WALK_FACTOR * candidates.length;
    for (const forms of groups) {
      const touched: number[] = [];
      for (const form of forms) {
        const visit = (id: number, at: number) => {
          if (best[id] === 0) touched.push(id);
          const value = form.weight * statistics.keptWeight(at);
          if (value > (best[id] as number)) {
            if (bestAdds[id]) rest[id] = (rest[id] as number) + (best[id] as number);
            best[id] = value;
            bestAdds[id] = form.adds ? 1 : 0;
          } else if (form.adds) rest[id] = (rest[id] as number) + value;
          if (form.kind === "exact") exactNow[id] = 1;
          if (form.adds && !titledNow[id] && statistics.inFieldAt(at, 0)) titledNow[id] = 1;
        };
        if (form.postings <= walkUpTo) {
          const ids =
            every.get(form) ?? (postings.search(form.term, { limit: form.postings }) as number[]);
          for (const id of ids) {
            if (seen[id]) visit(id, statistics.locate(id, form.termId));
          }
        } else {
          for (const id of candidates) {
            const at = statistics.locate(id, form.termId);
            if (at >= 0) visit(id, at);
          }
        }
      }
      for (const id of touched) {
        scores[id] =
          (scores[id] as number) + (best[id] as number) + OTHER_FORMS * (rest[id] as number);
        matched[id] = (matched[id] as number) + 1;
        exact[id] = (exact[id] as number) + (exactNow[id] as number);
        titled[id] = (titled[id] as number) + (titledNow[id] as number);
        titledNow[id] = 0;
        best[id] = 0;
        rest[id] = 0;
        bestAdds[id] = 0;
        exactNow[id] = 0;
      }
    }
    const asked = groups.length;
    for (const id of candidates) {
      // Lucene's coordination factor: the share of the query the document answers.
      scores[id] =
        (scores[id] as number) * ((matched[id] as number) / asked) * (weights[id] as number);
    }
    const hits = topOf(candidates, scores, limit).map((id): SearchHit => {
      // Match details are only worked out for the hits returned.
      const matches: SearchMatch[] = [];
      for (const { term, termId, query, kind, typos } of found) {
        const tf = statistics.frequencies(id, termId);
        const names = fields.filter((_, f) => (tf[f] as number) > 0).map((field) => field.name);
        if (names.length) matches.push({ term, query, kind, typos, fields: names });
      }
      return {
        position: id,
        score: scores[id] as number,
        matchedTerms: matched[id] as number,
        exactTerms: exact[id] as number,
        terms: Array.from(new Set(matches.map((match) => match.term))),
        matches,
      };
    });
    let total = candidates.length;
    if (withTotal && !filter) total = countAll(found, every);
    for (const id of extra) {
      if (!seen[id]) total++;
      counted[id] = 0;
    }
    for (const id of candidates) {
      scores[id] = 0;
      matched[id] = 0;
      exact[id] = 0;
      titled[id] = 0;
      seen[id] = 0;
    }
    return { hits, total, ranked: candidates.length };
  }

  return { search, searchPage, size: count, terms: vocabulary.size };
}
