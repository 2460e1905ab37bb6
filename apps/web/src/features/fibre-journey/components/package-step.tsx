import { Link } from "@tanstack/react-router";
import type { LeadFlowErrorInfo, PlanOffer } from "@portal/lead-flow";
import { Button, ErrorState, SkeletonText, TextField } from "@portal/ui";
import { REFERRAL_CODE_MAX_LENGTH, type Product } from "@portal/validation";
import { useEffect, useId, useState, type FormEvent } from "react";
import { defineMessages, useIntl } from "react-intl";
import { shellMessages } from "../../../shared/messages";
import { useJourney, useProductName } from "../../../shared/lead-journey";
import { useValidationText } from "./journey";
import { productSearch } from "../api/journey-product";
import { journeyMessages } from "./messages";
import { PriceSummary } from "./price-summary";

const messages = defineMessages({
  legend: {
    id: "fibre.package.legend",
    defaultMessage: "Choose your plan",
    description: "Legend of the plan choice",
  },
  address: {
    id: "fibre.package.address",
    defaultMessage: "For {address}",
    description: "The installation address the plans are for",
  },
  topSpeed: {
    id: "fibre.package.top-speed",
    defaultMessage:
      "Your address is served by {networks}: expect speeds up to {speed} Mbps, so we offer plans up to {speed} Mbps.",
    description: "What speed the address gets, and why only those plans are offered",
  },
  faster: {
    id: "fibre.package.faster",
    defaultMessage:
      "Not available at this address: {plans}. They need a network faster than {speed} Mbps.",
    description: "The faster plans the address cannot get, and why",
  },
  originUnavailable: {
    id: "fibre.package.origin-unavailable",
    defaultMessage:
      "{plan} is not available at this address: it needs {needed} Mbps and the address gets up to {speed} Mbps. Choose one of the plans below.",
    description: "The plan the visitor came for cannot be delivered here",
  },
  addressChanged: {
    id: "fibre.package.address-changed",
    defaultMessage:
      "Your new address cannot get the plan you chose before. Choose a plan for this address.",
    description: "The order was removed because the address changed",
  },
  none: {
    id: "fibre.package.none",
    defaultMessage: "No plans can be ordered at this address right now. Register your interest.",
    description: "No plan offered at the address",
  },
  loadError: {
    id: "fibre.package.load-error",
    defaultMessage: "We could not load the plans for your address",
    description: "Offers failed to load",
  },
  addOns: {
    id: "fibre.package.add-ons",
    defaultMessage: "Add-on packs (optional)",
    description: "Legend of the add-on pack choice",
  },
  included: {
    id: "fibre.package.included",
    defaultMessage: "{pack}: included in your plan",
    description: "An add-on pack the chosen plan already includes",
  },
  referral: {
    id: "fibre.package.referral",
    defaultMessage: "Referral code (optional)",
    description: "Label of the referral code field",
  },
  referralHint: {
    id: "fibre.package.referral.hint",
    defaultMessage: "From a friend who is a Suria customer, for example SURIA8K2Q",
    description: "Hint of the referral code field",
  },
  apply: {
    id: "fibre.package.referral.apply",
    defaultMessage: "Apply code",
    description: "Button that checks and applies the referral code",
  },
  applying: {
    id: "fibre.package.referral.applying",
    defaultMessage: "Checking…",
    description: "Referral code being checked",
  },
  applied: {
    id: "fibre.package.referral.applied",
    defaultMessage: "Code {code} from {name} applied: {reward}",
    description: "A usable referral code and its reward",
  },
  referralNotFound: {
    id: "fibre.package.referral.not-found",
    defaultMessage: "There is no referral code {code}. Check it with the friend who sent it.",
    description: "Unknown referral code",
  },
  referralExpired: {
    id: "fibre.package.referral.expired",
    defaultMessage: "The referral code {code} has expired.",
    description: "Expired referral code",
  },
  referralExhausted: {
    id: "fibre.package.referral.exhausted",
    defaultMessage: "The referral code {code} has been used the maximum number of times.",
    description: "Exhausted referral code",
  },
  referralProduct: {
    id: "fibre.package.referral.product",
    defaultMessage: "The referral code {code} is for another Suria product.",
    description: "Referral code of the other product",
  },
  total: {
    id: "fibre.package.total",
    defaultMessage: "Your monthly price",
    description: "Heading of the price of the chosen plan and packs",
  },
  pricing: {
    id: "fibre.package.pricing",
    defaultMessage: "Updating your price…",
    description: "The order is being priced",
  },
  pickRequired: {
    id: "fibre.package.required",
    defaultMessage: "Choose a plan.",
    description: "Error when no plan is chosen",
  },
  refused: {
    id: "fibre.package.refused",
    defaultMessage: "This plan cannot be ordered at your address. Choose another plan.",
    description: "The service refused the plan (order.plan.tooFast)",
  },
  continue: {
    id: "fibre.package.continue",
    defaultMessage: "Continue",
    description: "Go on from the plan step",
  },
  changeAddress: {
    id: "fibre.package.change-address",
    defaultMessage: "Change address",
    description: "Link back to the address step",
  },
});

