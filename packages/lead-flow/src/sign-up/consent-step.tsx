"use client";

import { Button, ErrorSummary } from "@portal/ui";
import { useId, type FormEvent } from "react";
import { defineMessages, useIntl } from "react-intl";
import { PlaceLink, useSignUp } from "./context.js";
import { common } from "./messages.js";
import { useAgreement } from "./use-agreement.js";

const messages = defineMessages({
  heading: {
    id: "signup.consent.heading",
    defaultMessage: "Personal data notice",
    description: "Heading of the consent text",
  },
  // text1, text2 and agree are the consent text: the flow sends the SHA-256 of the catalog's
  // text (CONSENT_TEXT_HASHES of @portal/validation), so a change here needs a new hash there.
  text1: {
    id: "signup.consent.text.1",
    defaultMessage:
      "Suria collects your name, contact details, address and identity documents to check your eligibility, install {product} and bill you.",
    description: "Consent text, paragraph 1",
  },
  text2: {
    id: "signup.consent.text.2",
    defaultMessage:
      "We share them only with our installation partners and the network operator serving your address, keep them for as long as the law requires, and you may ask to see or correct them at any time.",
    description: "Consent text, paragraph 2",
  },
  privacyNotice: {
    id: "signup.consent.privacy-notice",
    defaultMessage: "Read the full privacy notice",
    description: "Link to the privacy notice",
  },
  agree: {
    id: "signup.consent.agree",
    defaultMessage: "I have read the notice and agree that Suria may process my personal data.",
    description: "Consent checkbox label",
  },
  required: {
    id: "signup.consent.required",
    defaultMessage: "Tick the box to give your consent before you continue.",
    description: "Error when the consent box is not ticked",
  },
  language: {
    id: "signup.consent.language",
    defaultMessage: "Your consent is recorded in English.",
    description: "Which language the consent is recorded in (the current interface language)",
  },
  submit: {
    id: "signup.consent.submit",
    defaultMessage: "Agree and continue",
    description: "Submit consent",
  },
});

/** Step 4: the notice in the page's language; the consent is recorded with that language. */
export function ConsentStep() {
  const intl = useIntl();
  const { state, flow, language, productName } = useSignUp();
  const { agreed, setAgreed, formRef, missing: error, confirm } = useAgreement();
  const id = useId();
  const failed = state.errors.giveConsent && state.errors.giveConsent.code !== "missing-token";
  const busy = state.loading.giveConsent;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!confirm()) return;
    try {
      await flow.giveConsent();
    } catch {
      // Shown from state.errors.giveConsent.
    }
  }

  const required = intl.formatMessage(messages.required);
  return (
    <form
      ref={formRef}
      method="post"
      className="signup-form"
      noValidate
      onSubmit={onSubmit}
      aria-busy={busy}
    >
      {error ? (
        <ErrorSummary
          errors={[{ id: `${id}-box`, message: required }]}
          data-testid="error-summary"
        />
      ) : null}
      <section
        className="signup-consent"
        aria-labelledby={`${id}-heading`}
        lang={language === "bm" ? "ms" : "en"}
      >
        <h3 id={`${id}-heading`}>{intl.formatMessage(messages.heading)}</h3>
        <p>{intl.formatMessage(messages.text1, { product: productName })}</p>
        <p>{intl.formatMessage(messages.text2)}</p>
        <p>
          <PlaceLink place="privacyNotice" newTab>
            {intl.formatMessage(messages.privacyNotice)}
          </PlaceLink>
        </p>
      </section>
      <div className={`pui-field signup-check${error ? " pui-field--invalid" : ""}`}>
        <input
          type="checkbox"
          id={`${id}-box`}
          name="consent"
          checked={agreed}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setAgreed(event.target.checked)}
        />
        <label htmlFor={`${id}-box`}>{intl.formatMessage(messages.agree)}</label>
        {error ? (
          <p id={`${id}-error`} className="pui-field__error">
            {required}
          </p>
        ) : null}
      </div>
      <p className="pui-field__hint" data-testid="consent-language">
        {intl.formatMessage(messages.language)}
      </p>
      <div aria-live="polite" className="signup-live">
        {failed ? (
          <p className="signup-alert" role="alert">
            {intl.formatMessage(common.requestFailed)}
          </p>
        ) : null}
      </div>
      <Button type="submit" disabled={busy}>
        {intl.formatMessage(busy ? common.saving : messages.submit)}
      </Button>
    </form>
  );
}
