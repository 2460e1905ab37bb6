import { Link } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { Button, EmptyState, ErrorState, SkeletonText, VisuallyHidden } from "@portal/ui";
import { useId, useState, type FormEvent } from "react";
import { defineMessages, useIntl } from "react-intl";
import { shellMessages } from "../../../shared/messages";
import { useLanguage } from "../../../shared/language";
import { readChosenPackage } from "../api/chosen-package";
import { fibreCombosQueryOptions } from "../api/get-fibre-combos";
import { useJourney } from "./journey";
import { journeyMessages } from "./messages";

const messages = defineMessages({
  legend: {
    id: "fibre.package.legend",
    defaultMessage: "Choose your Suria Fibre package",
    description: "Legend of the package choice",
  },
  none: {
    id: "fibre.package.none",
    defaultMessage: "No packages are on sale right now. Please come back later.",
    description: "Empty combo list",
  },
  loadError: {
    id: "fibre.package.load-error",
    defaultMessage: "We could not load the packages",
    description: "Combo list failed to load",
  },
  pickRequired: {
    id: "fibre.package.required",
    defaultMessage: "Choose a package.",
    description: "Error when no package is chosen",
  },
  terms: {
    id: "fibre.package.terms",
    defaultMessage: "I accept the terms and conditions of Suria Fibre.",
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
  noPayment: {
    id: "fibre.package.no-payment",
    defaultMessage: "No payment now: your first bill comes after installation.",
    description: "Payment note",
  },
  submit: {
    id: "fibre.package.submit",
    defaultMessage: "Submit my sign-up",
    description: "Submit the order and the lead",
  },
  submitting: {
    id: "fibre.package.submitting",
    defaultMessage: "Submitting…",
    description: "Order being submitted",
  },
  incomplete: {
    id: "fibre.package.incomplete",
    defaultMessage:
      "Your sign-up is missing a step (contact details, code, consent or documents). Go back and complete it.",
    description: "Purchase refused because a step is missing",
  },
  back: {
    id: "fibre.package.back",
    defaultMessage: "Back to documents",
    description: "Back to the document step",
  },
});

/** Step 5: choose a combo package, accept the terms, submit (order update, then purchase). */
export function PackageStep({
  onBack,
  onSubmitted,
}: {
  onBack: () => void;
  onSubmitted: () => void;
}) {
  const intl = useIntl();
  const { lang } = useLanguage();
  const { state, flow } = useJourney();
  const combos = useQuery(fibreCombosQueryOptions(lang));
  const [packageId, setPackageId] = useState(() => readChosenPackage() ?? "");
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<{ package?: boolean; terms?: boolean }>({});
  const [failure, setFailure] = useState<"incomplete" | "failed">();
  const id = useId();
  const busy = state.loading.updateOrder || state.loading.purchase;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A package remembered from another page counts only if it is still on sale.
    const known = combos.data?.some((combo) => combo.id === packageId) ?? false;
    const found = { package: !known, terms: !terms };
    setErrors(found);
    setFailure(undefined);
    if (found.package) {
      document.querySelector<HTMLInputElement>(`input[name="${id}-package"]`)?.focus();
      return;
    }
    if (found.terms) {
      document.getElementById(`${id}-terms`)?.focus();
      return;
    }
    try {
      await flow.updateOrder({ packageId });
      await flow.purchase();
      onSubmitted();
    } catch (error) {
      const info = error as { code?: string; statusCode?: number };
      if (info.code === "missing-token") return;
      setFailure(info.statusCode === 409 ? "incomplete" : "failed");
    }
  }

  if (combos.isPending) {
    return (
      <div aria-busy="true" role="status">
        <SkeletonText lines={6} />
      </div>
    );
  }
  if (combos.isError) {
    return (
      <ErrorState
        title={intl.formatMessage(messages.loadError)}
        onRetry={() => void combos.refetch()}
      />
    );
  }
  if (combos.data.length === 0) return <EmptyState title={intl.formatMessage(messages.none)} />;

  return (
    <form className="fibre-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
      <fieldset
        className={`pui-field fibre-packages${errors.package ? " pui-field--invalid" : ""}`}
        aria-describedby={errors.package ? `${id}-package-error` : undefined}
      >
        <legend className="pui-field__label">{intl.formatMessage(messages.legend)}</legend>
        {combos.data.map((combo) => (
          <div className="fibre-package" key={combo.id}>
            <input
              type="radio"
              id={`${id}-${combo.id}`}
              name={`${id}-package`}
              value={combo.id}
              checked={packageId === combo.id}
              aria-invalid={errors.package ? true : undefined}
              onChange={() => {
                setPackageId(combo.id);
                setErrors((e) => ({ ...e, package: false }));
              }}
            />
            <label htmlFor={`${id}-${combo.id}`}>
              <strong>{combo.name}</strong>
              <span className="fibre-package__price">
                {intl.formatMessage(shellMessages.priceMonthly, { price: combo.priceRm })}
              </span>
              <span className="fibre-package__meta">
                {[
                  combo.speedMbps !== undefined
                    ? intl.formatMessage(shellMessages.speed, { speed: combo.speedMbps })
                    : undefined,
                  intl.formatMessage(shellMessages.contractMonths, {
                    months: combo.contractMonths ?? 0,
                  }),
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </span>
              {combo.tagline ? <span className="fibre-package__meta">{combo.tagline}</span> : null}
            </label>
          </div>
        ))}
        {errors.package ? (
          <p id={`${id}-package-error`} className="pui-field__error">
            {intl.formatMessage(messages.pickRequired)}
          </p>
        ) : null}
      </fieldset>
      <div className={`pui-field fibre-check${errors.terms ? " pui-field--invalid" : ""}`}>
        <input
          type="checkbox"
          id={`${id}-terms`}
          checked={terms}
          aria-invalid={errors.terms ? true : undefined}
          aria-describedby={errors.terms ? `${id}-terms-error` : undefined}
          onChange={(e) => {
            setTerms(e.target.checked);
            if (e.target.checked) setErrors((x) => ({ ...x, terms: false }));
          }}
        />
        <label htmlFor={`${id}-terms`}>{intl.formatMessage(messages.terms)}</label>
        {errors.terms ? (
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
      <p className="pui-field__hint">{intl.formatMessage(messages.noPayment)}</p>
      <div aria-live="polite" className="fibre-live">
        {failure ? (
          <p className="fibre-alert" role="alert">
            {intl.formatMessage(
              failure === "incomplete" ? messages.incomplete : journeyMessages.requestFailed,
            )}
          </p>
        ) : null}
      </div>
      <div className="fibre-actions">
        <Button variant="secondary" onClick={onBack}>
          {intl.formatMessage(messages.back)}
        </Button>
        <Button type="submit" disabled={busy}>
          {intl.formatMessage(busy ? messages.submitting : messages.submit)}
        </Button>
      </div>
    </form>
  );
}
