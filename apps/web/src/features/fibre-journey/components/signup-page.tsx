import { Link, Navigate, useNavigate } from "@tanstack/react-router";
import { SIGNUP_STEPS, canGoTo, isSessionEnded, type SignupStep } from "@portal/lead-flow";
import {
  Button,
  Container,
  EmptyState,
  PageHeader,
  SkeletonText,
  buttonClassName,
} from "@portal/ui";
import type { Product } from "@portal/validation";
import { useEffect, useRef } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Crumbs } from "../../../shared/components/crumbs";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import { ConsentStep } from "./consent-step";
import { DetailsStep } from "./details-step";
import { DocumentsStep } from "./documents-step";
import { LeadJourney, useJourney, useProductName } from "../../../shared/lead-journey";
import "./fibre-journey.css";
import { productSearch } from "../api/journey-product";
import { journeyMessages } from "./messages";
import { OtpStep } from "./otp-step";
import { PackageStep } from "./package-step";
import { ReviewStep } from "./review-step";
import { signupPageMessages } from "../messages";

const messages = {
  ...signupPageMessages,
  ...defineMessages({
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
    package: { id: "fibre.step.package", defaultMessage: "Your plan", description: "Step name" },
    details: { id: "fibre.step.details", defaultMessage: "Your details", description: "Step name" },
    otp: { id: "fibre.step.otp", defaultMessage: "Verify your mobile", description: "Step name" },
    consent: { id: "fibre.step.consent", defaultMessage: "Consent", description: "Step name" },
    documents: {
      id: "fibre.step.documents",
      defaultMessage: "Documents",
      description: "Step name",
    },
    review: {
      id: "fibre.step.review",
      defaultMessage: "Review and submit",
      description: "Step name",
    },
    done: {
      id: "fibre.step.done",
      defaultMessage: "{name} (done)",
      description: "A finished step in the step list",
    },
  }),
};

function SessionEnded({ product }: { product: Product }) {
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
            // A new lead comes with the next search; the search and the plan stay.
            flow.startAgain();
            void navigate({ to: "/coverage", search: productSearch(product) });
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

function NotStarted({ product }: { product: Product }) {
  const intl = useIntl();
  return (
    <EmptyState
      title={
        <span data-testid="not-started">{intl.formatMessage(journeyMessages.notStartedTitle)}</span>
      }
      action={
        <Link to="/coverage" search={productSearch(product)} className={buttonClassName("primary")}>
          {intl.formatMessage(journeyMessages.checkCoverage)}
        </Link>
      }
    >
      <p>{intl.formatMessage(journeyMessages.notStartedBody)}</p>
    </EmptyState>
  );
}

const isSignupStep = (step: string): step is SignupStep =>
  (SIGNUP_STEPS as readonly string[]).includes(step);

function SignupJourney({ product }: { product: Product }) {
  const intl = useIntl();
  const { state, flow } = useJourney();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const current = isSignupStep(state.step) ? state.step : undefined;
  const previous = useRef(current);

  useEffect(() => {
    // Move focus to the new step's heading so keyboard and screen reader users follow along.
    if (previous.current !== undefined && previous.current !== current) headingRef.current?.focus();
    previous.current = current;
  }, [current]);

  // Until the saved journey is read (after the first render), show where the step will be.
  if (!state.restored) {
    return (
      <div aria-busy="true" role="status">
        <SkeletonText lines={6} />
      </div>
    );
  }
  if (state.step === "submitted") {
    return <Navigate to="/signup/confirmation" search={productSearch(product)} replace />;
  }
  if (isSessionEnded(state)) return <SessionEnded product={product} />;
  if (!state.hasToken || current === undefined) return <NotStarted product={product} />;

  const index = SIGNUP_STEPS.indexOf(current);
  const name = (step: SignupStep) => intl.formatMessage(messages[step]);

  return (
    <>
      <ol className="fibre-steps" aria-label={intl.formatMessage(messages.progress)}>
        {SIGNUP_STEPS.map((step, i) => (
          <li
            key={step}
            className={i < index ? "is-done" : i === index ? "is-current" : undefined}
            aria-current={i === index ? "step" : undefined}
          >
            <span className="fibre-steps__n" aria-hidden="true">
              {i + 1}
            </span>
            {i !== index && canGoTo(state, step) ? (
              <button
                type="button"
                className="fibre-steps__name fibre-link-button"
                onClick={() => flow.goTo(step)}
              >
                {i < index ? intl.formatMessage(messages.done, { name: name(step) }) : name(step)}
              </button>
            ) : (
              <span className="fibre-steps__name">
                {i < index ? intl.formatMessage(messages.done, { name: name(step) }) : name(step)}
              </span>
            )}
          </li>
        ))}
      </ol>
      <section className="fibre-step" aria-labelledby="fibre-step-heading">
        <h2 id="fibre-step-heading" ref={headingRef} tabIndex={-1} data-testid="step-heading">
          {intl.formatMessage(messages.stepOf, {
            current: index + 1,
            total: SIGNUP_STEPS.length,
            name: name(current),
          })}
        </h2>
        {current === "package" ? <PackageStep product={product} /> : null}
        {current === "details" ? <DetailsStep product={product} /> : null}
        {current === "otp" ? <OtpStep /> : null}
        {current === "consent" ? <ConsentStep /> : null}
        {current === "documents" ? <DocumentsStep /> : null}
        {current === "review" ? <ReviewStep product={product} /> : null}
      </section>
    </>
  );
}

/** The sign-up form: plan, details, OTP, consent, documents, review; resumes at the saved step. */
export function SignupPage({ product }: { product: Product }) {
  const intl = useIntl();
  const productName = useProductName(product);
  const title = intl.formatMessage(messages.title, { product: productName });
  usePageAnalytics({ pageType: "fibre_signup", product });
  return (
    <Container>
      <Crumbs trail={[{ key: "signup", label: title }]} />
      <PageHeader title={title} lead={intl.formatMessage(messages.lead)} />
      <LeadJourney product={product}>
        <SignupJourney product={product} />
      </LeadJourney>
    </Container>
  );
}
