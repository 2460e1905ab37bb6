// The README's text-entry example: a search box normalises and marks with the text helpers, and
// loads the index (flexsearch and the stemmers) only when the visitor starts to search.
import assert from "node:assert/strict";

// #region text-entry
import { highlightParts, normalizeQuery } from "@portal/support-search/text";

const query = normalizeQuery("  cara   bayar bil "); // "cara bayar bil"
const parts = highlightParts("Cara bayar bil dalam talian", new Set(["bayar"]));
// [{ text: "Cara ", match: false }, { text: "bayar", match: true }, ...]

// Only once the visitor starts to search:
const { createSupportIndex } = await import("@portal/support-search");
// #endregion text-entry

assert.equal(query, "cara bayar bil");
assert.deepEqual(
  parts.filter((part) => part.match).map((part) => part.text),
  ["bayar"],
);
assert.equal(typeof createSupportIndex, "function");
