import * as v from "valibot";
import { M } from "./codes.js";
import { REFERRAL_CODE, normaliseReferralCode } from "./referral-code.js";

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
