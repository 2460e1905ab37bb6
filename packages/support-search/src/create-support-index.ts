import { FIELD_BOOST } from "./bm25";
import { SupportSearchError } from "./errors";
import {
  checkLimit,
  indexSteps,
  runSteps,
  runStepsAsync,
  STEP,
  type BuildOptions,
  type SearchField,
} from "./search-index";
import { foldText, toQuestionSlug, toSearchText } from "./text";
import type {
  IndexedCategory,
  IndexedQuestion,
  SupportCategory,
  SupportCategoryRef,
  SupportIndex,
  SupportQuestion,
  SupportSearchMatch,
  SupportSearchOptions,
  SupportSearchResult,
} from "./types";

const DEFAULT_SEARCH_LIMIT = 10;
const DEFAULT_RELATED_LIMIT = 5;

/** The support index's fields: a term in the question's name counts twice one in its text. */
const SUPPORT_FIELDS: readonly SearchField[] = [
  { name: "name", boost: FIELD_BOOST.name },
  { name: "searchText", boost: FIELD_BOOST.searchText },
];

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

// The categories with their questions indexed, yielding every STEP questions.
function* indexCategories(
  categories: readonly SupportCategory[],
): Generator<void, IndexedCategory[], void> {
  if (!Array.isArray(categories)) {
    throw new SupportSearchError(
      "invalid-categories",
      `createSupportIndex: "categories" must be an array of { name, slug, questions }`,
    );
  }
  const indexed: IndexedCategory[] = [];
  let count = 0;
  for (const [c, category] of categories.entries()) {
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
    const indexedQuestions: IndexedQuestion[] = [];
    for (const [q, question] of questions.entries()) {
      indexedQuestions.push(indexQuestion(question, ref, `categories[${c}].questions[${q}]`));
      if (++count % STEP === 0) yield;
    }
    indexed.push({ ...category, name: ref.name, questions: indexedQuestions });
  }
  return indexed;
}

/**
 * Builds the support centre's index: BM25 (k1 1.2, b 0.75) over the name and searchText fields,
 * with word families, prefixes, suffixes and typos (`createSearchIndex`). Pure: no DOM, no I/O.
 */
export function createSupportIndex(categories: readonly SupportCategory[]): SupportIndex {
  return runSteps(supportIndexSteps(categories));
}

/**
 * The same index as {@link createSupportIndex}, built in slices of at most about `sliceMs` with
 * the event loop free between them (as `createSearchIndexAsync`): a server keeps answering
 * while the support centre of a large import is indexed.
 */
export function createSupportIndexAsync(
  categories: readonly SupportCategory[],
  options: BuildOptions = {},
): Promise<SupportIndex> {
  return runStepsAsync(supportIndexSteps(categories), options);
}

// The build, as steps that yield every STEP questions; returns the index.
function* supportIndexSteps(
  categories: readonly SupportCategory[],
): Generator<void, SupportIndex, void> {
  const indexedCategories = yield* indexCategories(categories);
  const questions = indexedCategories.flatMap((category) => category.questions);

  const bySlug = new Map<string, number>();
  questions.forEach((question, id) => {
    // The first question with a slug wins; a later duplicate stays searchable but not addressable.
    if (!bySlug.has(question.slug)) bySlug.set(question.slug, id);
  });
  const index = yield* indexSteps(
    questions.map((question) => ({ texts: [question.name, question.searchText] })),
    SUPPORT_FIELDS,
  );

  // Tags compare folded and trimmed, so "Bil" and "bil " are one tag.
  const tagSets: Set<string>[] = [];
  const byTag = new Map<string, number[]>();
  for (const [id, question] of questions.entries()) {
    const tags = new Set(question.tags.map((tag) => foldText(tag).trim()).filter(Boolean));
    tagSets.push(tags);
    for (const tag of tags) {
      const list = byTag.get(tag);
      if (list) list.push(id);
      else byTag.set(tag, [id]);
    }
    if (id % STEP === STEP - 1) yield;
  }

  function search(query: string, options: SupportSearchOptions = {}): SupportSearchResult[] {
    const limit = checkLimit("search", options?.limit, DEFAULT_SEARCH_LIMIT);
    const { candidatesPerTerm, candidates } = options ?? {};
    return index.search(query, { limit, candidatesPerTerm, candidates }).map((hit) => {
      const question = questions[hit.position] as IndexedQuestion;
      return {
        question,
        category: question.category,
        score: hit.score,
        matchedTerms: hit.matchedTerms,
        exactTerms: hit.exactTerms,
        terms: hit.terms,
        matches: hit.matches as SupportSearchMatch[],
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
