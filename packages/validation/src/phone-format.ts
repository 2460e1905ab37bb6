// Malaysian numbers as people write them: "+60 3-8733 1844", "+60 12-345 6789". No valibot here,
// so a page that only shows numbers does not load the validation library.

// What people put between the digits: spaces, dashes (also the typographic ones a phone or a word
// processor substitutes, and the minus sign), dots and parentheses: "(012) 345 6789",
// "012.345.6789", "012–345 6789", "+60 (0)12-345 6789".
const SEPARATORS = /[\s().\-\u2010-\u2015\u2212]/g;

/**
 * The national form of a Malaysian number as typed (`0` and the digits), or undefined when it is
 * not written as one: separators dropped, `+60` or `60` replaced by the trunk `0` (a `(0)` after
 * the country code, "+60 (0)12...", is that same `0`). Only the digits' shape is checked here:
 * `normaliseMobileNumber` and `normaliseContactNumber` apply the numbering plan.
 */
export function nationalNumber(raw: string): string | undefined {
  const compact = raw.replace(SEPARATORS, "");
  let national: string;
  if (compact.startsWith("+60")) national = compact.slice(3);
  else if (compact.startsWith("60")) national = compact.slice(2);
  else if (compact.startsWith("0")) return /^\d+$/.test(compact) ? compact : undefined;
  else return undefined;
  if (!national.startsWith("0")) national = `0${national}`;
  return /^\d+$/.test(national) ? national : undefined;
}

// National number (without the leading 0) -> [area or mobile prefix, subscriber digits].
const PATTERNS: Array<[RegExp, (m: RegExpExecArray) => string]> = [
  // 011 mobiles: 8 subscriber digits, "11-2345 6789".
  [/^(11)(\d{4})(\d{4})$/, (m) => `${m[1]}-${m[2]} ${m[3]}`],
  // Other mobiles 01X: 7 subscriber digits, "12-345 6789".
  [/^(1[02-9])(\d{3})(\d{4})$/, (m) => `${m[1]}-${m[2]} ${m[3]}`],
  // Klang Valley 03: 8 digits, "3-8733 1844".
  [/^(3)(\d{4})(\d{4})$/, (m) => `${m[1]}-${m[2]} ${m[3]}`],
  // 04-07 and 09: 7 digits, "4-733 1020".
  [/^([4-79])(\d{3})(\d{4})$/, (m) => `${m[1]}-${m[2]} ${m[3]}`],
  // Sabah and Sarawak 082-089: 6 digits, "82-123 456".
  [/^(8[2-9])(\d{3})(\d{3})$/, (m) => `${m[1]}-${m[2]} ${m[3]}`],
];

/**
 * Formats a Malaysian mobile or fixed-line number for display, international form with the
 * area code and the subscriber number grouped as Malaysians write them: `+60387331844` ->
 * `+60 3-8733 1844`, `0123456789` -> `+60 12-345 6789`. Accepts the forms
 * `normaliseContactNumber` accepts; anything else is returned as given. (libphonenumber-js
 * writes "+60 3 8733 1844", without the dash, and adds 29 KB gzip to a page: measured.)
 */
export function formatContactNumber(raw: string): string {
  const national = nationalNumber(raw)?.slice(1);
  if (national === undefined) return raw;
  for (const [pattern, format] of PATTERNS) {
    const match = pattern.exec(national);
    if (match) return `+60 ${format(match)}`;
  }
  return raw;
}

/** The `tel:` URL of a Malaysian number (E.164), or undefined when it is not one. */
export function telUrl(raw: string): string | undefined {
  const national = nationalNumber(raw)?.slice(1);
  return national && /^\d{7,10}$/.test(national) ? `tel:+60${national}` : undefined;
}
