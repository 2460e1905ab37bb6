import * as v from "valibot";
import { M } from "./codes.js";
import { normaliseMobileNumber, PHONE_NUMBER_MAX_LENGTH } from "./mobile.js";
import { inputHints } from "./form/fields.js";
import { nationalNumber } from "./phone-format.js";

// National fixed-line form: 03 (Klang Valley) + 8 digits; 04-07 and 09 + 7 digits; 082-089
// (Sabah, Sarawak) + 6 digits.
const NATIONAL_FIXED_LINE = /^0(?:3[0-9]{8}|[4-79][0-9]{7}|8[2-9][0-9]{6})$/;

/**
 * Normalises a Malaysian mobile or fixed-line number to E.164 (`+601XXXXXXXX`, `+603XXXXXXXX`,
 * `+604XXXXXXX`...), or returns undefined when it is neither. Accepted: the national form
 * (`012-3456789`, `03-1234 5678`, `(03) 1234 5678`), `+60...` or `60...`, with spaces, dashes,
 * dots or parentheses anywhere.
 */
export function normaliseContactNumber(raw: string): string | undefined {
  const mobile = normaliseMobileNumber(raw);
  if (mobile) return mobile;
  const national = nationalNumber(raw);
  return national !== undefined && NATIONAL_FIXED_LINE.test(national) ? `+6${national}` : undefined;
}

/** Tells whether a string is a Malaysian mobile or fixed-line number in any accepted form. */
export const isContactNumber = (value: unknown): boolean =>
  typeof value === "string" && normaliseContactNumber(value) !== undefined;

/**
 * A Malaysian mobile **or** fixed-line number (an alternate contact number: the lead's
 * `alternatePhoneNumber`, the contact-us `altNumber` / `second_contact_number`); the output is
 * E.164 (`+60...`).
 */
export const contactNumberSchema = v.pipe(
  v.string(M.type),
  v.nonEmpty(M.required),
  v.maxLength(PHONE_NUMBER_MAX_LENGTH, M.contactNumber),
  v.check((value: string) => normaliseContactNumber(value) !== undefined, M.contactNumber),
  v.transform((value) => normaliseContactNumber(value) as string),
  // No autofill: the second number is usually someone else's (a family member's, an office).
  inputHints({ inputMode: "tel", autoComplete: "off" }),
);
