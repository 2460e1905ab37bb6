import { Link, useNavigate } from "@tanstack/react-router";
import { Button, Container, PageHeader, SkeletonText, buttonClassName } from "@portal/ui";
import type { Product } from "@portal/validation";
import { useEffect } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Crumbs } from "../../../shared/components/crumbs";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import { LeadJourney, useJourney, useProductName } from "../../../shared/lead-journey";
import "./fibre-journey.css";
import { productSearch } from "../api/journey-product";
import { journeyMessages } from "./messages";
import { OrderSummary } from "./order-summary";
import { confirmationPageMessages } from "../messages";

const messages = {
  ...confirmationPageMessages,
  ...defineMessages({
    title: {
      id: "fibre.confirmation.title",
      defaultMessage: "Thank you, your sign-up is in",
      description: "Confirmation heading once the sign-up is submitted",
    },
    reference: {
      id: "fibre.confirmation.reference",
      defaultMessage: "Your order number",
      description: "Label of the order number",
    },
    next: {
      id: "fibre.confirmation.next",
      defaultMessage:
        "We will call you within 2 working days to book the installation. Keep your order number for any question.",
      description: "What happens next",
    },
    home: {
      id: "fibre.confirmation.home",
      defaultMessage: "Back to the home page",
      description: "Link home",
    },
    another: {
      id: "fibre.confirmation.another",
      defaultMessage: "Sign up another address",
      description: "Start a new journey",
    },
    missingTitle: {
      id: "fibre.confirmation.missing",
      defaultMessage: "No submitted sign-up on this device",
      description: "Confirmation opened without a submitted lead",
    },
    missingBody: {
      id: "fibre.confirmation.missing.body",
      defaultMessage:
        "We have no order from this device. If you started a sign-up, continue it; otherwise check your address to start one.",
      description: "Confirmation opened without a submitted lead: what to do",
    },
    continueSignup: {
      id: "fibre.confirmation.continue",
      defaultMessage: "Continue my sign-up",
      description: "Link to the sign-up in progress",
    },
  }),
};

function Confirmation({ product }: { product: Product }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const productName = useProductName(product);
  const { state, flow } = useJourney();
  const submitted = state.step === "submitted" && state.orderNumber !== undefined;
  const needsNames = submitted && !state.offers && state.hasToken && !state.loading.loadOffers;
  useEffect(() => {
    if (needsNames) flow.loadOffers().catch(() => undefined);
  }, [needsNames, flow]);
  const search = productSearch(product);

  if (!state.restored) {
    return (
      <>
        <PageHeader title={intl.formatMessage(messages.pageTitle)} />
        <div aria-busy="true" role="status">
          <SkeletonText lines={4} />
        </div>
      </>
    );
  }
  if (!submitted) {
    // No thanks without an order: say what is there and where to go.
    return (
      <>
        <PageHeader title={intl.formatMessage(messages.missingTitle)} />
        <div className="fibre-panel" data-testid="confirmation-missing">
          <p>{intl.formatMessage(messages.missingBody)}</p>
          <div className="fibre-actions">
            {state.hasToken && state.step !== "start" ? (
              <Link to="/signup" search={search} className={buttonClassName("primary")}>
                {intl.formatMessage(messages.continueSignup)}
              </Link>
            ) : null}
            <Link
              to="/coverage"
              search={search}
              className={buttonClassName(state.hasToken ? "secondary" : "primary")}
            >
              {intl.formatMessage(journeyMessages.checkCoverage)}
            </Link>
          </div>
        </div>
      </>
    );
  }
  return (
    <>
      <PageHeader title={intl.formatMessage(messages.title)} />
      <div className="fibre-panel fibre-panel--ok">
        <p>{intl.formatMessage(messages.lead, { product: productName })}</p>
        <dl className="fibre-reference">
          <dt>{intl.formatMessage(messages.reference)}</dt>
          <dd data-testid="lead-reference">{state.orderNumber}</dd>
        </dl>
        {state.order ? <OrderSummary state={state} order={state.order} /> : null}
        <p>{intl.formatMessage(messages.next)}</p>
        <div className="fibre-actions">
          <Link to="/" className={buttonClassName("primary")}>
            {intl.formatMessage(messages.home)}
          </Link>
          <Button
            variant="secondary"
            onClick={() => {
              flow.begin();
              void navigate({ to: "/coverage", search });
            }}
          >
            {intl.formatMessage(messages.another)}
          </Button>
        </div>
      </div>
    </>
  );
}

/** The end of the journey: the order number and the order, restored after a reload. */
export function ConfirmationPage({ product }: { product: Product }) {
  const intl = useIntl();
  const title = intl.formatMessage(messages.pageTitle);
  usePageAnalytics({ pageType: "fibre_confirmation", product });
  return (
    <Container>
      <Crumbs trail={[{ key: "confirmation", label: title }]} />
      <LeadJourney product={product}>
        <Confirmation product={product} />
      </LeadJourney>
    </Container>
  );
}
