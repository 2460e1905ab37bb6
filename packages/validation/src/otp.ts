import * as v from "valibot";
import { M } from "./codes.js";
import { inputHints } from "./form/fields.js";

const SIX_DIGITS = /^[0-9]{6}$/;

/** The one-time password typed by the user: exactly 6 digits. */
export const otpSchema = v.pipe(
  v.string(M.type),
  v.nonEmpty(M.required),
  v.maxLength(6, M.otp),
  v.regex(SIX_DIGITS, M.otp),
  inputHints({ inputMode: "numeric", autoComplete: "one-time-code" }),
);

/** Tells whether a string is a 6-digit OTP. */
export const isOtp = (value: unknown): boolean => v.is(otpSchema, value);

/** The one-time password form: the code as typed (`otp`). */
export const otpFormSchema = v.object({ otp: otpSchema }, M.type);
