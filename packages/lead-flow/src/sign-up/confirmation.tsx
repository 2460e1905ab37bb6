"use client";

import { SkeletonText, buttonClassName } from "@portal/ui";
import { createElement } from "react";
import { defineMessages, useIntl } from "react-intl";
import { PlaceLink, useSignUp } from "./context.js";
import { common } from "./messages.js";
import { TrackingLink } from "./handoff.js";
import { OrderSummary } from "./order-summary.js";
import { formatSlot } from "./slot-format.js";

const messages = defineMessages({
  pending: {
    id: "signup.confirmation.pending",
    defaultMessage: "Sign-up confirmation",
    description: "Heading of the confirmation while the saved sign-up is read",
  },
  title: {
    id: "signup.confirmation.title",
    defaultMessage: "Thank you, your sign-up is in",
    description: "Confirmation heading once the sign-up is submitted",
  },
  received: {
    id: "signup.confirmation.received",
    defaultMessage: "We have received your {product} sign-up.",
    description: "Confirmation text",
  },
  reference: {
    id: "signup.confirmation.reference",
    defaultMessage: "Your order number",
    description: "Label of the order number",
  },
  next: {
    id: "signup.confirmation.next",
    defaultMessage:
      "We will call you within 2 working days to book the installation. Keep your order number for any question.",
    description: "What happens next",
  },
  nextSlot: {
    id: "signup.confirmation.next-slot",
    defaultMessage:
      "Our installer comes on {slot}. We will call you the day before. Keep your order number for any question.",
    description: "What happens next, with a booked installation slot",
  },
  home: {
    id: "signup.confirmation.home",
    defaultMessage: "Back to the home page",
    description: "Link home",
  },
  another: {
    id: "signup.confirmation.another",
    defaultMessage: "Sign up another address",
    description: "Start a new journey",
  },
  missingTitle: {
    id: "signup.confirmation.missing",
    defaultMessage: "No submitted sign-up on this device",
    description: "Confirmation opened without a submitted lead",
  },
  missingBody: {
    id: "signup.confirmation.missing.body",
    defaultMessage:
      "We have no order from this device. If you started a sign-up, continue it; otherwise check your address to start one.",
    description: "Confirmation opened without a submitted lead: what to do",
  },
  continueSignup: {
    id: "signup.confirmation.continue",
    defaultMessage: "Continue my sign-up",
    description: "Link to the sign-up in progress",
  },
});

/** Props of Confirmation. */
export interface ConfirmationProps {
  /** The level of its heading: 1 when it is the page's title (default 2). */
  headingLevel?: 1 | 2;
}

/**
 * The end of the journey: the order number and the same summary as the review (restored after a
 * reload); without a submitted sign-up on the device, no thanks: where to go instead.
 */
export function Confirmation({ headingLevel = 2 }: ConfirmationProps) {
  const intl = useIntl();
  const { state, flow, productName, product } = useSignUp();
  // As the page's title (level 1) it looks like @portal/ui's PageHeader.
  const heading = (text: string, testId?: string) => {
    const title = createElement(
      `h${headingLevel}`,
      {
        tabIndex: -1,
        className: headingLevel === 1 ? "pui-page-header__title" : "signup-title",
        "data-testid": testId,
      },
      text,
    );
    return headingLevel === 1 ? <div className="pui-page-header">{title}</div> : title;
  };
  if (!state.restored) {
    return (
      <div className="signup-view">
        {heading(intl.formatMessage(messages.pending))}
        <div aria-busy="true" role="status" aria-label={intl.formatMessage(common.loading)}>
          <SkeletonText lines={4} />
        </div>
      </div>
    );
  }
  const submitted = state.step === "submitted" && state.orderNumber !== undefined;
  if (!submitted) {
    return (
      <div className="signup-view">
        {heading(intl.formatMessage(messages.missingTitle))}
        <div className="signup-panel" data-testid="confirmation-missing">
          <p>{intl.formatMessage(messages.missingBody)}</p>
          <div className="signup-actions">
            {state.hasToken && state.step !== "start" ? (
              <PlaceLink place="signup" className={buttonClassName("primary")}>
                {intl.formatMessage(messages.continueSignup)}
              </PlaceLink>
            ) : null}
            <PlaceLink
              place="address"
              className={buttonClassName(state.hasToken ? "secondary" : "primary")}
            >
              {intl.formatMessage(product === "tv" ? common.checkAddress : common.checkCoverage)}
            </PlaceLink>
          </div>
        </div>
      </div>
    );
  }
  return (
    <div className="signup-view">
      {heading(intl.formatMessage(messages.title), "confirmation-title")}
      <div className="signup-panel signup-panel--ok">
        <p>{intl.formatMessage(messages.received, { product: productName })}</p>
        <dl className="signup-reference">
          <dt>{intl.formatMessage(messages.reference)}</dt>
          <dd data-testid="lead-reference">{state.orderNumber}</dd>
        </dl>
        <TrackingLink />
        <OrderSummary />
        <p data-testid="confirmation-next">
          {state.order?.installationDate && state.order.installationSlot
            ? intl.formatMessage(messages.nextSlot, {
                slot: formatSlot(intl, {
                  date: state.order.installationDate,
                  slot: state.order.installationSlot,
                  ...(state.order.installationSlot === "morning"
                    ? { from: "09:00", to: "13:00" }
                    : { from: "14:00", to: "18:00" }),
                }),
              })
            : intl.formatMessage(messages.next)}
        </p>
        <div className="signup-actions">
          <PlaceLink place="home" className={buttonClassName("primary")}>
            {intl.formatMessage(messages.home)}
          </PlaceLink>
          <PlaceLink
            place="address"
            className={buttonClassName("secondary")}
            // The next journey starts fresh; what the visitor typed in the search stays.
            onFollow={() => flow.begin()}
          >
            {intl.formatMessage(messages.another)}
          </PlaceLink>
        </div>
      </div>
    </div>
  );
}
