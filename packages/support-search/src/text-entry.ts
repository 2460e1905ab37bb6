// @portal/support-search/text: the framework-free text helpers alone (no flexsearch, no stemmers,
// under 2 KB gzip), for a page that shows or normalises text before, or without, loading the index:
// the support centre's search box and its highlighted results, the site search's marks.
export { excerpt, highlightParts, type TextPart } from "./highlight";
export { collapseWhitespace, foldText, normalizeQuery, toQuestionSlug, tokenize } from "./text";
