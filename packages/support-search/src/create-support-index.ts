import { Index } from "flexsearch";
import { MIN_WILDCARD_LENGTH, WILDCARD_WEIGHT, idf } from "./bm25";
import { SupportSearchError } from "./errors";
import { foldText, normalizeQuery, toQuestionSlug, toSearchText, tokenize } from "./text";
import type {
  IndexedCategory,
  IndexedQuestion,
  MatchKind,
  SupportCategory,
  SupportCategoryRef,
  SupportField,
  SupportIndex,
  SupportQuestion,
  SupportSearchMatch,
  SupportSearchOptions,
  SupportSearchResult,
} from "./types";
import { TermStatistics } from "./term-statistics";
import { Vocabulary } from "./vocabulary";

const DEFAULT_SEARCH_LIMIT = 10;
const DEFAULT_RELATED_LIMIT = 5;

// One expanded term of the query.
type Found = { term: string; termId: number; query: string; kind: MatchKind };

function checkLimit(method: string, limit: unknown, fallback: number): number {
  if (limit === undefined) return fallback;
  if (typeof limit !== "number" || Number.isNaN(limit) || limit < 0) {
    throw new SupportSearchError(
      "invalid-limit",
      `${method}: "limit" must be a number >= 0 (or Infinity), got ${String(limit)}`,
    );
  }
  return Math.floor(limit);
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function indexQuestion(
  question: SupportQuestion,
  category: SupportCategoryRef,
  position: string,
): IndexedQuestion {
  if (!question || typeof question !== "object" || typeof question.slug !== "string") {
    throw new SupportSearchError(
      "invalid-categories",
      `createSupportIndex: ${position} needs a string "slug"`,
    );
  }
  const description = text(question.description);
  const content = text(question.content);
  return {
    ...question,
    slug: toQuestionSlug(category.slug, question.slug),
    questionSlug: question.slug,
    name: text(question.name),
    description,
    content,
    tags: Array.isArray(question.tags) ? question.tags.filter((t) => typeof t === "string") : [],
    searchText: toSearchText(description, content),
    category,
  };
}

function indexCategories(categories: readonly SupportCategory[]): IndexedCategory[] {
  if (!Array.isArray(categories)) {
    throw new SupportSearchError(
      "invalid-categories",
      `createSupportIndex: "categories" must be an array of { name, slug, questions }`,
    );
  }
  return categories.map((category, c) => {
    if (!category || typeof category !== "object" || typeof category.slug !== "string") {
      throw new SupportSearchError(
        "invalid-categories",
        `createSupportIndex: categories[${c}] needs a string "slug"`,
      );
    }
    // One shared { name, slug } per category, referenced by each of its questions.
    const ref: SupportCategoryRef = { name: text(category.name), slug: category.slug };
    const questions: readonly SupportQuestion[] = Array.isArray(category.questions)
      ? category.questions
      : [];
    return {
      ...category,
      name: ref.name,
      questions: questions.map((question: SupportQuestion, q: number) =>
        indexQuestion(question, ref, `categories[${c}].questions[${q}]`),
      ),
    };
  });
}

/**
 * Builds the support centre's index: flexsearch finds the questions holding each term, BM25
 * (k1 1.2, b 0.75) over the name and searchText fields ranks them. Pure: no DOM, no I/O.
 */
export function createSupportIndex(categories: readonly SupportCategory[]): SupportIndex {
  const indexedCategories = indexCategories(categories);
  const questions = indexedCategories.flatMap((category) => category.questions);
  const count = questions.length;

  const bySlug = new Map<string, number>();
  const statistics = new TermStatistics();
  // Our own tokens go in as they are. flexsearch 0.8 hands `add` content straight to the encoder
  // without forcing a string (its issue #432), so each question's distinct terms are passed as the
  // array they already are: no join and split of half a million strings. Searches pass one term.
  const postings = new Index({
    tokenize: "strict",
    resolution: 1,
    encode: (content: string | readonly string[]) =>
      typeof content === "string" ? [content] : (content as string[]),
  });

  questions.forEach((question, id) => {
    // The first question with a slug wins; a later duplicate stays searchable but not addressable.
    if (!bySlug.has(question.slug)) bySlug.set(question.slug, id);
    const distinct = statistics.add(tokenize(question.name), tokenize(question.searchText));
    if (distinct.length) postings.add(id, distinct as unknown as string);
  });

  const vocabulary = new Vocabulary(statistics.terms);

  // Tags compare folded and trimmed, so "Bil" and "bil " are one tag.
  const tagSets = questions.map(
    (question) => new Set(question.tags.map((tag) => foldText(tag).trim()).filter(Boolean)),
  );
  const byTag = new Map<string, number[]>();
  tagSets.forEach((tags, id) => {
    for (const tag of tags) {
      const list = byTag.get(tag);
      if (list) list.push(id);
      else byTag.set(tag, [id]);
    }
  });

  function expand(queryTerm: string): Map<string, MatchKind> {
    const expanded = new Map<string, MatchKind>();
    if (statistics.id(queryTerm) !== undefined) expanded.set(queryTerm, "exact");
    if (queryTerm.length >= MIN_WILDCARD_LENGTH) {
      for (const term of vocabulary.withPrefix(queryTerm)) {
        if (!expanded.has(term)) expanded.set(term, "prefix");
      }
      for (const term of vocabulary.withSuffix(queryTerm)) {
        if (!expanded.has(term)) expanded.set(term, "suffix");
      }
    }
    return expanded;
  }

  function search(query: string, options: SupportSearchOptions = {}): SupportSearchResult[] {
    const limit = checkLimit("search", options?.limit, DEFAULT_SEARCH_LIMIT);
    const queryTerms = Array.from(new Set(tokenize(normalizeQuery(query))));
    if (limit === 0 || queryTerms.length === 0 || count === 0) return [];

    // Accumulators indexed by question: no per-candidate objects on the hot path.
    const scores = new Float64Array(count);
    const exactTerms = new Uint16Array(count);
    const seen = new Uint8Array(count);
    const candidates: number[] = [];
    const found: Found[] = [];
    for (const queryTerm of queryTerms) {
      for (const [term, kind] of expand(queryTerm)) {
        const termId = statistics.id(term) as number;
        const exact = kind === "exact";
        const weight =
          (exact ? 1 : WILDCARD_WEIGHT) * idf(count, statistics.documentFrequency(termId));
        found.push({ term, termId, query: queryTerm, kind });
        for (const id of postings.search(term, { limit: count }) as number[]) {
          if (!seen[id]) {
            seen[id] = 1;
            candidates.push(id);
          }
          scores[id] = (scores[id] as number) + weight * statistics.fieldWeight(id, termId);
          if (exact) exactTerms[id] = (exactTerms[id] as number) + 1;
        }
      }
    }

    // Exact matches outrank wildcard ones: more query terms found exactly first, then BM25.
    candidates.sort(
      (a, b) =>
        (exactTerms[b] as number) - (exactTerms[a] as number) ||
        (scores[b] as number) - (scores[a] as number) ||
        a - b,
    );
    return candidates.slice(0, limit).map((id) => {
      const question = questions[id] as IndexedQuestion;
      // Match details are only worked out for the results returned.
      const matches: SupportSearchMatch[] = [];
      for (const { term, termId, query, kind } of found) {
        const tf = statistics.frequencies(id, termId);
        const fields: SupportField[] = [];
        if (tf.name) fields.push("name");
        if (tf.searchText) fields.push("searchText");
        if (fields.length) matches.push({ term, query, kind, fields });
      }
      return {
        question,
        category: question.category,
        score: scores[id] as number,
        exactTerms: exactTerms[id] as number,
        terms: Array.from(new Set(matches.map((match) => match.term))),
        matches,
      };
    });
  }

  function related(slug: string, limit: number = DEFAULT_RELATED_LIMIT): IndexedQuestion[] {
    const max = checkLimit("related", limit, DEFAULT_RELATED_LIMIT);
    const id = bySlug.get(slug);
    if (id === undefined || max === 0) return [];
    const shared = new Map<number, number>();
    for (const tag of tagSets[id] ?? []) {
      for (const other of byTag.get(tag) ?? []) {
        if (other !== id) shared.set(other, (shared.get(other) ?? 0) + 1);
      }
    }
    return Array.from(shared)
      .filter(([other]) => (questions[other] as IndexedQuestion).slug !== slug)
      .sort(([a, sharedA], [b, sharedB]) => sharedB - sharedA || a - b)
      .slice(0, max)
      .map(([other]) => questions[other] as IndexedQuestion);
  }

  function get(slug: string): IndexedQuestion | undefined {
    const id = bySlug.get(slug);
    return id === undefined ? undefined : questions[id];
  }

  return { search, related, get, categories: indexedCategories };
}
