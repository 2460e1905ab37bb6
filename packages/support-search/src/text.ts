// Text handling shared by the index and its callers: HTML to plain text, case and accent
// folding, tokenising. Regex based, so it runs the same in browsers, workers and Node (no DOM).

import { normalizeQuery } from "./query";

export { normalizeQuery } from "./query";

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  ensp: "\u2002",
  emsp: "\u2003",
  thinsp: "\u2009",
  shy: "\u00ad",
  ndash: "\u2013",
  mdash: "\u2014",
  hellip: "\u2026",
  lsquo: "\u2018",
  rsquo: "\u2019",
  sbquo: "\u201a",
  ldquo: "\u201c",
  rdquo: "\u201d",
  bdquo: "\u201e",
  laquo: "\u00ab",
  raquo: "\u00bb",
  bull: "\u2022",
  middot: "\u00b7",
  copy: "\u00a9",
  reg: "\u00ae",
  trade: "\u2122",
  deg: "\u00b0",
  times: "\u00d7",
  divide: "\u00f7",
  plusmn: "\u00b1",
  euro: "\u20ac",
  pound: "\u00a3",
  cent: "\u00a2",
  yen: "\u00a5",
  sect: "\u00a7",
  para: "\u00b6",
  iexcl: "\u00a1",
  iquest: "\u00bf",
  szlig: "\u00df",
};

// Accented Latin letters (&eacute; &Uuml; ...): the letter plus a combining mark, composed.
const ACCENT_MARKS: Record<string, string> = {
  acute: "\u0301",
  grave: "\u0300",
  circ: "\u0302",
  tilde: "\u0303",
  uml: "\u0308",
  ring: "\u030a",
  cedil: "\u0327",
};

const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z][a-zA-Z0-9]{1,31}));/g;

function fromCodePoint(code: number): string {
  // HTML maps NUL, surrogates and out-of-range values to the replacement character.
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return "\ufffd";
  return String.fromCodePoint(code);
}

function namedEntity(name: string): string | undefined {
  const plain = NAMED_ENTITIES[name] ?? NAMED_ENTITIES[name.toLowerCase()];
  if (plain !== undefined) return plain;
  const accented = /^([a-zA-Z])(acute|grave|circ|tilde|uml|ring|cedil)$/.exec(name);
  if (accented) {
    return `${accented[1]}${ACCENT_MARKS[accented[2] as string]}`.normalize("NFC");
  }
  return undefined;
}

/** Decodes HTML character references (named, decimal and hexadecimal); unknown names stay as written. */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(ENTITY, (whole, dec?: string, hex?: string, name?: string) => {
    if (dec !== undefined) return fromCodePoint(Number.parseInt(dec, 10));
    if (hex !== undefined) return fromCodePoint(Number.parseInt(hex, 16));
    return namedEntity(name as string) ?? whole;
  });
}

// Elements that start a new line when rendered: their tags become a space, so words on either
// side never run together ("<p>a</p><p>b</p>" is "a b", while "<b>a</b>b" stays "ab").
const BLOCK_ELEMENTS = [
  "address",
  "article",
  "aside",
  "blockquote",
  "br",
  "caption",
  "dd",
  "details",
  "dialog",
  "div",
  "dl",
  "dt",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "form",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hgroup",
  "hr",
  "iframe",
  "img",
  "li",
  "main",
  "nav",
  "ol",
  "option",
  "p",
  "pre",
  "section",
  "summary",
  "table",
  "tbody",
  "td",
  "tfoot",
  "th",
  "thead",
  "tr",
  "ul",
  "video",
];

const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
const RAW_TEXT = /<(script|style|template)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi;
const MAYBE_RAW_TEXT = /<(?:script|style|template)/i;
const DECLARATION = /<[!?][^>]*>/g;
// Attribute values may hold ">"; the unrolled loop keeps matching linear on unclosed tags.
const ATTRIBUTES = `[^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*>`;
const BLOCK_TAG = new RegExp(
  `</?(?:${BLOCK_ELEMENTS.join("|")})(?![a-zA-Z0-9-])${ATTRIBUTES}`,
  "gi",
);
const TAG = new RegExp(`</?[a-zA-Z][a-zA-Z0-9-]*${ATTRIBUTES}`, "g");

