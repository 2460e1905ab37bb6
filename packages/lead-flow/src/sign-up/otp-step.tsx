"use client";

import { Button, ErrorSummary, TextField } from "@portal/ui";
import { formatContactNumber, otpFormSchema } from "@portal/validation";
import { useSchemaForm } from "@portal/validation/react";
import { useId, useMemo } from "react";
import { defineMessages, useIntl } from "react-intl";
import { useOtpResendSeconds } from "../react/index.js";
import { useSignUp } from "./context.js";
import { common } from "./messages.js";

const messages = defineMessages({
  intro: {
    id: "signup.otp.intro",
    defaultMessage: "We will send a 6-digit code by SMS to {phone}.",
    description: "Intro of the OTP step",
  },
  changeNumber: {
    id: "signup.otp.change-number",
    defaultMessage: "Change mobile number",
    description: "Button back to the contact details",
  },
  send: { id: "signup.otp.send", defaultMessage: "Send code", description: "Send the first OTP" },
  sending: { id: "signup.otp.sending", defaultMessage: "Sending…", description: "OTP being sent" },
  resend: {
    id: "signup.otp.resend",
    defaultMessage: "Send a new code",
    description: "Ask for another OTP",
  },
  sent: {
    id: "signup.otp.sent",
    defaultMessage: "We sent a code to {phone}. It is valid for 10 minutes.",
    description: "Announcement after the OTP was sent",
  },
  countdown: {
    id: "signup.otp.countdown",
    defaultMessage: "You can ask for a new code in {time}.",
    description: "Visible resend countdown (time as m:ss)",
  },
  canResend: {
    id: "signup.otp.can-resend",
    defaultMessage: "Did not get it? You can ask for a new code now.",
    description: "Shown when the resend countdown is over",
  },
  tooSoon: {
    id: "signup.otp.too-soon",
    defaultMessage:
      "We sent a code to this number a moment ago. Wait a few minutes, then ask for a new one.",
    description: "Resend refused by the service (another tab or device sent a code moments ago)",
  },
  code: {
    id: "signup.otp.code",
    defaultMessage: "6-digit code",
    description: "Label of the OTP input",
  },
  codeHint: {
    id: "signup.otp.code.hint",
    defaultMessage: "Enter the code from the SMS, or paste it.",
    description: "Hint of the OTP input",
  },
  verify: { id: "signup.otp.verify", defaultMessage: "Verify", description: "Verify the OTP" },
  verifying: {
    id: "signup.otp.verifying",
    defaultMessage: "Verifying…",
    description: "OTP being verified",
  },
  wrong: {
    id: "signup.otp.wrong",
    defaultMessage:
      "That code is not right. {attempts, plural, one {You have # more try.} other {You have # more tries.}}",
    description: "Wrong OTP with the attempts left",
  },
  locked: {
    id: "signup.otp.locked",
    defaultMessage: "This code is locked after too many wrong tries. Ask for a new code.",
    description: "OTP locked out after the last wrong attempt (service reason otp.locked)",
  },
  expired: {
    id: "signup.otp.expired",
    defaultMessage: "This code has expired: a code lasts 10 minutes. Ask for a new code.",
    description: "OTP past its 10 minutes, or replaced by a newer one (service reason otp.expired)",
  },
  used: {
    id: "signup.otp.used",
    defaultMessage: "This code has already been used. Ask for a new code.",
    description: "OTP verified once already (service reason otp.used)",
  },
  dead: {
    id: "signup.otp.dead",
    defaultMessage: "This code can no longer be used. Ask for a new code.",
    description: "OTP unknown to the service, or refused for a reason it did not name",
  },
});

/** m:ss for the countdown. */
const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

const DEAD_REASONS = {
  "otp.locked": messages.locked,
  "otp.expired": messages.expired,
  "otp.used": messages.used,
} as const;

/**
 * Step 3: send a code to the mobile number (shown as +60 12-345 6789), type or paste it (digits
 * only are kept, so a pasted "123 456" works), verify; a 180 s resend countdown that survives a
 * reload (the flow's clock).
 */
