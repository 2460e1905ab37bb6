import { formatContactNumber } from "@portal/validation";
import type { LeadFlowState, Order } from "@portal/lead-flow";
import { defineMessages, useIntl } from "react-intl";
import { shellMessages } from "../../../shared/messages";
import { PriceSummary } from "./price-summary";

const messages = defineMessages({
  plan: { id: "journey.summary.plan", defaultMessage: "Plan", description: "Order summary label" },
  addOns: {
    id: "journey.summary.add-ons",
    defaultMessage: "Add-on packs",
    description: "Order summary label",
  },
  price: {
    id: "journey.summary.price",
    defaultMessage: "Monthly price",
    description: "Order summary label",
  },
  contract: {
    id: "journey.summary.contract",
    defaultMessage: "Contract",
    description: "Order summary label",
  },
  address: {
    id: "journey.summary.address",
    defaultMessage: "Installation address",
    description: "Order summary label",
  },
  referral: {
    id: "journey.summary.referral",
    defaultMessage: "Referral code",
    description: "Order summary label",
  },
  referralReward: {
    id: "journey.summary.referral.reward",
    defaultMessage: "{code} ({reward})",
    description: "The referral code on the order, with its reward",
  },
  phone: {
    id: "journey.summary.phone",
    defaultMessage: "Mobile number",
    description: "Order summary label",
  },
});

/**
 * The order as the service recorded and priced it (the same figures on the review and the
 * confirmation), with names from the offers when they are at hand.
 */
export function OrderSummary({ state, order }: { state: LeadFlowState; order: Order }) {
  const intl = useIntl();
  const nameOf = (id: string) =>
    state.offers?.plans.find((p) => p.id === id)?.name ??
    state.offers?.addOns.find((a) => a.id === id)?.name ??
    id;
  const plan = [
    nameOf(order.packageId),
    order.speedMbps !== undefined
      ? intl.formatMessage(shellMessages.speed, { speed: order.speedMbps })
      : undefined,
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <dl className="fibre-summary-list" data-testid="order-summary">
      <dt>{intl.formatMessage(messages.plan)}</dt>
      <dd data-testid="summary-plan">{plan}</dd>
      {order.addOnIds.length > 0 ? (
        <>
          <dt>{intl.formatMessage(messages.addOns)}</dt>
          <dd>{order.addOnIds.map(nameOf).join(", ")}</dd>
        </>
      ) : null}
      <dt>{intl.formatMessage(messages.price)}</dt>
      <dd>
        <PriceSummary price={order.price} testId="summary-price" />
      </dd>
      <dt>{intl.formatMessage(messages.contract)}</dt>
      <dd>{intl.formatMessage(shellMessages.contractMonths, { months: order.contractMonths })}</dd>
      {state.address ? (
        <>
          <dt>{intl.formatMessage(messages.address)}</dt>
          <dd>{state.address.formatted}</dd>
        </>
      ) : null}
      {state.phoneNumber ? (
        <>
          <dt>{intl.formatMessage(messages.phone)}</dt>
          <dd>{formatContactNumber(state.phoneNumber)}</dd>
        </>
      ) : null}
      {order.referralCode ? (
        <>
          <dt>{intl.formatMessage(messages.referral)}</dt>
          <dd data-testid="summary-referral">
            {state.referral?.code === order.referralCode
              ? intl.formatMessage(messages.referralReward, {
                  code: order.referralCode,
                  reward: state.referral.reward.title,
                })
              : order.referralCode}
          </dd>
        </>
      ) : null}
    </dl>
  );
}
