/** One support question as the content service sends it (SPEC section 3). */
export type SupportQuestion = {
  ref_id: string | number;
  slug: string;
  name: string;
  description: string;
  /** HTML. */
  content: string;
  tags: string[];
};

/** One support category as the content service sends it (SPEC section 3). */
export type SupportCategory = {
  name: string;
  slug: string;
  questions: SupportQuestion[];
};

/** The category a question belongs to, without its questions. */
export type SupportCategoryRef = {
  name: string;
  slug: string;
};

/** A question as the index keeps it: addressed by "category-slug/question-slug". */
export type IndexedQuestion = {
  ref_id: string | number;
  /** "category-slug/question-slug". */
  slug: string;
  /** The question's own slug, as sent. */
  questionSlug: string;
  name: string;
  description: string;
  /** HTML, untouched. */
  content: string;
  tags: string[];
  /** The description plus the content as plain text: what the searchText field indexes. */
  searchText: string;
  category: SupportCategoryRef;
};

/** A category whose questions carry their full slugs. */
export type IndexedCategory = {
  name: string;
  slug: string;
  questions: IndexedQuestion[];
};

/** The indexed field a term was found in. */
export type SupportField = "name" | "searchText";

/** How an indexed term matched a query term. */
export type { MatchKind } from "./search-index";
import type { MatchKind } from "./search-index";

/** One indexed term that matched one query term in a result. */
export type SupportSearchMatch = {
  /** The indexed term, folded (lower case, no accents). */
  term: string;
  /** The query term it matched, folded. */
  query: string;
  kind: MatchKind;
  /** Typos between the query term and the indexed term (0 unless `kind` is "typo"). */
  typos: number;
  fields: SupportField[];
};

/** One search hit: the question, its category, its BM25 score and what matched. */
export type SupportSearchResult = {
  question: IndexedQuestion;
  category: SupportCategoryRef;
  /** BM25 score: each query term's best match, times the share of query terms matched. */
  score: number;
  /** How many distinct query terms matched in any way: the first sort key. */
  matchedTerms: number;
  /** How many distinct query terms the question contains exactly. */
  exactTerms: number;
  /** The distinct indexed terms that matched, folded; compare with `tokenize` output to highlight. */
  terms: string[];
  matches: SupportSearchMatch[];
};

/** Options of `search`. */
export type SupportSearchOptions = {
  /** Most results to return; default 10, `Infinity` for all. */
  limit?: number;
  /**
   * Most questions ranked per matched index term (`SearchOptions.candidatesPerTerm`); default all.
   * A server answering the top results of a large support centre sets it so a query's cost stops
   * growing with the content; the ranking is unchanged while no term is in more questions.
   */
  candidatesPerTerm?: number;
  /** Most questions ranked in all (`SearchOptions.candidates`); default all. */
  candidates?: number;
};

/** The support index: search, related articles and look-up by slug. */
export type SupportIndex = {
  /** Ranked questions for a query; empty for an empty or whitespace-only query. */
  search(query: string, options?: SupportSearchOptions): SupportSearchResult[];
  /** Up to `limit` (default 5) other questions sharing at least one tag, most shared tags first. */
  related(slug: string, limit?: number): IndexedQuestion[];
  /** The question with that "category-slug/question-slug", if any. */
  get(slug: string): IndexedQuestion | undefined;
  /** The categories in their original order, questions carrying full slugs. */
  categories: IndexedCategory[];
};
