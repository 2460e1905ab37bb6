// No valibot: the web app's shell (analytics) masks with this module.
import { isMyKadDate } from "./mykad-date.js";

/** What a masked value is replaced with, by kind. */
export const PERSONAL_DATA_MASKS = {
  email: "[email]",
  mykad: "[mykad]",
  phone: "[phone]",
} as const;

/** The kind of personal value a mask stands for. */
export type PersonalDataKind = keyof typeof PERSONAL_DATA_MASKS;

// An address: local part, one @, a domain with at least one dot (looser than the form rule:
// a log or a search box must catch what a person would recognise as an email).
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

// A run of digits that may be split by spaces, dashes, dots or brackets, with an optional
// leading + or (: "012-345 6789", "(012) 345 6789", "+6012…", "880412-14-5678".
const DIGIT_RUN = /[+(]?\d(?:[\s().-]{0,2}\d)*/g;

// Nine digits is the shortest Malaysian number (03-1234 567 without its 0 is 8: landlines
// have 9 or 10 digits with the 0, mobiles 10 or 11); a postcode (5), a year or a price is shorter.
const MIN_DIGITS = 9;

function digitRunKind(run: string): PersonalDataKind | undefined {
  const digits = run.replace(/\D/g, "");
  if (digits.length < MIN_DIGITS) return undefined;
  if (
    digits.length === 12 &&
    !run.startsWith("+") &&
    !run.startsWith("(") &&
    !digits.startsWith("0") &&
    isMyKadDate(digits.slice(0, 6))
  )
    return "mykad";
  return "phone";
}

/**
 * Replaces what looks like an email, a MyKad number (12 digits, or 6-2-4 with dashes or spaces)
 * or a phone number (any run of 9 or more digits split by spaces, dashes, dots or brackets,
 * with or without +60 / 60 / 0) by `[email]`, `[mykad]` or `[phone]`. The one rule for what a
 * URL, a log line or an analytics event may not carry.
 */
export function maskPersonalData(text: string): string {
  return text.replace(EMAIL, PERSONAL_DATA_MASKS.email).replace(DIGIT_RUN, (run) => {
    const kind = digitRunKind(run);
    return kind ? PERSONAL_DATA_MASKS[kind] : run;
  });
}

/** Tells whether a text holds something `maskPersonalData` would mask. */
export function hasPersonalData(text: string): boolean {
  return maskPersonalData(text) !== text;
}

/**
 * Masks every query value of a URL or a path with a query (`/search?keyword=…`), decoded first
 * so `%40` or `+` spacing cannot hide a value; the path and the parameter names are kept.
 * A query that does not decode is dropped (the path is kept).
 */
export function maskUrl(url: string): string {
  const at = url.indexOf("?");
  if (at < 0) return url;
  const base = url.slice(0, at);
  const hash = url.indexOf("#", at);
  const query = url.slice(at + 1, hash < 0 ? undefined : hash);
  let params: URLSearchParams;
  try {
    // URLSearchParams decodes %xx and "+"; a lone "%" makes decodeURIComponent throw.
    decodeURIComponent(query.replace(/\+/g, " "));
    params = new URLSearchParams(query);
  } catch {
    return base;
  }
  let changed = false;
  const masked = new URLSearchParams();
  for (const [name, value] of params) {
    const safe = maskPersonalData(value);
    const safeName = maskPersonalData(name);
    if (safe !== value || safeName !== name) changed = true;
    masked.append(safeName, safe);
  }
  return changed ? `${base}?${masked.toString()}` : url.slice(0, hash < 0 ? undefined : hash);
}
