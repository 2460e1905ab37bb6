/** The gap between two OTP sends, in seconds (SPEC 9). */
export const OTP_RESEND_SECONDS = 180;

/** Whole seconds left before an OTP may be sent again (0 when allowed or never sent). */
export function otpResendSeconds(sentAt: number | undefined, now: number): number {
  if (sentAt === undefined) return 0;
  const left = sentAt + OTP_RESEND_SECONDS * 1000 - now;
  // A clock set backwards (now < sentAt) must not extend the wait past the full gap.
  return left <= 0 ? 0 : Math.min(OTP_RESEND_SECONDS, Math.ceil(left / 1000));
}
