"use client";

import { Button, ErrorSummary } from "@portal/ui";
import { useId, type FormEvent } from "react";
import { defineMessages, useIntl } from "react-intl";
import type { Step } from "../state.js";
import { PlaceLink, useSignUp } from "./context.js";
import { common } from "./messages.js";
import { OrderSummary } from "./order-summary.js";
import { useAgreement } from "./use-agreement.js";

const messages = defineMessages({
  intro: {
    id: "signup.review.intro",
    defaultMessage: "Check your order. These are the prices you will pay.",
    description: "Intro of the review step",
  },
  changePlan: {
    id: "signup.review.change-plan",
    defaultMessage: "Change plan",
    description: "Back to the plan step",
  },
  changeSlot: {
    id: "signup.review.change-slot",
    defaultMessage: "Change installation slot",
    description: "Back to the installation slot step",
  },
  changeDetails: {
    id: "signup.review.change-details",
    defaultMessage: "Change your details",
    description: "Back to the contact details step",
  },
  terms: {
    id: "signup.review.terms",
    defaultMessage: "I accept the terms and conditions of {product}.",
    description: "Terms checkbox label",
  },
  termsLink: {
    id: "signup.review.terms-link",
    defaultMessage: "Read the terms and conditions",
    description: "Link to the terms and conditions",
  },
  termsRequired: {
    id: "signup.review.terms.required",
    defaultMessage: "Accept the terms and conditions to submit.",
    description: "Error when the terms are not accepted",
  },
  submit: {
    id: "signup.review.submit",
    defaultMessage: "Submit my sign-up",
    description: "Submit the lead",
  },
  submitting: {
    id: "signup.review.submitting",
    defaultMessage: "Submitting…",
    description: "Lead being submitted",
  },
  incomplete: {
    id: "signup.review.incomplete",
    defaultMessage: "One step is not complete yet. Go back to it, then submit again.",
    description: "Purchase refused because a step is missing",
  },
  goBack: {
    id: "signup.review.go-back",
    defaultMessage: "Go to the missing step",
    description: "Button to the step the service says is missing",
  },
  tooFast: {
    id: "signup.review.too-fast",
    defaultMessage: "Your address cannot get this plan any more. Choose another plan.",
    description: "Purchase refused: the plan no longer fits the address",
  },
});

/** The step the service names as missing (409 lead.incomplete.<step>). */
const MISSING_STEP: Record<string, Step> = {
  "lead.incomplete.contact": "details",
  "lead.incomplete.otp": "otp",
  "lead.incomplete.consent": "consent",
  "lead.incomplete.document": "documents",
  "lead.incomplete.order": "package",
  "order.plan.tooFast": "package",
};

/**
 * Step 7: everything the sign-up sends (the order as priced, the contact details, the documents,
 * the referral code), the terms, and the purchase; then the confirmation.
 */
export function ReviewStep() {
  const intl = useIntl();
  const { state, flow, navigation, onOrder, productName } = useSignUp();
  const {
    agreed: terms,
    setAgreed: setTerms,
    formRef,
    missing: termsError,
    confirm,
  } = useAgreement();
  const id = useId();
  const busy = state.loading.purchase;
  const error = state.errors.purchase;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!confirm()) return;
    try {
      const { orderNumber } = await flow.purchase();
      onOrder?.(orderNumber);
      navigation.navigate?.("confirmation");
    } catch {
      // Shown from state.errors.purchase.
    }
  }

  const required = intl.formatMessage(messages.termsRequired);
  const back = error?.reason ? MISSING_STEP[error.reason] : undefined;
  return (
    <form
      ref={formRef}
      method="post"
      className="signup-form"
      noValidate
      onSubmit={onSubmit}
      aria-busy={busy}
    >
      <p>{intl.formatMessage(messages.intro)}</p>
      {termsError ? (
        <ErrorSummary
          errors={[{ id: `${id}-terms`, message: required }]}
          data-testid="error-summary"
        />
      ) : null}
      <OrderSummary />
      <p className="signup-inline">
        <button type="button" className="signup-link-button" onClick={() => flow.goTo("package")}>
          {intl.formatMessage(messages.changePlan)}
        </button>
        <button type="button" className="signup-link-button" onClick={() => flow.goTo("details")}>
          {intl.formatMessage(messages.changeDetails)}
        </button>
        <button type="button" className="signup-link-button" onClick={() => flow.goTo("slot")}>
          {intl.formatMessage(messages.changeSlot)}
        </button>
      </p>
      <div className={`pui-field signup-check${termsError ? " pui-field--invalid" : ""}`}>
        <input
          type="checkbox"
          id={`${id}-terms`}
          name="terms"
          checked={terms}
          aria-invalid={termsError ? true : undefined}
          aria-describedby={termsError ? `${id}-terms-error` : undefined}
          onChange={(event) => setTerms(event.target.checked)}
        />
        <label htmlFor={`${id}-terms`}>
          {intl.formatMessage(messages.terms, { product: productName })}
        </label>
        {termsError ? (
          <p id={`${id}-terms-error`} className="pui-field__error">
            {required}
          </p>
        ) : null}
      </div>
      <p>
        <PlaceLink place="terms" newTab>
          {intl.formatMessage(messages.termsLink)}
        </PlaceLink>
      </p>
      <p className="pui-field__hint">
        {intl.formatMessage(common.noPayment, { product: productName })}
      </p>
      <div aria-live="polite" className="signup-live">
        {error && error.code !== "missing-token" && error.statusCode !== 401 ? (
          <div className="signup-alert" role="alert" data-testid="purchase-error">
            <p>
              {intl.formatMessage(
                error.reason === "order.plan.tooFast"
                  ? messages.tooFast
                  : back
                    ? messages.incomplete
                    : common.requestFailed,
              )}
            </p>
            {back ? (
              <Button variant="secondary" onClick={() => flow.goTo(back)}>
                {intl.formatMessage(messages.goBack)}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="signup-actions">
        <Button type="submit" disabled={busy}>
          {intl.formatMessage(busy ? messages.submitting : messages.submit)}
        </Button>
      </div>
    </form>
  );
}
