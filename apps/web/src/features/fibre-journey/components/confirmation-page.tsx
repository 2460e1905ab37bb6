import { Link, useNavigate } from "@tanstack/react-router";
import { Button, Container, PageHeader, buttonClassName } from "@portal/ui";
import { defineMessages, useIntl } from "react-intl";
import { Crumbs } from "../../../shared/components/crumbs";
import { usePageMeta } from "../../../shared/page-meta";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import { FibreJourney, useJourney } from "./journey";
import { journeyMessages } from "./messages";

const messages = defineMessages({
  title: {
    id: "fibre.confirmation.title",
    defaultMessage: "Thank you, your sign-up is in",
    description: "Confirmation page heading and document title",
  },
  lead: {
    id: "fibre.confirmation.lead",
    defaultMessage: "We have received your Suria Fibre sign-up.",
    description: "Confirmation page intro and meta description",
  },
  reference: {
    id: "fibre.confirmation.reference",
    defaultMessage: "Your reference",
    description: "Label of the order number",
  },
  next: {
    id: "fibre.confirmation.next",
    defaultMessage:
      "We will call you within 2 working days to book the installation. Keep your reference for any question.",
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
});

function Confirmation() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { state, flow } = useJourney();
  if (!state.orderNumber || state.step !== "submitted") {
    return (
      <div className="fibre-panel" data-testid="confirmation-missing">
        <h2>{intl.formatMessage(messages.missingTitle)}</h2>
        <p>{intl.formatMessage(journeyMessages.notStartedBody)}</p>
        <Link to="/coverage" className={buttonClassName("primary")}>
          {intl.formatMessage(journeyMessages.checkCoverage)}
        </Link>
      </div>
    );
  }
  return (
    <div className="fibre-panel fibre-panel--ok">
      <p>{intl.formatMessage(messages.lead)}</p>
      <dl className="fibre-reference">
        <dt>{intl.formatMessage(messages.reference)}</dt>
        <dd data-testid="lead-reference">{state.orderNumber}</dd>
      </dl>
      <p>{intl.formatMessage(messages.next)}</p>
      <div className="fibre-actions">
        <Link to="/" className={buttonClassName("primary")}>
          {intl.formatMessage(messages.home)}
        </Link>
        <Button
          variant="secondary"
          onClick={() => {
            flow.reset();
            void navigate({ to: "/coverage" });
          }}
        >
          {intl.formatMessage(messages.another)}
        </Button>
      </div>
    </div>
  );
}

/** The end of the journey: the lead reference (order number), restored after a reload. */
export function ConfirmationPage() {
  const intl = useIntl();
  const title = intl.formatMessage(messages.title);
  usePageMeta(title, intl.formatMessage(messages.lead));
  usePageAnalytics({ pageType: "fibre_confirmation", product: "fibre" });
  return (
    <Container>
      <Crumbs trail={[{ key: "confirmation", label: title }]} />
      <PageHeader title={title} />
      <FibreJourney>
        <Confirmation />
      </FibreJourney>
    </Container>
  );
}
