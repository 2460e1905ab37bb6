import { Link } from "@tanstack/react-router";
import { Button, VisuallyHidden } from "@portal/ui";
import { useId, useState, type FormEvent } from "react";
import { defineMessages, useIntl } from "react-intl";
import { useJourney } from "../../../shared/lead-journey";
import { journeyMessages } from "./messages";

const messages = defineMessages({
  heading: {
    id: "fibre.consent.heading",
    defaultMessage: "Personal data notice",
    description: "Heading of the consent text",
  },
  text1: {
    id: "fibre.consent.text.1",
    defaultMessage:
      "Suria collects your name, contact details, address and identity documents to check your eligibility, install Suria Fibre and bill you.",
    description: "Consent text, paragraph 1",
  },
  text2: {
    id: "fibre.consent.text.2",
    defaultMessage:
      "We share them only with our installation partners and the network operator serving your address, keep them for as long as the law requires, and you may ask to see or correct them at any time.",
    description: "Consent text, paragraph 2",
  },
  privacyNotice: {
    id: "fibre.consent.privacy-notice",
    defaultMessage: "Read the full privacy notice",
    description: "Link to the privacy notice",
  },
  agree: {
    id: "fibre.consent.agree",
    defaultMessage: "I have read the notice and agree that Suria may process my personal data.",
    description: "Consent checkbox label",
  },
  required: {
    id: "fibre.consent.required",
    defaultMessage: "Tick the box to give your consent before you continue.",
    description: "Error when the consent box is not ticked",
  },
  language: {
    id: "fibre.consent.language",
    defaultMessage: "Your consent is recorded in English.",
    description: "Which language the consent is recorded in (the current interface language)",
  },
  submit: {
    id: "fibre.consent.submit",
    defaultMessage: "Agree and continue",
    description: "Submit consent",
  },
  saving: {
    id: "fibre.consent.saving",
    defaultMessage: "Saving…",
    description: "Consent being saved",
  },
});

/** Step 3: the consent text in the current language; the consent is sent with that language. */
export function ConsentStep() {
  const intl = useIntl();
  const { state, flow } = useJourney();
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState(false);
  const id = useId();
  const failed = state.errors.giveConsent && state.errors.giveConsent.code !== "missing-token";

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!agreed) {
      setError(true);
      document.getElementById(`${id}-box`)?.focus();
      return;
    }
    setError(false);
    try {
      await flow.giveConsent();
    } catch {
      // Shown from state.errors.giveConsent.
    }
  }

  return (
    <form
      className="fibre-form"
      noValidate
      onSubmit={onSubmit}
      aria-busy={state.loading.giveConsent}
    >
      <section
        className="fibre-consent"
        aria-labelledby={`${id}-heading`}
        lang={state.language === "bm" ? "ms" : "en"}
      >
        <h3 id={`${id}-heading`}>{intl.formatMessage(messages.heading)}</h3>
        <p>{intl.formatMessage(messages.text1)}</p>
        <p>{intl.formatMessage(messages.text2)}</p>
        <p>
          <Link
            to="/legal/$termsType"
            params={{ termsType: "privacy-notice" }}
            target="_blank"
            rel="noopener"
          >
            {intl.formatMessage(messages.privacyNotice)}
            <VisuallyHidden>{intl.formatMessage(journeyMessages.newTab)}</VisuallyHidden>
          </Link>
        </p>
      </section>
      <div className={`pui-field fibre-check${error ? " pui-field--invalid" : ""}`}>
        <input
          type="checkbox"
          id={`${id}-box`}
          name="consent"
          checked={agreed}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setAgreed(e.target.checked);
            if (e.target.checked) setError(false);
          }}
        />
        <label htmlFor={`${id}-box`}>{intl.formatMessage(messages.agree)}</label>
        {error ? (
          <p id={`${id}-error`} className="pui-field__error">
            {intl.formatMessage(messages.required)}
          </p>
        ) : null}
      </div>
      <p className="pui-field__hint" data-testid="consent-language">
        {intl.formatMessage(messages.language)}
      </p>
      <div aria-live="polite" className="fibre-live">
        {failed ? (
          <p className="fibre-alert" role="alert">
            {intl.formatMessage(journeyMessages.requestFailed)}
          </p>
        ) : null}
      </div>
      <Button type="submit" disabled={state.loading.giveConsent}>
        {intl.formatMessage(state.loading.giveConsent ? messages.saving : messages.submit)}
      </Button>
    </form>
  );
}
