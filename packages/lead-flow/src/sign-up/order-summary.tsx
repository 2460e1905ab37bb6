"use client";

import { formatContactNumber } from "@portal/validation";
import type { ReactNode } from "react";
import { defineMessages, useIntl } from "react-intl";
import { useSignUp } from "./context.js";
import { common } from "./messages.js";
import { PriceSummary } from "./price.js";
import { formatSlot } from "./slot-format.js";

const messages = defineMessages({
  address: {
    id: "signup.summary.address",
    defaultMessage: "Installation address",
    description: "Order summary label",
  },
  plan: { id: "signup.summary.plan", defaultMessage: "Plan", description: "Order summary label" },
  price: {
    id: "signup.summary.price",
    defaultMessage: "Monthly price",
    description: "Order summary label",
  },
  contract: {
    id: "signup.summary.contract",
    defaultMessage: "Contract",
    description: "Order summary label",
  },
  months: {
    id: "signup.summary.contract.months",
    defaultMessage:
      "{months, plural, =0 {No contract} one {{months} month} other {{months} months}}",
    description: "Order summary: the contract's length",
  },
  included: {
    id: "signup.summary.included",
    defaultMessage: "Included in your plan",
    description: "Order summary label: the packs the plan includes",
  },
  addOns: {
    id: "signup.summary.add-ons",
    defaultMessage: "Add-on packs",
    description: "Order summary label",
  },
  name: { id: "signup.summary.name", defaultMessage: "Name", description: "Order summary label" },
  phone: {
    id: "signup.summary.phone",
    defaultMessage: "Mobile number",
    description: "Order summary label",
  },
  alternate: {
    id: "signup.summary.alternate",
    defaultMessage: "Alternate number",
    description: "Order summary label",
  },
  email: {
    id: "signup.summary.email",
    defaultMessage: "Email",
    description: "Order summary label",
  },
  documents: {
    id: "signup.summary.documents",
    defaultMessage: "Documents",
    description: "Order summary label: the uploaded documents",
  },
  document: {
    id: "signup.summary.document",
    defaultMessage: "{title}: {name}",
    description: "One uploaded document: its kind, then its file name",
  },
  installation: {
    id: "signup.summary.installation",
    defaultMessage: "Installation slot",
    description: "Order summary label: the installation day and window",
  },
  referral: {
    id: "signup.summary.referral",
    defaultMessage: "Referral code",
    description: "Order summary label",
  },
  referralReward: {
    id: "signup.summary.referral.reward",
    defaultMessage: "{code} ({reward})",
    description: "The referral code on the order, with its reward",
  },
  front: {
    id: "signup.documents.front",
    defaultMessage: "MyKad, front",
    description: "Upload slot: identity card front",
  },
  back: {
    id: "signup.documents.back",
    defaultMessage: "MyKad, back",
    description: "Upload slot: identity card back",
  },
  bill: {
    id: "signup.documents.bill",
    defaultMessage: "Utility bill",
    description: "Upload slot: utility bill",
  },
});

/** The windows' hours (openapi/shop.yaml InstallationWindow). */
const SLOT_HOURS = {
  morning: { from: "09:00", to: "13:00" },
  afternoon: { from: "14:00", to: "18:00" },
} as const;

/** The document kinds a lead carries: the stable title sent with the upload, and its label. */
export const DOCUMENT_SLOTS = {
  front: { title: "MyKad (front)", label: messages.front },
  back: { title: "MyKad (back)", label: messages.back },
  bill: { title: "Utility bill", label: messages.bill },
} as const;

/**
 * The order as the service recorded and priced it, and who it is for: the address, the plan and
 * its price, the packs the plan includes, the add-ons, the contact details (numbers as
 * `+60 12-345 6789`), the documents and the referral code. The review and the confirmation show
 * the same list; plan and pack names come with the offers (the flow loads them for both steps).
 */
export function OrderSummary() {
  const intl = useIntl();
  const { state } = useSignUp();
  const { order, offers, contact, address, referral } = state;
  if (!order) return null;
  const nameOf = (id: string) =>
    offers?.plans.find((p) => p.id === id)?.name ??
    offers?.addOns.find((a) => a.id === id)?.name ??
    id;
  const plan = [
    nameOf(order.packageId),
    order.speedMbps !== undefined
      ? intl.formatMessage(common.speed, { speed: order.speedMbps })
      : undefined,
  ]
    .filter(Boolean)
    .join(" · ");
  // The booked slot once submitted (the order carries it), the held one before.
  const booked = order.installationDate && order.installationSlot;
  const installation =
    state.step === "submitted"
      ? booked
        ? {
            date: order.installationDate!,
            slot: order.installationSlot!,
            ...SLOT_HOURS[order.installationSlot!],
          }
        : undefined
      : state.slotHold;
  const included = offers?.plans.find((p) => p.id === order.packageId)?.includedPackIds ?? [];
  const slotLabel = (title: string) => {
    const slot = Object.values(DOCUMENT_SLOTS).find((s) => s.title === title);
    return slot ? intl.formatMessage(slot.label) : title;
  };
  const row = (label: string, value: ReactNode, testId?: string) => (
    <>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </>
  );
  return (
    <dl className="signup-summary-list" data-testid="order-summary">
      {address
        ? row(intl.formatMessage(messages.address), address.formatted, "summary-address")
        : null}
      {installation
        ? row(
            intl.formatMessage(messages.installation),
            formatSlot(intl, installation),
            "summary-installation",
          )
        : null}
      {row(intl.formatMessage(messages.plan), plan, "summary-plan")}
      {row(
        intl.formatMessage(messages.price),
        <PriceSummary price={order.price} testId="summary-price" />,
      )}
      {row(
        intl.formatMessage(messages.contract),
        intl.formatMessage(messages.months, { months: order.contractMonths }),
      )}
      {included.length > 0
        ? row(
            intl.formatMessage(messages.included),
            included.map(nameOf).join(", "),
            "summary-included",
          )
        : null}
      {order.addOnIds.length > 0
        ? row(
            intl.formatMessage(messages.addOns),
            order.addOnIds.map(nameOf).join(", "),
            "summary-add-ons",
          )
        : null}
      {contact?.name ? row(intl.formatMessage(messages.name), contact.name, "summary-name") : null}
      {contact?.phoneNumber
        ? row(
            intl.formatMessage(messages.phone),
            formatContactNumber(contact.phoneNumber),
            "summary-phone",
          )
        : null}
      {contact?.alternatePhoneNumber
        ? row(
            intl.formatMessage(messages.alternate),
            formatContactNumber(contact.alternatePhoneNumber),
            "summary-alternate",
          )
        : null}
      {contact?.email
        ? row(intl.formatMessage(messages.email), contact.email, "summary-email")
        : null}
      {state.documents.length > 0
        ? row(
            intl.formatMessage(messages.documents),
            <ul className="signup-summary-documents">
              {state.documents.map((d) => (
                <li key={d.documentId}>
                  {intl.formatMessage(messages.document, {
                    title: slotLabel(d.title),
                    name: d.name,
                  })}
                </li>
              ))}
            </ul>,
            "summary-documents",
          )
        : null}
      {order.referralCode
        ? row(
            intl.formatMessage(messages.referral),
            referral?.code === order.referralCode
              ? intl.formatMessage(messages.referralReward, {
                  code: order.referralCode,
                  reward: referral.reward.title,
                })
              : order.referralCode,
            "summary-referral",
          )
        : null}
    </dl>
  );
}
