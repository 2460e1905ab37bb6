// The query rule alone (no entity tables, no index): what a route's loader needs to read a query
// the way the index and the content service read it, for a few dozen bytes.

// Only runs of two or more, or a lone whitespace other than " ": single spaces are left alone,
// which makes the common case (normal prose) cheap.
const WHITESPACE = /\s{2,}|[^\S ]/g;

/** Normalises a search query as the spec asks: trimmed, whitespace runs collapsed to one space. */
export const normalizeQuery = (query: string): string =>
  typeof query === "string" ? query.replace(WHITESPACE, " ").trim() : "";