export function OtpStep() {
  const intl = useIntl();
  const { state, flow, language } = useSignUp();
  const seconds = useOtpResendSeconds(flow);
  const countdownId = useId();
  // The number never breaks over two lines ("+60" on one, the rest on the next).
  const phone = (
    <span className="signup-nowrap">
      {formatContactNumber(state.otp.phoneNumber ?? state.phoneNumber ?? "")}
    </span>
  );
  const sent = state.otp.code !== undefined;
  const sendError = state.errors.generateOtp;
  const verifyError = state.errors.verifyOtp;

  const refusal = useMemo(() => {
    if (!verifyError || verifyError.code === "missing-token") return undefined;
    if (verifyError.code === "otp-incorrect") {
      return (verifyError.attemptsLeft ?? 0) > 0
        ? intl.formatMessage(messages.wrong, { attempts: verifyError.attemptsLeft })
        : intl.formatMessage(messages.locked);
    }
    if (verifyError.statusCode === 410 || verifyError.statusCode === 404) {
      // The service names why the code is dead (openapi/shop.yaml, verify-otp 410).
      const reason = verifyError.reason as keyof typeof DEAD_REASONS | undefined;
      return intl.formatMessage((reason && DEAD_REASONS[reason]) ?? messages.dead);
    }
    if (verifyError.code === "invalid-input") return "validation.otp.format";
    return intl.formatMessage(common.requestFailed);
  }, [verifyError, intl]);
  const form = useSchemaForm({
    schema: otpFormSchema,
    language,
    values: { otp: state.drafts.otp },
    // Digits only: a pasted "123 456" or "Code: 123456" becomes the code.
    onValuesChange: (values) => flow.edit("otp", values.otp.replace(/\D/g, "")),
    serverErrors: refusal ? { otp: refusal } : undefined,
    labels: { otp: intl.formatMessage(messages.code) },
    onSubmit: () => flow.verifyOtp().catch(() => undefined),
  });
  // No length limit on what is typed: a browser cuts a pasted "123 456" to the limit ("123 45")
  // before the digits are kept; a code of more than 6 digits is refused by the schema instead.
  const { maxLength: _sixDigits, ...codeField } = form.field("otp");

  async function send() {
    try {
      await flow.generateOtp();
      requestAnimationFrame(() => document.getElementById(codeField.id)?.focus());
    } catch {
      // The reason is in state.errors.generateOtp and shown below.
    }
  }

  let sendMessage: string | undefined;
  // The countdown is the one figure the visitor sees; a refusal the service made on its own (a
  // code sent from another tab) says so without a second number.
  if (sendError?.code === "otp-resend-too-soon") {
    if (seconds === 0 && sendError.statusCode === 429) {
      sendMessage = intl.formatMessage(messages.tooSoon);
    }
  } else if (sendError && sendError.code !== "missing-token") {
    sendMessage = intl.formatMessage(common.requestFailed);
  }
  const verifying = state.loading.verifyOtp;

  return (
    <div className="signup-form">
      <div className="signup-inline">
        <p data-testid="otp-phone">{intl.formatMessage(messages.intro, { phone })}</p>
        <button type="button" className="signup-link-button" onClick={() => flow.goTo("details")}>
          {intl.formatMessage(messages.changeNumber)}
        </button>
      </div>
      <div aria-live="polite" className="signup-live">
        {sent && !sendMessage ? (
          <p className="signup-ok" data-testid="otp-sent">
            {intl.formatMessage(messages.sent, { phone })}
          </p>
        ) : null}
        {sendMessage ? (
          <p className="signup-alert" role="alert" data-testid="otp-send-error">
            {sendMessage}
          </p>
        ) : null}
      </div>
      {sent ? (
        <form {...form.formProps} className="signup-otp" aria-busy={verifying}>
          <ErrorSummary errors={form.summary} data-testid="error-summary" />
          <TextField
            {...codeField}
            label={intl.formatMessage(messages.code)}
            hint={intl.formatMessage(messages.codeHint)}
            pattern="[0-9]*"
            className="signup-field--short"
          />
          <Button type="submit" disabled={verifying}>
            {intl.formatMessage(verifying ? messages.verifying : messages.verify)}
          </Button>
        </form>
      ) : null}
      <div className="signup-resend">
        <p id={countdownId} data-testid="otp-countdown">
          {sent
            ? seconds > 0
              ? intl.formatMessage(messages.countdown, { time: clock(seconds) })
              : intl.formatMessage(messages.canResend)
            : null}
        </p>
        <Button
          variant={sent ? "secondary" : "primary"}
          onClick={() => void send()}
          // Disabled, and shown so, for as long as the countdown runs.
          disabled={state.loading.generateOtp || seconds > 0}
          aria-describedby={sent ? countdownId : undefined}
          data-testid="otp-send"
        >
          {intl.formatMessage(
            state.loading.generateOtp ? messages.sending : sent ? messages.resend : messages.send,
          )}
        </Button>
      </div>
    </div>
  );
}
