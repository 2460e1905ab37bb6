import * as v from "valibot";
import { M } from "./codes.js";
import { inputHints } from "./form/fields.js";
import { mobileNumberSchema } from "./mobile.js";
import {
  REFERRAL_CODE,
  REFERRAL_CODE_INPUT_MAX_LENGTH,
  normaliseReferralCode,
} from "./referral-code.js";

/**
 * A referral code: 6 to 12 capital letters or digits once normalised (`normaliseReferralCode`);
 * the output is the normalised code. A shorter, longer or punctuated code is refused before any
 * request (`validation.referralCode.invalid`), as is anything over 20 characters as typed.
 */
export const referralCodeSchema = v.pipe(
  v.string(M.type),
  v.maxLength(REFERRAL_CODE_INPUT_MAX_LENGTH, M.referralCode),
  v.transform(normaliseReferralCode),
  v.nonEmpty(M.required),
  v.regex(REFERRAL_CODE, M.referralCode),
  inputHints({ autoComplete: "off" }),
);

/** The referral code form (`?code=` of the referral page). */
export const referralCodeFormSchema = v.object({ code: referralCodeSchema }, M.type);

/**
 * Body of the referral status check: the code the referred person signed up with and their
 * mobile number (also the status form).
 */
export const referralStatusBodySchema = v.object(
  { referralCode: referralCodeSchema, phoneNumber: mobileNumberSchema },
  M.type,
);
