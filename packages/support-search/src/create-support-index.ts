import { Index } from "flexsearch";
import { FIELD_BOOST, MIN_WILDCARD_LENGTH, WILDCARD_WEIGHT, idf, tfWeight } from "./bm25";
import { SupportSearchError } from "./errors";
import { foldText, normalizeQuery, toQuestionSlug, toSearchText, tokenize } from "./text";
import type {
  IndexedCategory,
  IndexedQuestion,
  MatchKind,
  SupportCategory,
  SupportField,
  SupportIndex,
  SupportQuestion,
  SupportSearchMatch,
  SupportSearchOptions,
  SupportSearchResult,
} from "./types";
import { Vocabulary } from "./vocabulary";

const DEFAULT_SEARCH_LIMIT = 10;
const DEFAULT_RELATED_LIMIT = 5;

// Both fields' term frequencies packed in one number per (question, term): name * SHIFT + text.
// Exact while a field holds fewer than 2^24 copies of one term, far beyond any support answer.
const SHIFT = 2 ** 24;

type Hit = {
  id: number;
  score: number;
  exactTerms: number;
  matches: SupportSearchMatch[];
};

function average(lengths: Uint32Array): number {
  let total = 0;
  for (const length of lengths) total += length;
  return lengths.length ? total / lengths.length : 0;
}

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
  category: IndexedCategory,
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
    category: { name: category.name, slug: category.slug },
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
    const indexed: IndexedCategory = { ...category, name: text(category.name), questions: [] };
    const questions: readonly SupportQuestion[] = Array.isArray(category.questions)
      ? category.questions
      : [];
    indexed.questions = questions.map((question: SupportQuestion, q: number) =>
      indexQuestion(question, indexed, `categories[${c}].questions[${q}]`),
    );
    return indexed;
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
  const nameLengths = new Uint32Array(count);
  const textLengths = new Uint32Array(count);
  const frequencies: Map<string, number>[] = new Array(count);
  const documentFrequency = new Map<string, number>();
  // Our own tokens go in as they are: one space-separated list of distinct terms per question.
  const postings = new Index({
    tokenize: "strict",
    resolution: 1,
    encode: (content: string) => content.split(" "),
  });

  questions.forEach((question, id) => {
    // The first question with a slug wins; a later duplicate stays searchable but not addressable.
    if (!bySlug.has(question.slug)) bySlug.set(question.slug, id);
    const nameTerms = tokenize(question.name);
    const textTerms = tokenize(question.searchText);
    nameLengths[id] = nameTerms.length;
    textLengths[id] = textTerms.length;

    const packed = new Map<string, number>();
    for (const term of nameTerms) packed.set(term, (packed.get(term) ?? 0) + SHIFT);
    for (const term of textTerms) packed.set(term, (packed.get(term) ?? 0) + 1);
    frequencies[id] = packed;
    for (const term of packed.keys()) {
      documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    }
    if (packed.size) postings.add(id, Array.from(packed.keys()).join(" "));
  });

  const averageName = average(nameLengths);
  const averageText = average(textLengths);
  const vocabulary = new Vocabulary(documentFrequency.keys());

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
    if (documentFrequency.has(queryTerm)) expanded.set(queryTerm, "exact");
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

    const hits = new Map<number, Hit>();
    for (const queryTerm of queryTerms) {
      for (const [term, kind] of expand(queryTerm)) {
        const weight =
          (kind === "exact" ? 1 : WILDCARD_WEIGHT) * idf(count, documentFrequency.get(term) ?? 0);
        const ids = postings.search(term, { limit: count }) as number[];
        for (const id of ids) {
          const packed = frequencies[id]?.get(term) ?? 0;
          const nameTf = Math.floor(packed / SHIFT);
          const textTf = packed % SHIFT;
          const fields: SupportField[] = [];
          if (nameTf) fields.push("name");
          if (textTf) fields.push("searchText");
          const score =
            weight *
            (FIELD_BOOST.name * tfWeight(nameTf, nameLengths[id] ?? 0, averageName) +
              FIELD_BOOST.searchText * tfWeight(textTf, textLengths[id] ?? 0, averageText));
          let hit = hits.get(id);
          if (!hit) {
            hit = { id, score: 0, exactTerms: 0, matches: [] };
            hits.set(id, hit);
          }
          hit.score += score;
          if (kind === "exact") hit.exactTerms += 1;
          hit.matches.push({ term, query: queryTerm, kind, fields });
        }
      }
    }

    // Exact matches outrank wildcard ones: more query terms found exactly first, then BM25.
    const ranked = Array.from(hits.values()).sort(
      (a, b) => b.exactTerms - a.exactTerms || b.score - a.score || a.id - b.id,
    );
    return ranked.slice(0, limit).map((hit) => {
      const question = questions[hit.id] as IndexedQuestion;
      return {
        question,
        category: question.category,
        score: hit.score,
        exactTerms: hit.exactTerms,
        terms: Array.from(new Set(hit.matches.map((match) => match.term))),
        matches: hit.matches,
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
