import * as v from "valibot";
import { M } from "./codes.js";

/** Longest referral code (the codes are 6 to 12 capital letters or digits). */
export const REFERRAL_CODE_MAX_LENGTH = 12;

const REFERRAL_CODE = /^[A-Z0-9]{6,12}$/;

/**
 * Spaces dropped and letters in capitals: visitors type "suria 8k2q" for SURIA8K2Q, and a code
 * read from a link or a form is the same code.
 */
export function normaliseReferralCode(code: string): string {
  return code.replace(/\s+/g, "").toUpperCase();
}

/**
 * A referral code: 6 to 12 capital letters or digits once normalised (`normaliseReferralCode`);
 * the output is the normalised code. A shorter, longer or punctuated code is refused before any
 * request (`validation.referralCode.invalid`).
 */
export const referralCodeSchema = v.pipe(
  v.string(M.type),
  v.transform(normaliseReferralCode),
  v.nonEmpty(M.required),
  v.regex(REFERRAL_CODE, M.referralCode),
);

/** Tells whether a string is a referral code (after normalisation). */
export const isReferralCode = (value: unknown): boolean => v.is(referralCodeSchema, value);
