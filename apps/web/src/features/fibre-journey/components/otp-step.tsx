import { Button, TextField } from "@portal/ui";
import { useOtpResendSeconds } from "@portal/lead-flow/react";
import { formatValidationMessage, otpSchema, validate } from "@portal/validation";
import { useId, useState, type FormEvent } from "react";
import { defineMessages, useIntl } from "react-intl";
import { useLanguage } from "../../../shared/language";
import { useJourney } from "../../../shared/lead-journey";
import { journeyMessages } from "./messages";

const messages = defineMessages({
  intro: {
    id: "fibre.otp.intro",
    defaultMessage: "We will send a 6-digit code by SMS to {phone}.",
    description: "Intro of the OTP step",
  },
  changeNumber: {
    id: "fibre.otp.change-number",
    defaultMessage: "Change mobile number",
    description: "Button back to the contact details",
  },
  send: { id: "fibre.otp.send", defaultMessage: "Send code", description: "Send the first OTP" },
  sending: { id: "fibre.otp.sending", defaultMessage: "Sending…", description: "OTP being sent" },
  resend: {
    id: "fibre.otp.resend",
    defaultMessage: "Send a new code",
    description: "Ask for another OTP",
  },
  sent: {
    id: "fibre.otp.sent",
    defaultMessage: "We sent a code to {phone}. It is valid for 10 minutes.",
    description: "Announcement after the OTP was sent",
  },
  countdown: {
    id: "fibre.otp.countdown",
    defaultMessage: "You can ask for a new code in {time}.",
    description: "Visible resend countdown (time as m:ss)",
  },
  canResend: {
    id: "fibre.otp.can-resend",
    defaultMessage: "Did not get it? You can ask for a new code now.",
    description: "Shown when the resend countdown is over",
  },
  tooSoon: {
    id: "fibre.otp.too-soon",
    defaultMessage:
      "We sent a code to this number a moment ago. Wait a few minutes, then ask for a new one.",
    description: "Resend refused by the service (another tab or device sent a code moments ago)",
  },
  code: {
    id: "fibre.otp.code",
    defaultMessage: "6-digit code",
    description: "Label of the OTP input",
  },
  codeHint: {
    id: "fibre.otp.code.hint",
    defaultMessage: "Enter the code from the SMS.",
    description: "Hint of the OTP input",
  },
  verify: { id: "fibre.otp.verify", defaultMessage: "Verify", description: "Verify the OTP" },
  verifying: {
    id: "fibre.otp.verifying",
    defaultMessage: "Verifying…",
    description: "OTP being verified",
  },
  wrong: {
    id: "fibre.otp.wrong",
    defaultMessage:
      "That code is not right. {attempts, plural, one {You have # more try.} other {You have # more tries.}}",
    description: "Wrong OTP with the attempts left",
  },
  locked: {
    id: "fibre.otp.locked",
    defaultMessage: "This code is locked after too many wrong tries. Ask for a new code.",
    description: "OTP locked out after the last wrong attempt (service reason otp.locked)",
  },
  expired: {
    id: "fibre.otp.expired",
    defaultMessage: "This code has expired: a code lasts 10 minutes. Ask for a new code.",
    description: "OTP past its 10 minutes, or replaced by a newer one (service reason otp.expired)",
  },
  used: {
    id: "fibre.otp.used",
    defaultMessage: "This code has already been used. Ask for a new code.",
    description: "OTP verified once already (service reason otp.used)",
  },
  dead: {
    id: "fibre.otp.dead",
    defaultMessage: "This code can no longer be used. Ask for a new code.",
    description: "OTP unknown to the service, or refused for a reason it did not name",
  },
});

