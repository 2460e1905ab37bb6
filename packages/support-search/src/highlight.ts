// Showing a hit: which words of a text matched (to mark them) and a short extract around the
// first one. Framework-free: the web app renders the parts, the content service cuts snippets.
import { tokenize } from "./text";

// A word as the index sees it: letters and digits, hyphenated compounds kept together (Wi-Fi).
const WORD = /[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*/gu;

/** One piece of a text: plain, or a word that matched the search. */
export type TextPart = { text: string; match: boolean };

/** True when one of the word's index terms is among the matched terms. */
function isMatch(word: string, terms: ReadonlySet<string>): boolean {
  const parts = tokenize(word);
  // "don't" is "don" and "t" to the index; joined, it may be a term another text spells whole.
  return parts.some((term) => terms.has(term)) || (parts.length > 1 && terms.has(parts.join("")));
}

/**
 * Splits text into plain and matched parts; a word matches when one of its index terms (folded,
 * as `tokenize` gives them: "Wi-Fi" is also "wifi", "500Mbps" also "500") is among `terms`.
 */
export function highlightParts(text: string, terms: ReadonlySet<string>): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const found of text.matchAll(WORD)) {
    const start = found.index;
    if (!isMatch(found[0], terms)) continue;
    if (start > last) parts.push({ text: text.slice(last, start), match: false });
    parts.push({ text: found[0], match: true });
    last = start + found[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}

/**
 * A short extract of `text` around its first matched word (at most `size` characters of the
 * text), cut on word boundaries with an ellipsis where it was cut; the start of the text when
 * nothing matches.
 */
export function excerpt(text: string, terms: ReadonlySet<string>, size = 160): string {
  if (text.length <= size) return text;
  let first = -1;
  for (const found of text.matchAll(WORD)) {
    if (isMatch(found[0], terms)) {
      first = found.index;
      break;
    }
  }
  let start = first < 0 ? 0 : Math.max(0, first - Math.floor(size / 3));
  // Start and end on a word boundary.
  if (start > 0) {
    const space = text.indexOf(" ", start);
    start = space >= 0 && space < first ? space + 1 : start;
  }
  let end = Math.min(text.length, start + size);
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end);
    end = space > start ? space : end;
  }
  return `${start > 0 ? "… " : ""}${text.slice(start, end)}${end < text.length ? " …" : ""}`;
}
