import * as v from "valibot";
import { M } from "./codes.js";

const SIX_DIGITS = /^[0-9]{6}$/;

/** The one-time password typed by the user: exactly 6 digits. */
export const otpSchema = v.pipe(
  v.string(M.type),
  v.nonEmpty(M.required),
  v.regex(SIX_DIGITS, M.otp),
);

/** Tells whether a string is a 6-digit OTP. */
export const isOtp = (value: unknown): boolean => v.is(otpSchema, value);
