"use client";

import { Button, ErrorState, ErrorSummary, SkeletonText, TextField } from "@portal/ui";
import { normaliseReferralCode, referralCodeFormSchema } from "@portal/validation";
import { useSchemaForm } from "@portal/validation/react";
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import { defineMessages, useIntl } from "react-intl";
import type { OrderChange } from "../create-lead-flow.js";
import type { PlanOffer } from "../types.js";
import { PlaceLink, useSignUp } from "./context.js";
import { common } from "./messages.js";
import { PriceSummary } from "./price.js";

const messages = defineMessages({
  legend: {
    id: "signup.plan.legend",
    defaultMessage: "Choose your plan",
    description: "Legend of the plan choice",
  },
  address: {
    id: "signup.plan.address",
    defaultMessage: "For {address}",
    description: "The installation address the plans are for",
  },
  topSpeed: {
    id: "signup.plan.top-speed",
    defaultMessage:
      "Your address is served by {networks}: expect speeds up to {speed} Mbps, so we offer plans up to {speed} Mbps.",
    description: "What speed the address gets, and why only those plans are offered",
  },
  faster: {
    id: "signup.plan.faster",
    defaultMessage:
      "Not available at this address: {plans}. They need a network faster than {speed} Mbps.",
    description: "The faster plans the address cannot get, and why",
  },
  originUnavailable: {
    id: "signup.plan.origin-unavailable",
    defaultMessage:
      "{plan} is not available at this address: it needs {needed} Mbps and the address gets up to {speed} Mbps. Choose one of the plans below.",
    description: "The plan the visitor came for cannot be delivered here",
  },
  addressChanged: {
    id: "signup.plan.address-changed",
    defaultMessage:
      "Your new address cannot get the plan you chose before. Choose a plan for this address.",
    description: "The order was removed because the address changed",
  },
  none: {
    id: "signup.plan.none",
    defaultMessage: "No plans can be ordered at this address right now. Register your interest.",
    description: "No plan offered at the address",
  },
  loadError: {
    id: "signup.plan.load-error",
    defaultMessage: "We could not load the plans for your address",
    description: "Offers failed to load",
  },
  loading: {
    id: "signup.plan.loading",
    defaultMessage: "Loading the plans for your address…",
    description: "Accessible name of the placeholder while the offers load",
  },
  addOns: {
    id: "signup.plan.add-ons",
    defaultMessage: "Add-on packs (optional)",
    description: "Legend of the add-on pack choice",
  },
  included: {
    id: "signup.plan.included",
    defaultMessage: "{pack}: included in your plan",
    description: "An add-on pack the chosen plan already includes",
  },
  referral: {
    id: "signup.plan.referral",
    defaultMessage: "Referral code (optional)",
    description: "Label of the referral code field",
  },
  referralHint: {
    id: "signup.plan.referral.hint",
    defaultMessage: "From a friend who is a Suria customer, for example SURIA8K2Q",
    description: "Hint of the referral code field",
  },
  apply: {
    id: "signup.plan.referral.apply",
    defaultMessage: "Apply code",
    description: "Button that checks and applies the referral code",
  },
  applying: {
    id: "signup.plan.referral.applying",
    defaultMessage: "Checking…",
    description: "Referral code being checked",
  },
  applied: {
    id: "signup.plan.referral.applied",
    defaultMessage: "Code {code} from {name} applied: {reward}",
    description: "A usable referral code and its reward",
  },
  referralNotFound: {
    id: "signup.plan.referral.not-found",
    defaultMessage: "There is no referral code {code}. Check it with the friend who sent it.",
    description: "Unknown referral code",
  },
  referralExpired: {
    id: "signup.plan.referral.expired",
    defaultMessage: "The referral code {code} has expired.",
    description: "Expired referral code",
  },
  referralExhausted: {
    id: "signup.plan.referral.exhausted",
    defaultMessage: "The referral code {code} has been used the maximum number of times.",
    description: "Exhausted referral code",
  },
  referralProduct: {
    id: "signup.plan.referral.product",
    defaultMessage: "The referral code {code} is for another Suria product.",
    description: "Referral code of the other product",
  },
  total: {
    id: "signup.plan.total",
    defaultMessage: "Your monthly price",
    description: "Heading of the price of the chosen plan and packs",
  },
  pricing: {
    id: "signup.plan.pricing",
    defaultMessage: "Updating your price…",
    description: "The order is being priced",
  },
  pickRequired: {
    id: "signup.plan.required",
    defaultMessage: "Choose a plan.",
    description: "Error when no plan is chosen",
  },
  refused: {
    id: "signup.plan.refused",
    defaultMessage: "This plan cannot be ordered at your address. Choose another plan.",
    description: "The service refused the plan (order.plan.tooFast)",
  },
  continue: {
    id: "signup.plan.continue",
    defaultMessage: "Continue",
    description: "Go on from the plan step",
  },
});

const REFERRAL_TEXT = {
  notFound: messages.referralNotFound,
  expired: messages.referralExpired,
  exhausted: messages.referralExhausted,
  product: messages.referralProduct,
} as const;

