// The referral code's rule without valibot, for code that must stay small (a route tree, a
// loader): referral.ts builds the schema on it.

/** Longest referral code (the codes are 6 to 12 capital letters or digits). */
export const REFERRAL_CODE_MAX_LENGTH = 12;

/** Longest referral code as typed, spaces included ("SURIA 8K2Q"). */
export const REFERRAL_CODE_INPUT_MAX_LENGTH = 20;

/** A normalised referral code: 6 to 12 capital letters or digits. */
export const REFERRAL_CODE = /^[A-Z0-9]{6,12}$/;

/**
 * Spaces dropped and letters in capitals: visitors type "suria 8k2q" for SURIA8K2Q, and a code
 * read from a link or a form is the same code.
 */
export function normaliseReferralCode(code: string): string {
  return code.replace(/\s+/g, "").toUpperCase();
}

/** Tells whether a value is a referral code (after normalisation); `referralCodeSchema` agrees. */
export const isReferralCode = (value: unknown): boolean =>
  typeof value === "string" && REFERRAL_CODE.test(normaliseReferralCode(value));
