import * as v from "valibot";
import { M } from "./codes.js";
import { inputHints } from "./form/fields.js";
import { isMyKadDate } from "./mykad-date.js";

export { isMyKadDate };

// YYMMDD-PB-###G, dashes either both present or both absent.
const MYKAD = /^([0-9]{6})(-?)([0-9]{2})\2([0-9]{4})$/;

// Place-of-birth codes issued by the National Registration Department: states 01-16 and
// 21-59, foreign regions 60-68, 71-72, 74-79, 82-93, unknown state 98/99.
const PLACE_OF_BIRTH_RANGES: ReadonlyArray<readonly [number, number]> = [
  [1, 16],
  [21, 59],
  [60, 68],
  [71, 72],
  [74, 79],
  [82, 93],
  [98, 99],
];

/** Tells whether a two-digit place-of-birth code is in an issued range. */
export function isMyKadPlaceOfBirth(code: string): boolean {
  const n = Number(code);
  return PLACE_OF_BIRTH_RANGES.some(([lo, hi]) => n >= lo && n <= hi);
}

/** Strips the dashes of a well-formed MyKad number (12 digits), or returns undefined. */
export function normaliseMyKad(raw: string): string | undefined {
  const match = MYKAD.exec(raw);
  return match ? `${match[1]}${match[3]}${match[4]}` : undefined;
}

/** Longest MyKad number as typed: 12 digits and 2 dashes. */
export const MYKAD_MAX_LENGTH = 14;

/** MyKad identity card: 12 digits (YYMMDD-PB-###G dashes optional); output has no dashes. */
export const myKadSchema = v.pipe(
  v.string(M.type),
  v.nonEmpty(M.required),
  v.maxLength(MYKAD_MAX_LENGTH, M.mykadFormat),
  v.check((value) => normaliseMyKad(value) !== undefined, M.mykadFormat),
  v.transform((value) => normaliseMyKad(value) as string),
  v.check((digits) => isMyKadDate(digits.slice(0, 6)), M.mykadDate),
  v.check((digits) => isMyKadPlaceOfBirth(digits.slice(6, 8)), M.mykadPlace),
  // Not remembered by the browser: an identity number is typed for one check.
  inputHints({ inputMode: "numeric", autoComplete: "off" }),
);

/** Tells whether a string is a valid MyKad number. */
export const isMyKad = (value: unknown): boolean => v.is(myKadSchema, value);