// Tags out, entities still encoded: decoding last keeps "&lt;b&gt;" as text instead of a tag.
function stripTags(html: string): string {
  let text = html;
  // Each pass only when its trigger is present: most support answers have no comments or scripts.
  if (text.includes("<!--")) text = text.replace(COMMENT, " ");
  if (MAYBE_RAW_TEXT.test(text)) text = text.replace(RAW_TEXT, " ");
  if (text.includes("<!") || text.includes("<?")) text = text.replace(DECLARATION, " ");
  if (text.includes("<")) text = text.replace(BLOCK_TAG, " ").replace(TAG, "");
  return text;
}

/** Trims a string and collapses every run of whitespace to one space (a query's rule). */
export function collapseWhitespace(text: string): string {
  return normalizeQuery(text);
}

/**
 * Turns an HTML fragment into plain text: comments, scripts and styles are dropped, block
 * elements become spaces, other tags vanish, entities are decoded and whitespace collapses.
 */
export function htmlToText(html: string): string {
  return html ? collapseWhitespace(decodeEntities(stripTags(html))) : "";
}

const MARKS = /\p{M}+/gu;
// Printable ASCII plus tab, line feed and carriage return: the text most answers are made of.
const ASCII = /^[\t\n\r\x20-\x7e]*$/;

/** Folds case and accents ("Pérkhidmatan" -> "perkhidmatan"); no stemming, so Malay survives intact. */
export function foldText(text: string): string {
  // Plain ASCII has nothing to decompose: skip the (costly) Unicode normalisation.
  if (ASCII.test(text)) return text.toLowerCase();
  return text.normalize("NFKD").replace(MARKS, "").toLowerCase();
}

// Words, with hyphenated compounds kept whole so they can also be indexed joined up.
const WORD = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu;
const ASCII_WORD = /[a-z0-9]+(?:-[a-z0-9]+)*/g;

// A run of digits or a run of letters inside a word that mixes both ("500mbps": "500", "mbps").
// ASCII digits only: other scripts' digits are rare in the catalogue and stay inside their word.
const LETTERS_OR_DIGITS = /[0-9]+|[^0-9]+/g;
const HAS_DIGIT = /[0-9]/;
const HAS_LETTER = /[^0-9]/;

// "500mbps" also gives "500" and "mbps", "rm129" "rm" and "129": a visitor types "fibre 500" or
// "rm 129" as often as the run-together form the catalogue prints.
function pushWord(terms: string[], word: string): void {
  if (HAS_DIGIT.test(word) && HAS_LETTER.test(word)) {
    terms.push(...(word.match(LETTERS_OR_DIGITS) as string[]));
  }
  terms.push(word);
}

function splitCompounds(words: string[] | null): string[] {
  if (!words) return [];
  const terms: string[] = [];
  for (const word of words) {
    if (!word.includes("-")) {
      pushWord(terms, word);
      continue;
    }
    // "wi-fi" is "wi", "fi" and "wifi"; "e-mel" also "emel": both spellings are common in Malay.
    const parts = word.split("-");
    for (const part of parts) pushWord(terms, part);
    terms.push(parts.join(""));
  }
  return terms;
}

/**
 * Splits text into folded terms: runs of letters and digits, everything else separating them. A
 * hyphenated compound gives its parts and then the parts joined ("wi-fi": "wi", "fi", "wifi"); a
 * word mixing letters and digits gives its runs and then itself ("500mbps": "500", "mbps",
 * "500mbps").
 */
export function tokenize(text: string): string[] {
  // ASCII text needs no Unicode-aware matching, which is markedly slower.
  if (ASCII.test(text)) return splitCompounds(text.toLowerCase().match(ASCII_WORD));
  return splitCompounds(foldText(text).match(WORD));
}

/** The question's search text: its description plus its HTML content as plain text. */
export function toSearchText(description: string, content: string): string {
  return collapseWhitespace(decodeEntities(`${stripTags(description)} ${stripTags(content)}`));
}

/** The slug a question is addressed by: "category-slug/question-slug". */
export function toQuestionSlug(categorySlug: string, questionSlug: string): string {
  return `${categorySlug}/${questionSlug}`;
}
