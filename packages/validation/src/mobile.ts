import * as v from "valibot";
import { M } from "./codes.js";
import { inputHints } from "./form/fields.js";
import { nationalNumber } from "./phone-format.js";

// National form: 01X followed by 7 or 8 subscriber digits (011 numbers have 8).
const NATIONAL_MOBILE = /^01[0-9][0-9]{7,8}$/;

/**
 * Normalises a Malaysian mobile number to its canonical E.164 form `+601XXXXXXXX`, or returns
 * undefined when it is not one. Accepted: `01X-XXXXXXX(X)`, `+601X...`, `601X...`, with spaces,
 * dashes, dots or parentheses anywhere (`(012) 345 6789`, `012.345.6789`, `+60 (0)12-345 6789`).
 */
export function normaliseMobileNumber(raw: string): string | undefined {
  const national = nationalNumber(raw);
  return national !== undefined && NATIONAL_MOBILE.test(national) ? `+6${national}` : undefined;
}

/** Tells whether a string is a Malaysian mobile number in any accepted form. */
export const isMobileNumber = (value: unknown): boolean =>
  typeof value === "string" && normaliseMobileNumber(value) !== undefined;

/** Longest accepted phone number as typed (separators included). */
export const PHONE_NUMBER_MAX_LENGTH = 20;

/** Malaysian mobile number; the output is the canonical `+601XXXXXXXX` form. */
export const mobileNumberSchema = v.pipe(
  v.string(M.type),
  v.nonEmpty(M.required),
  v.maxLength(PHONE_NUMBER_MAX_LENGTH, M.mobile),
  v.check((value: string) => normaliseMobileNumber(value) !== undefined, M.mobile),
  v.transform((value) => normaliseMobileNumber(value) as string),
  inputHints({ inputMode: "tel", autoComplete: "tel" }),
);
