import { Link, Navigate, useNavigate } from "@tanstack/react-router";
import type { LeadFlowState } from "@portal/lead-flow";
import { Button, Container, EmptyState, PageHeader, buttonClassName } from "@portal/ui";
import { useEffect, useRef, useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Crumbs } from "../../../shared/components/crumbs";
import { usePageMeta } from "../../../shared/page-meta";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import { ConsentStep } from "./consent-step";
import { DetailsStep } from "./details-step";
import { DocumentsStep } from "./documents-step";
import { FibreJourney, useJourney } from "./journey";
import { journeyMessages } from "./messages";
import { OtpStep } from "./otp-step";
import { PackageStep } from "./package-step";

const messages = defineMessages({
  title: {
    id: "fibre.signup.title",
    defaultMessage: "Sign up for Suria Fibre",
    description: "Sign-up page heading and document title",
  },
  lead: {
    id: "fibre.signup.lead",
    defaultMessage:
      "Five short steps: your details, a code by SMS, consent, a document and your package. Your progress is saved on this device.",
    description: "Sign-up page intro and meta description",
  },
  progress: {
    id: "fibre.signup.progress",
    defaultMessage: "Sign-up progress",
    description: "Accessible name of the step list",
  },
  stepOf: {
    id: "fibre.signup.step-of",
    defaultMessage: "Step {current} of {total}: {name}",
    description: "Heading of the current step",
  },
  details: { id: "fibre.step.details", defaultMessage: "Your details", description: "Step name" },
  otp: { id: "fibre.step.otp", defaultMessage: "Verify your mobile", description: "Step name" },
  consent: { id: "fibre.step.consent", defaultMessage: "Consent", description: "Step name" },
  documents: { id: "fibre.step.documents", defaultMessage: "Documents", description: "Step name" },
  package: { id: "fibre.step.package", defaultMessage: "Package", description: "Step name" },
  done: {
    id: "fibre.step.done",
    defaultMessage: "{name} (done)",
    description: "A finished step in the step list",
  },
});

const PACKAGES_KEY = "portal.fibre.packages";

function readPackagesFlag(): boolean {
  try {
    return sessionStorage.getItem(PACKAGES_KEY) === "true";
  } catch {
    return false;
  }
}

function writePackagesFlag(value: boolean): void {
  try {
    if (value) sessionStorage.setItem(PACKAGES_KEY, "true");
    else sessionStorage.removeItem(PACKAGES_KEY);
  } catch {
    // Without storage a reload shows the documents again; nothing is lost.
  }
}

const UI_STEPS = ["details", "otp", "consent", "documents", "package"] as const;
type UiStep = (typeof UI_STEPS)[number];

function uiStep(state: LeadFlowState, showPackages: boolean): UiStep | undefined {
  switch (state.step) {
    case "details":
    case "otp":
    case "consent":
      return state.step;
    case "documents":
      return showPackages ? "package" : "documents";
    case "order":
      return "package";
    default:
      return undefined;
  }
}

function SessionEnded() {
  const intl = useIntl();
  const { flow } = useJourney();
  const navigate = useNavigate();
  return (
    <EmptyState
      title={
        <span data-testid="session-ended">{intl.formatMessage(journeyMessages.sessionTitle)}</span>
      }
      action={
        <Button
          onClick={() => {
            writePackagesFlag(false);
            flow.reset();
            void navigate({ to: "/coverage" });
          }}
        >
          {intl.formatMessage(journeyMessages.startAgain)}
        </Button>
      }
    >
      <p>{intl.formatMessage(journeyMessages.sessionBody)}</p>
    </EmptyState>
  );
}

function NotStarted() {
  const intl = useIntl();
  return (
    <EmptyState
      title={
        <span data-testid="not-started">{intl.formatMessage(journeyMessages.notStartedTitle)}</span>
      }
      action={
        <Link to="/coverage" className={buttonClassName("primary")}>
          {intl.formatMessage(journeyMessages.checkCoverage)}
        </Link>
      }
    >
      <p>{intl.formatMessage(journeyMessages.notStartedBody)}</p>
    </EmptyState>
  );
}

function SignupJourney() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { state, flow } = useJourney();
  // "Continue to packages" has no call of its own; remember it for a reload in this tab.
  const [showPackages, setShowPackagesState] = useState(() => readPackagesFlag());
  const setShowPackages = (value: boolean) => {
    setShowPackagesState(value);
    writePackagesFlag(value);
  };
  const headingRef = useRef<HTMLHeadingElement>(null);
  const current = uiStep(state, showPackages);
  const previous = useRef(current);

  useEffect(() => {
    // Move focus to the new step's heading so keyboard and screen reader users follow along.
    if (previous.current !== undefined && previous.current !== current) headingRef.current?.focus();
    previous.current = current;
  }, [current]);

  const tokenGone =
    (!state.hasToken && state.leadId !== undefined) ||
    Object.values(state.errors).some(
      (error) => error?.code === "missing-token" || error?.statusCode === 401,
    );
  if (tokenGone) return <SessionEnded />;
  if (state.step === "submitted") return <Navigate to="/signup/confirmation" replace />;
  if (!state.hasToken || current === undefined) return <NotStarted />;

  const index = UI_STEPS.indexOf(current);
  const name = (step: UiStep) => intl.formatMessage(messages[step]);

  return (
    <>
      <ol className="fibre-steps" aria-label={intl.formatMessage(messages.progress)}>
        {UI_STEPS.map((step, i) => (
          <li
            key={step}
            className={i < index ? "is-done" : i === index ? "is-current" : undefined}
            aria-current={i === index ? "step" : undefined}
          >
            <span className="fibre-steps__n" aria-hidden="true">
              {i + 1}
            </span>
            <span className="fibre-steps__name">
              {i < index ? intl.formatMessage(messages.done, { name: name(step) }) : name(step)}
            </span>
          </li>
        ))}
      </ol>
      <section className="fibre-step" aria-labelledby="fibre-step-heading">
        <h2 id="fibre-step-heading" ref={headingRef} tabIndex={-1} data-testid="step-heading">
          {intl.formatMessage(messages.stepOf, {
            current: index + 1,
            total: UI_STEPS.length,
            name: name(current),
          })}
        </h2>
        {current === "details" ? <DetailsStep /> : null}
        {current === "otp" ? <OtpStep /> : null}
        {current === "consent" ? <ConsentStep /> : null}
        {current === "documents" ? <DocumentsStep onDone={() => setShowPackages(true)} /> : null}
        {current === "package" ? (
          <PackageStep
            onBack={() => {
              setShowPackages(false);
              flow.goTo("documents");
            }}
            onSubmitted={() => {
              writePackagesFlag(false);
              void navigate({ to: "/signup/confirmation" });
            }}
          />
        ) : null}
      </section>
    </>
  );
}

/** The lead form: details, OTP, consent, documents, package; resumes at the saved step. */
export function SignupPage() {
  const intl = useIntl();
  const title = intl.formatMessage(messages.title);
  usePageMeta(title, intl.formatMessage(messages.lead));
  usePageAnalytics({ pageType: "fibre_signup", product: "fibre" });
  return (
    <Container>
      <Crumbs trail={[{ key: "signup", label: title }]} />
      <PageHeader title={title} lead={intl.formatMessage(messages.lead)} />
      <FibreJourney>
        <SignupJourney />
      </FibreJourney>
    </Container>
  );
}
