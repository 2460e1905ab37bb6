import * as v from "valibot";
import { M } from "./codes.js";
import type { Language } from "./enums.js";

/**
 * SHA-256 (hex) of the consent text shown in each language: the ICU source of the sign-up's
 * `signup.consent.text.1`, `signup.consent.text.2` and `signup.consent.agree` messages
 * (@portal/lead-flow `src/sign-up/lang/<lang>.json`), joined by "\n", the `{product}`
 * placeholder as written. A test in @portal/lead-flow recomputes them from the catalogs, so a
 * changed text fails until its new hash is written here (and the services accept it).
 */
export const CONSENT_TEXT_HASHES: Readonly<Record<Language, string>> = {
  bm: "a6bf6ebc2b3f20e58bdb6373714a38be00535088d08a50a443b27fd5c7bac17d",
  en: "c3e043161d10d76c243ea36a65b0c9b963e6d1e38d3d726a6e616fb78e0a717d",
};

/** The hash of the consent text shown in `language`. */
export function consentTextHash(language: Language): string {
  return CONSENT_TEXT_HASHES[language];
}

/** Tells whether a hash is the consent text of `language`. */
export function isConsentTextHash(language: Language, hash: unknown): boolean {
  return typeof hash === "string" && CONSENT_TEXT_HASHES[language] === hash;
}

/** A consent text hash: 64 lowercase hex digits (known or not; the body schema checks which). */
export const consentTextHashSchema = v.pipe(
  v.string(M.type),
  v.nonEmpty(M.required),
  v.regex(/^[0-9a-f]{64}$/, M.invalid),
);
