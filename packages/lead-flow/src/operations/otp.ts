import { mobileNumberSchema, otpSchema, validate } from "@portal/validation";
import { LeadFlowError } from "../errors.js";
import { OTP_RESEND_SECONDS, otpResendSeconds } from "../otp-clock.js";
import { statusOf, type OperationContext } from "./context.js";

/** The phone check: send a one-time code, verify it. */
export interface OtpOperations {
  generateOtp(phoneNumber?: string): Promise<{ code: string }>;
  verifyOtp(otp?: string): Promise<void>;
}

export function createOtpOperations(ctx: OperationContext): OtpOperations {
  const { api, store, mock } = ctx;
  const state = store.getState;

  async function generateOtp(phoneNumber?: string): Promise<{ code: string }> {
    const token = ctx.requireToken("generateOtp");
    const parsed = validate(
      mobileNumberSchema,
      phoneNumber ?? state().otp.phoneNumber ?? state().phoneNumber,
      "phoneNumber",
    );
    if (!parsed.success) return ctx.invalid("generateOtp", parsed.errors);
    if (state().loading.generateOtp) {
      // A second click while the first send is in flight: refuse without touching its state.
      throw new LeadFlowError("otp-resend-too-soon", "An OTP is already being sent", {
        retryAfterSeconds: OTP_RESEND_SECONDS,
      });
    }
    const wait = otpResendSeconds(state().otp.sentAt, store.clock.now());
    if (wait > 0) {
      return ctx.fail(
        "generateOtp",
        new LeadFlowError("otp-resend-too-soon", `An OTP can be sent again in ${wait} s`, {
          retryAfterSeconds: wait,
        }),
      );
    }
    store.dispatch({ type: "started", operation: "generateOtp" });
    let code: string;
    try {
      ({ code } = (
        await api.shop.generateOtp({ phoneNumber: parsed.output, mock }, { token })
      ).data);
    } catch (cause) {
      // The server keeps its own 180 s gap per phone (e.g. after a reload in another tab).
      if (statusOf(cause) !== 429) return ctx.send("generateOtp", () => Promise.reject(cause));
      return ctx.fail(
        "generateOtp",
        new LeadFlowError("otp-resend-too-soon", "The server refused another OTP yet", {
          statusCode: 429,
          cause,
        }),
      );
    }
    const now = store.clock.now();
    store.dispatch({ type: "otpSent", phoneNumber: parsed.output, code, sentAt: now, now });
    store.scheduleTick();
    return { code };
  }

  async function verifyOtp(otp?: string): Promise<void> {
    const token = ctx.requireToken("verifyOtp");
    const { phoneNumber, code } = state().otp;
    if (!phoneNumber || !code) {
      return ctx.fail(
        "verifyOtp",
        new LeadFlowError("invalid-step", "verifyOtp needs a sent OTP: call generateOtp first"),
      );
    }
    // No argument: the code as the visitor typed it (the flow's draft).
    const parsed = validate(otpSchema, (otp ?? state().drafts.otp).trim(), "otp");
    if (!parsed.success) return ctx.invalid("verifyOtp", parsed.errors);
    store.dispatch({ type: "started", operation: "verifyOtp" });
    const result = await ctx.send("verifyOtp", () =>
      api.shop.verifyOtp({ phoneNumber, otp: parsed.output, code, mock }, { token }),
    );
    if (!result.verified) {
      return ctx.fail(
        "verifyOtp",
        new LeadFlowError("otp-incorrect", "The OTP is not correct", {
          attemptsLeft: result.attemptsLeft,
        }),
      );
    }
    store.dispatch({ type: "otpVerified" });
  }

  return {
    generateOtp: (phoneNumber) => ctx.track(generateOtp(phoneNumber)),
    verifyOtp: (otp) => ctx.track(verifyOtp(otp)),
  };
}
