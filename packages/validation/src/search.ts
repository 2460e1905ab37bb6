import * as v from "valibot";
import { M } from "./codes.js";
import { SEARCH_QUERY_MAX_LENGTH } from "./constants.js";
import { inputHints } from "./form/fields.js";

export { SEARCH_QUERY_MAX_LENGTH };

/**
 * A search text: trimmed, runs of whitespace collapsed to one space (as the support search
 * normalises it), at most 100 characters; may be empty (no search).
 */
export const searchQuerySchema = v.pipe(
  v.string(M.type),
  v.transform((text: string) => text.trim().replace(/\s+/g, " ")),
  v.maxLength(SEARCH_QUERY_MAX_LENGTH, M.tooLong),
  inputHints({ inputMode: "search", autoComplete: "off" }),
);

/** The site search form (`?keyword=` of the search page). */
export const siteSearchFormSchema = v.object({ keyword: searchQuerySchema }, M.type);

/** The support centre's search form (`?q=` of the support page). */
export const supportSearchFormSchema = v.object({ q: searchQuerySchema }, M.type);