/** m:ss for the countdown. */
function clock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** Step 2: send the OTP, type it, verify; a 180 s resend countdown that survives a reload. */
export function OtpStep() {
  const intl = useIntl();
  const { lang } = useLanguage();
  const { state, flow } = useJourney();
  const seconds = useOtpResendSeconds(flow);
  const [otp, setOtp] = useState("");
  const [formatError, setFormatError] = useState(false);
  const inputId = useId();
  const focusInput = () => document.getElementById(inputId)?.focus();
  const countdownId = useId();
  const phone = state.otp.phoneNumber ?? state.phoneNumber ?? "";
  const sent = state.otp.code !== undefined;
  const sendError = state.errors.generateOtp;
  const verifyError = state.errors.verifyOtp;

  async function send() {
    try {
      await flow.generateOtp();
      setOtp("");
      requestAnimationFrame(focusInput);
    } catch {
      // The reason is in state.errors.generateOtp and shown below.
    }
  }

  async function onVerify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validate(otpSchema, otp.trim(), "otp");
    if (!checked.success) {
      setFormatError(true);
      focusInput();
      return;
    }
    setFormatError(false);
    try {
      await flow.verifyOtp(checked.output);
    } catch {
      focusInput();
    }
  }

  let verifyMessage: string | undefined;
  if (verifyError?.code === "otp-incorrect") {
    verifyMessage =
      (verifyError.attemptsLeft ?? 0) > 0
        ? intl.formatMessage(messages.wrong, { attempts: verifyError.attemptsLeft })
        : intl.formatMessage(messages.locked);
  } else if (verifyError?.statusCode === 410 || verifyError?.statusCode === 404) {
    // The service names why the code is dead (openapi/shop.yaml, verify-otp 410).
    verifyMessage = intl.formatMessage(
      verifyError.reason === "otp.locked"
        ? messages.locked
        : verifyError.reason === "otp.expired"
          ? messages.expired
          : verifyError.reason === "otp.used"
            ? messages.used
            : messages.dead,
    );
  } else if (verifyError?.code === "invalid-input") {
    verifyMessage = formatValidationMessage("validation.otp.format", lang);
  } else if (verifyError && verifyError.code !== "missing-token") {
    verifyMessage = intl.formatMessage(journeyMessages.requestFailed);
  }

  let sendMessage: string | undefined;
  // The countdown below is the one figure the visitor sees; a refusal the service made on its
  // own (a code sent from another tab) says so without a second number.
  if (sendError?.code === "otp-resend-too-soon") {
    if (seconds === 0 && sendError.statusCode === 429) {
      sendMessage = intl.formatMessage(messages.tooSoon);
    }
  } else if (sendError && sendError.code !== "missing-token") {
    sendMessage = intl.formatMessage(journeyMessages.requestFailed);
  }

  return (
    <div className="fibre-form">
      <div className="fibre-inline">
        <p>{intl.formatMessage(messages.intro, { phone })}</p>
        <button type="button" className="fibre-link-button" onClick={() => flow.goTo("details")}>
          {intl.formatMessage(messages.changeNumber)}
        </button>
      </div>
      <div aria-live="polite" className="fibre-live">
        {sent && !sendMessage ? (
          <p className="fibre-ok" data-testid="otp-sent">
            {intl.formatMessage(messages.sent, { phone })}
          </p>
        ) : null}
        {sendMessage ? (
          <p className="fibre-alert" role="alert" data-testid="otp-send-error">
            {sendMessage}
          </p>
        ) : null}
      </div>
      {sent ? (
        <form
          noValidate
          onSubmit={onVerify}
          className="fibre-otp"
          aria-busy={state.loading.verifyOtp}
        >
          <TextField
            id={inputId}
            label={intl.formatMessage(messages.code)}
            hint={intl.formatMessage(messages.codeHint)}
            name="otp"
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            value={otp}
            error={
              formatError ? formatValidationMessage("validation.otp.format", lang) : verifyMessage
            }
            onChange={(e) => setOtp(e.target.value.replace(/\D/g, "").slice(0, 6))}
            className="fibre-field--short"
          />
          <Button type="submit" disabled={state.loading.verifyOtp}>
            {intl.formatMessage(state.loading.verifyOtp ? messages.verifying : messages.verify)}
          </Button>
        </form>
      ) : null}
      <div className="fibre-resend">
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
