import { Link, useNavigate } from "@tanstack/react-router";
import type { Step } from "@portal/lead-flow";
import { Button, VisuallyHidden } from "@portal/ui";
import type { Product } from "@portal/validation";
import { useEffect, useId, useState, type FormEvent } from "react";
import { defineMessages, useIntl } from "react-intl";
import { useJourney, useProductName } from "../../../shared/lead-journey";
import { productSearch } from "../api/journey-product";
import { journeyMessages } from "./messages";
import { OrderSummary } from "./order-summary";

const messages = defineMessages({
  intro: {
    id: "fibre.review.intro",
    defaultMessage: "Check your order. These are the prices you will pay.",
    description: "Intro of the review step",
  },
  changePlan: {
    id: "fibre.review.change-plan",
    defaultMessage: "Change plan",
    description: "Back to the plan step",
  },
  terms: {
    id: "fibre.package.terms",
    defaultMessage: "I accept the terms and conditions of {product}.",
    description: "Terms checkbox label",
  },
  termsLink: {
    id: "fibre.package.terms-link",
    defaultMessage: "Read the terms and conditions",
    description: "Link to the terms and conditions",
  },
  termsRequired: {
    id: "fibre.package.terms.required",
    defaultMessage: "Accept the terms and conditions to submit.",
    description: "Error when the terms are not accepted",
  },
  submit: {
    id: "fibre.package.submit",
    defaultMessage: "Submit my sign-up",
    description: "Submit the lead",
  },
  submitting: {
    id: "fibre.package.submitting",
    defaultMessage: "Submitting…",
    description: "Lead being submitted",
  },
  incomplete: {
    id: "fibre.review.incomplete",
    defaultMessage: "One step is not complete yet. Go back to it, then submit again.",
    description: "Purchase refused because a step is missing",
  },
  goBack: {
    id: "fibre.review.go-back",
    defaultMessage: "Go to the missing step",
    description: "Button to the step the service says is missing",
  },
  tooFast: {
    id: "fibre.review.too-fast",
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

/** Step 6: the order as priced, the terms, and the purchase. */
export function ReviewStep({ product }: { product: Product }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const productName = useProductName(product);
  const { state, flow } = useJourney();
  const [terms, setTerms] = useState(false);
  const [termsError, setTermsError] = useState(false);
  const id = useId();
  const busy = state.loading.purchase;
  const error = state.errors.purchase;
  const needsNames = !state.offers && !state.loading.loadOffers && !state.errors.loadOffers;

  // Names of the plan and packs come with the offers (read again after a reload).
  useEffect(() => {
    if (needsNames) flow.loadOffers().catch(() => undefined);
  }, [needsNames, flow]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!terms) {
      setTermsError(true);
      document.getElementById(`${id}-terms`)?.focus();
      return;
    }
    try {
      await flow.purchase();
      void navigate({
        to: "/signup/confirmation",
        search: productSearch(product),
      });
    } catch {
      // Shown from state.errors.purchase.
    }
  }

  const missing = error?.reason ? MISSING_STEP[error.reason] : undefined;
  return (
    <form className="fibre-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
      <p>{intl.formatMessage(messages.intro)}</p>
      {state.order ? <OrderSummary state={state} order={state.order} /> : null}
      <p>
        <button type="button" className="fibre-link-button" onClick={() => flow.goTo("package")}>
          {intl.formatMessage(messages.changePlan)}
        </button>
      </p>
      <div className={`pui-field fibre-check${termsError ? " pui-field--invalid" : ""}`}>
        <input
          type="checkbox"
          id={`${id}-terms`}
          checked={terms}
          aria-invalid={termsError ? true : undefined}
          aria-describedby={termsError ? `${id}-terms-error` : undefined}
          onChange={(e) => {
            setTerms(e.target.checked);
            if (e.target.checked) setTermsError(false);
          }}
        />
        <label htmlFor={`${id}-terms`}>
          {intl.formatMessage(messages.terms, { product: productName })}
        </label>
        {termsError ? (
          <p id={`${id}-terms-error`} className="pui-field__error">
            {intl.formatMessage(messages.termsRequired)}
          </p>
        ) : null}
      </div>
      <p>
        <Link
          to="/legal/$termsType"
          params={{ termsType: "terms-and-conditions" }}
          target="_blank"
          rel="noopener"
        >
          {intl.formatMessage(messages.termsLink)}
          <VisuallyHidden>{intl.formatMessage(journeyMessages.newTab)}</VisuallyHidden>
        </Link>
      </p>
      <p className="pui-field__hint">
        {intl.formatMessage(journeyMessages.noPayment, { product: productName })}
      </p>
      <div aria-live="polite" className="fibre-live">
        {error && error.code !== "missing-token" && error.statusCode !== 401 ? (
          <div className="fibre-alert" role="alert" data-testid="purchase-error">
            <p>
              {intl.formatMessage(
                error.reason === "order.plan.tooFast"
                  ? messages.tooFast
                  : missing
                    ? messages.incomplete
                    : journeyMessages.requestFailed,
              )}
            </p>
            {missing ? (
              <Button variant="secondary" onClick={() => flow.goTo(missing)}>
                {intl.formatMessage(messages.goBack)}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="fibre-actions">
        <Button type="submit" disabled={busy}>
          {intl.formatMessage(busy ? messages.submitting : messages.submit)}
        </Button>
      </div>
    </form>
  );
}
