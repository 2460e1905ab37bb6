export { createSupportIndex, createSupportIndexAsync } from "./create-support-index";
export { excerpt, highlightParts, type TextPart } from "./highlight";
export {
  BM25_B,
  BM25_K1,
  FIELD_BOOST,
  MIN_WILDCARD_LENGTH,
  WILDCARD_WEIGHT,
  idf,
  normalisedTf,
  saturate,
  tfWeight,
} from "./bm25";
export {
  MATCH_WEIGHT,
  MAX_QUERY_TERMS,
  OTHER_FORMS,
  TYPO_WEIGHT,
  createSearchIndex,
  createSearchIndexAsync,
  type BuildOptions,
  type SearchDocument,
  type SearchField,
  type SearchHit,
  type SearchIndex,
  type SearchMatch,
  type SearchOptions,
  type SearchPage,
  IMPACT_RESOLUTION,
} from "./search-index";
export {
  ONE_TYPO_LENGTH,
  TWO_TYPOS_LENGTH,
  englishStem,
  malayStem,
  soundKey,
  typoBudget,
} from "./language";
export { withinEdits } from "./vocabulary";
export { SupportSearchError, type SupportSearchErrorCode } from "./errors";
export {
  collapseWhitespace,
  decodeEntities,
  foldText,
  htmlToText,
  normalizeQuery,
  toQuestionSlug,
  toSearchText,
  tokenize,
} from "./text";
export type {
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