/**
 * The referral code field (the flow's draft), a form of its own so Enter applies the code: checked
 * in the browser first, then by the service.
 */
export function ReferralCode() {
  const intl = useIntl();
  const { flow, state, language } = useSignUp();
  const error = state.errors.applyReferralCode;
  const typed = normaliseReferralCode(state.drafts.referralCode);
  const refusal = useMemo(() => {
    if (error?.code === "referral-rejected" && error.referralStatus) {
      return intl.formatMessage(REFERRAL_TEXT[error.referralStatus], { code: typed });
    }
    if (error?.code === "invalid-input") return error.fieldErrors?.[0]?.code;
    if (error && error.code !== "missing-token") return intl.formatMessage(common.requestFailed);
    return undefined;
    // A new refusal (a new error object) is announced once; the code typed since does not count.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error, intl]);
  const form = useSchemaForm({
    schema: referralCodeFormSchema,
    language,
    values: { code: state.drafts.referralCode },
    onValuesChange: (values) => flow.edit("referralCode", values.code),
    serverErrors: refusal ? { code: refusal } : undefined,
    labels: { code: intl.formatMessage(messages.referral) },
    onSubmit: () => flow.applyReferralCode().catch(() => undefined),
  });
  const applied = state.referral;
  const busy = state.loading.applyReferralCode;
  return (
    <form {...form.formProps} className="signup-referral" aria-busy={busy}>
      <ErrorSummary errors={form.summary} data-testid="error-summary" />
      <div className="signup-inline">
        <TextField
          {...form.field("code")}
          // Optional for the sign-up; only a code being applied must be typed.
          required={false}
          label={intl.formatMessage(messages.referral)}
          hint={intl.formatMessage(messages.referralHint)}
          autoCapitalize="characters"
          spellCheck={false}
        />
        <Button type="submit" variant="secondary" disabled={busy}>
          {intl.formatMessage(busy ? messages.applying : messages.apply)}
        </Button>
      </div>
      <div aria-live="polite">
        {applied && !error ? (
          <p className="signup-ok" data-testid="referral-applied">
            {intl.formatMessage(messages.applied, {
              code: applied.code,
              name: applied.referrerName,
              reward: applied.reward.title,
            })}
          </p>
        ) : null}
      </div>
    </form>
  );
}

function PlanOption({
  plan,
  name,
  inputId,
  checked,
  invalid,
  onPick,
}: {
  plan: PlanOffer;
  name: string;
  /** The first plan's id: where the error summary's link lands. */
  inputId?: string;
  checked: boolean;
  invalid: boolean;
  onPick: () => void;
}) {
  const intl = useIntl();
  const autoId = useId();
  const id = inputId ?? autoId;
  const meta = [
    plan.speedMbps !== undefined
      ? intl.formatMessage(common.speed, { speed: plan.speedMbps })
      : undefined,
    intl.formatMessage(common.contractMonths, { months: plan.contractMonths }),
  ].filter(Boolean);
  return (
    <div className="signup-package" data-testid={`plan-${plan.id}`}>
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
        <span className="signup-package__price">
          <PriceSummary price={plan.price} />
        </span>
        <span className="signup-package__meta">{meta.join(" · ")}</span>
        {plan.tagline ? <span className="signup-package__meta">{plan.tagline}</span> : null}
      </label>
    </div>
  );
}

/** The order's price, as the service priced it (or why there is none yet). */
function OrderTotal() {
  const intl = useIntl();
  const { state } = useSignUp();
  const id = useId();
  const { selection, order, offers } = state;
  const plan = offers?.plans.find((p) => p.id === selection.packageId);
  const orderError = state.errors.updateOrder;
  const priced = order !== undefined && order.packageId === selection.packageId;
  // A chosen plan is priced by the flow by itself (a link's plan, a restored journey).
  const pricing = state.loading.updateOrder || (plan !== undefined && !priced && !orderError);
  const shownError =
    orderError && orderError.code !== "referral-rejected" && orderError.code !== "invalid-step";
  return (
    <section className="signup-total" aria-labelledby={`${id}-total`} aria-live="polite">
      <h3 id={`${id}-total`}>{intl.formatMessage(messages.total)}</h3>
      {pricing ? (
        <p aria-busy="true" data-testid="order-pricing">
          {intl.formatMessage(messages.pricing)}
        </p>
      ) : priced ? (
        <p data-testid="order-price">
          <PriceSummary price={order.price} />
        </p>
      ) : plan ? null : (
        <p>{intl.formatMessage(messages.pickRequired)}</p>
      )}
      {shownError ? (
        <p className="signup-alert" role="alert">
          {intl.formatMessage(
            orderError.reason === "order.plan.tooFast" ? messages.refused : common.requestFailed,
          )}
        </p>
      ) : null}
    </section>
  );
}

/** Where the plans are for, and why some are missing (the address's speed, a link's plan). */
function PlanNotices() {
  const intl = useIntl();
  const { state } = useSignUp();
  const offers = state.offers;
  if (!offers) return null;
  const origin = state.origin.packageId
    ? offers.unavailablePlans.find((p) => p.id === state.origin.packageId)
    : undefined;
  const networks = offers.networks.map((n) => `${n.network} (${n.technology})`).join(", ");
  return (
    <>
      {offers.address ? (
        <p className="signup-address">
          <span>{intl.formatMessage(messages.address, { address: offers.address.formatted })}</span>
          <PlaceLink place="address">{intl.formatMessage(common.changeAddress)}</PlaceLink>
        </p>
      ) : null}
      {state.orderNotice === "address-changed" ? (
        <p className="signup-alert" role="alert" data-testid="address-changed">
          {intl.formatMessage(messages.addressChanged)}
        </p>
      ) : null}
      {offers.maxSpeedMbps !== undefined ? (
        <p data-testid="top-speed">
          {intl.formatMessage(messages.topSpeed, { networks, speed: offers.maxSpeedMbps })}
        </p>
      ) : null}
      {origin && offers.maxSpeedMbps !== undefined ? (
        <p className="signup-notice" role="status" data-testid="origin-unavailable">
          {intl.formatMessage(messages.originUnavailable, {
            plan: origin.name,
            needed: origin.speedMbps,
            speed: offers.maxSpeedMbps,
          })}
        </p>
      ) : null}
    </>
  );
}

/** The add-on packs: the chosen plan's own packs shown included, the others to add. */
function AddOns({ pick }: { pick: (change: OrderChange) => void }) {
  const intl = useIntl();
  const { state } = useSignUp();
  const id = useId();
  const { offers, selection } = state;
  if (!offers || offers.addOns.length === 0) return null;
  const plan = offers.plans.find((p) => p.id === selection.packageId);
  return (
    <fieldset className="pui-field signup-addons">
      <legend className="pui-field__label">{intl.formatMessage(messages.addOns)}</legend>
      {offers.addOns.map((pack) => {
        const included = plan?.includedPackIds.includes(pack.id) ?? false;
        const checked = selection.addOnIds.includes(pack.id);
        return (
          <div className="signup-check" key={pack.id} data-testid={`addon-${pack.id}`}>
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
                  <strong>{pack.name}</strong>
                  <PriceSummary price={pack.price} installation={false} />
                </>
              )}
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}

/**
 * Step 1: the plans this address can get (and why faster ones are missing), add-on packs with
 * the packs a plan includes, a referral code, and the order's price. A plan chosen by a link is
 * checked and priced by the flow by itself; every choice is recorded and priced by the service,
 * so the price shown is the order's. Continue waits for the order under way.
 */
export function PlanStep() {
  const intl = useIntl();
  const { state, flow, productName } = useSignUp();
  const [missing, setMissing] = useState(0);
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const offers = state.offers;
  useEffect(() => {
    if (missing > 0) formRef.current?.querySelector<HTMLElement>("[data-error-summary]")?.focus();
  }, [missing]);

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
      <div aria-busy="true" role="status" aria-label={intl.formatMessage(messages.loading)}>
        <SkeletonText lines={6} />
      </div>
    );
  }

  const plan = offers.plans.find((p) => p.id === state.selection.packageId);
  const pick = (change: OrderChange) => {
    setMissing(0);
    flow.updateOrder(change).catch(() => undefined);
  };
  const planName = `${id}-plan`;
  const required = intl.formatMessage(messages.pickRequired);
  const invalid = missing > 0 && !plan;

  async function onContinue(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!plan) return setMissing((n) => n + 1);
    try {
      await flow.confirmPackage();
    } catch {
      // The failure is in state.errors.updateOrder, shown under the price.
    }
  }

  return (
    <div className="signup-form">
      <PlanNotices />
      <form
        ref={formRef}
        id={`${id}-form`}
        method="post"
        noValidate
        onSubmit={onContinue}
        className="signup-form"
      >
        {invalid ? (
          <ErrorSummary
            errors={[{ id: `${id}-first`, message: required }]}
            data-testid="error-summary"
          />
        ) : null}
        {offers.plans.length === 0 ? (
          <p className="signup-alert">{intl.formatMessage(messages.none)}</p>
        ) : (
          <fieldset
            className={`pui-field signup-packages${invalid ? " pui-field--invalid" : ""}`}
            aria-describedby={invalid ? `${id}-plan-error` : undefined}
          >
            <legend className="pui-field__label">{intl.formatMessage(messages.legend)}</legend>
            {offers.plans.map((p, i) => (
              <PlanOption
                key={p.id}
                plan={p}
                name={planName}
                inputId={i === 0 ? `${id}-first` : undefined}
                checked={state.selection.packageId === p.id}
                invalid={invalid}
                onPick={() => pick({ packageId: p.id })}
              />
            ))}
            {invalid ? (
              <p id={`${id}-plan-error`} className="pui-field__error">
                {required}
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
        <AddOns pick={pick} />
      </form>
      <ReferralCode />
      <OrderTotal />
      <p className="pui-field__hint">
        {intl.formatMessage(common.noPayment, { product: productName })}
      </p>
      <div className="signup-actions">
        <Button type="submit" form={`${id}-form`} data-testid="plan-continue">
          {intl.formatMessage(messages.continue)}
        </Button>
      </div>
    </div>
  );
}