const REFERRAL_TEXT = {
  notFound: messages.referralNotFound,
  expired: messages.referralExpired,
  exhausted: messages.referralExhausted,
  product: messages.referralProduct,
} as const;

/** The referral code field: checked in the browser first, then by the service. */
function ReferralField() {
  const intl = useIntl();
  const text = useValidationText();
  const { state, flow } = useJourney();
  const id = useId();
  const [code, setCode] = useState(state.selection.referralCode ?? "");
  const [typed, setTyped] = useState(code);
  const applied = state.referral;
  const error: LeadFlowErrorInfo | undefined = state.errors.applyReferralCode;

  async function onApply() {
    setTyped(code);
    try {
      await flow.applyReferralCode(code);
    } catch {
      document.getElementById(id)?.focus();
    }
  }

  let message: string | undefined;
  if (error?.code === "invalid-input") message = text(error.fieldErrors?.[0]?.code);
  else if (error?.code === "referral-rejected" && error.referralStatus) {
    message = intl.formatMessage(REFERRAL_TEXT[error.referralStatus], {
      code: typed.replace(/\s+/g, "").toUpperCase(),
    });
  } else if (error && error.code !== "missing-token") {
    message = intl.formatMessage(journeyMessages.requestFailed);
  }

  return (
    <div className="fibre-referral">
      <div className="fibre-inline">
        <TextField
          id={id}
          label={intl.formatMessage(messages.referral)}
          hint={intl.formatMessage(messages.referralHint)}
          name="referralCode"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          // Spaces are allowed while typing; the code itself has at most 12 characters.
          maxLength={REFERRAL_CODE_MAX_LENGTH + 4}
          value={code}
          error={message}
          onChange={(event) => setCode(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              void onApply();
            }
          }}
        />
        <Button
          variant="secondary"
          onClick={() => void onApply()}
          disabled={state.loading.applyReferralCode}
        >
          {intl.formatMessage(state.loading.applyReferralCode ? messages.applying : messages.apply)}
        </Button>
      </div>
      <div aria-live="polite">
        {applied && !error ? (
          <p className="fibre-ok" data-testid="referral-applied">
            {intl.formatMessage(messages.applied, {
              code: applied.code,
              name: applied.referrerName,
              reward: applied.reward.title,
            })}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function PlanOption({
  plan,
  name,
  checked,
  invalid,
  onPick,
}: {
  plan: PlanOffer;
  name: string;
  checked: boolean;
  invalid: boolean;
  onPick: () => void;
}) {
  const intl = useIntl();
  const id = useId();
  return (
    <div className="fibre-package" data-testid={`plan-${plan.id}`}>
      <input
        type="radio"
        id={id}
        name={name}
        value={plan.id}
        checked={checked}
        aria-invalid={invalid ? true : undefined}
        onChange={onPick}
      />
      <label htmlFor={id}>
        <strong>{plan.name}</strong>
        <span className="fibre-package__price">
          <PriceSummary price={plan.price} />
        </span>
        <span className="fibre-package__meta">
          {[
            plan.speedMbps !== undefined
              ? intl.formatMessage(shellMessages.speed, { speed: plan.speedMbps })
              : undefined,
            intl.formatMessage(shellMessages.contractMonths, { months: plan.contractMonths }),
          ]
            .filter(Boolean)
            .join(" · ")}
        </span>
        {plan.tagline ? <span className="fibre-package__meta">{plan.tagline}</span> : null}
      </label>
    </div>
  );
}

/**
 * Step 1: the plans this address can get (and why faster ones are missing), add-on packs, a
 * referral code and the price. Every choice is recorded and priced by the service at once, so the
 * price shown is the order's.
 */
export function PackageStep({ product }: { product: Product }) {
  const intl = useIntl();
  const { state, flow } = useJourney();
  const productName = useProductName(product);
  const [missing, setMissing] = useState(false);
  const id = useId();
  const offers = state.offers;
  const needsOffers = !offers && state.address !== undefined;

  useEffect(() => {
    if (needsOffers && !state.loading.loadOffers && !state.errors.loadOffers) {
      flow.loadOffers().catch(() => undefined);
    }
  }, [needsOffers, flow, state.loading.loadOffers, state.errors.loadOffers]);

  if (state.errors.loadOffers && !offers) {
    return (
      <ErrorState
        title={intl.formatMessage(messages.loadError)}
        onRetry={() => void flow.loadOffers().catch(() => undefined)}
      />
    );
  }
  if (!offers) {
    return (
      <div aria-busy="true" role="status">
        <SkeletonText lines={6} />
      </div>
    );
  }

  const { selection, order } = state;
  const plan = offers.plans.find((p) => p.id === selection.packageId);
  const origin = state.origin.packageId
    ? offers.unavailablePlans.find((p) => p.id === state.origin.packageId)
    : undefined;
  const networks = offers.networks.map((n) => `${n.network} (${n.technology})`).join(", ");
  const pick = (change: Parameters<typeof flow.updateOrder>[0]) => {
    setMissing(false);
    flow.updateOrder(change).catch(() => undefined);
  };
  const orderError = state.errors.updateOrder;

  function onContinue(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!order || state.loading.updateOrder) {
      if (!order) {
        setMissing(true);
        document.querySelector<HTMLInputElement>(`input[name="${id}-plan"]`)?.focus();
      }
      return;
    }
    flow.confirmPackage();
  }

  return (
    <form className="fibre-form" noValidate onSubmit={onContinue}>
      {offers.address ? (
        <p className="fibre-address">
          <span>{intl.formatMessage(messages.address, { address: offers.address.formatted })}</span>
          <Link to="/coverage" search={productSearch(product)}>
            {intl.formatMessage(messages.changeAddress)}
          </Link>
        </p>
      ) : null}
      {state.orderNotice === "address-changed" ? (
        <p className="fibre-alert" role="alert" data-testid="address-changed">
          {intl.formatMessage(messages.addressChanged)}
        </p>
      ) : null}
      {offers.maxSpeedMbps !== undefined ? (
        <p data-testid="top-speed">
          {intl.formatMessage(messages.topSpeed, { networks, speed: offers.maxSpeedMbps })}
        </p>
      ) : null}
      {origin && offers.maxSpeedMbps !== undefined ? (
        <p className="fibre-notice" role="status" data-testid="origin-unavailable">
          {intl.formatMessage(messages.originUnavailable, {
            plan: origin.name,
            needed: origin.speedMbps,
            speed: offers.maxSpeedMbps,
          })}
        </p>
      ) : null}
      {offers.plans.length === 0 ? (
        <p className="fibre-alert">{intl.formatMessage(messages.none)}</p>
      ) : (
        <fieldset
          className={`pui-field fibre-packages${missing ? " pui-field--invalid" : ""}`}
          aria-describedby={missing ? `${id}-plan-error` : undefined}
        >
          <legend className="pui-field__label">{intl.formatMessage(messages.legend)}</legend>
          {offers.plans.map((p) => (
            <PlanOption
              key={p.id}
              plan={p}
              name={`${id}-plan`}
              checked={selection.packageId === p.id}
              invalid={missing}
              onPick={() => pick({ packageId: p.id })}
            />
          ))}
          {missing ? (
            <p id={`${id}-plan-error`} className="pui-field__error">
              {intl.formatMessage(messages.pickRequired)}
            </p>
          ) : null}
        </fieldset>
      )}
      {offers.unavailablePlans.length > 0 && offers.maxSpeedMbps !== undefined ? (
        <p className="pui-field__hint" data-testid="faster-plans">
          {intl.formatMessage(messages.faster, {
            plans: offers.unavailablePlans.map((p) => p.name).join(", "),
            speed: offers.maxSpeedMbps,
          })}
        </p>
      ) : null}
      {offers.addOns.length > 0 ? (
        <fieldset className="pui-field fibre-addons">
          <legend className="pui-field__label">{intl.formatMessage(messages.addOns)}</legend>
          {offers.addOns.map((pack) => {
            const included = plan?.includedPackIds.includes(pack.id) ?? false;
            const checked = selection.addOnIds.includes(pack.id);
            return (
              <div className="fibre-check" key={pack.id} data-testid={`addon-${pack.id}`}>
                <input
                  type="checkbox"
                  id={`${id}-${pack.id}`}
                  checked={included || checked}
                  disabled={included || !plan}
                  onChange={() =>
                    pick({
                      addOnIds: checked
                        ? selection.addOnIds.filter((a) => a !== pack.id)
                        : [...selection.addOnIds, pack.id],
                    })
                  }
                />
                <label htmlFor={`${id}-${pack.id}`}>
                  {included ? (
                    intl.formatMessage(messages.included, { pack: pack.name })
                  ) : (
                    <>
                      <strong>{pack.name}</strong> <PriceSummary price={pack.price} />
                    </>
                  )}
                </label>
              </div>
            );
          })}
        </fieldset>
      ) : null}
      <ReferralField />
      <section className="fibre-total" aria-labelledby={`${id}-total`} aria-live="polite">
        <h3 id={`${id}-total`}>{intl.formatMessage(messages.total)}</h3>
        {state.loading.updateOrder ? (
          <p aria-busy="true">{intl.formatMessage(messages.pricing)}</p>
        ) : order ? (
          <p data-testid="order-price">
            <PriceSummary price={order.price} />
          </p>
        ) : (
          <p>{intl.formatMessage(messages.pickRequired)}</p>
        )}
        {orderError && orderError.code !== "referral-rejected" ? (
          <p className="fibre-alert" role="alert">
            {intl.formatMessage(
              orderError.reason === "order.plan.tooFast"
                ? messages.refused
                : journeyMessages.requestFailed,
            )}
          </p>
        ) : null}
      </section>
      <p className="pui-field__hint">
        {intl.formatMessage(journeyMessages.noPayment, { product: productName })}
      </p>
      <div className="fibre-actions">
        <Button type="submit" disabled={state.loading.updateOrder}>
          {intl.formatMessage(messages.continue)}
        </Button>
      </div>
    </form>
  );
}
