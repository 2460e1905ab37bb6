import * as v from "valibot";
import { M } from "./codes.js";

// Spaces and dashes are accepted anywhere as visual separators (012-345 6789).
const SEPARATORS = /[\s-]/g;
// National form: 01X followed by 7 or 8 subscriber digits (011 numbers have 8).
const NATIONAL_MOBILE = /^01[0-9][0-9]{7,8}$/;

/**
 * Normalises a Malaysian mobile number to its canonical E.164 form `+601XXXXXXXX`, or returns
 * undefined when it is not one. Accepted: `01X-XXXXXXX(X)`, `+601X...`, `601X...`, with optional
 * spaces or dashes.
 */
export function normaliseMobileNumber(raw: string): string | undefined {
  const compact = raw.replace(SEPARATORS, "");
  let national: string;
  if (compact.startsWith("+60")) national = `0${compact.slice(3)}`;
  else if (compact.startsWith("60")) national = `0${compact.slice(2)}`;
  else national = compact;
  return NATIONAL_MOBILE.test(national) ? `+6${national}` : undefined;
}

/** Tells whether a string is a Malaysian mobile number in any accepted form. */
export const isMobileNumber = (value: unknown): boolean =>
  typeof value === "string" && normaliseMobileNumber(value) !== undefined;

/** Malaysian mobile number; the output is the canonical `+601XXXXXXXX` form. */
export const mobileNumberSchema = v.pipe(
  v.string(M.type),
  v.nonEmpty(M.required),
  v.maxLength(20, M.mobile),
  v.check((value: string) => normaliseMobileNumber(value) !== undefined, M.mobile),
  v.transform((value) => normaliseMobileNumber(value) as string),
);
