"use client";

import { ContinueOnPhone } from "./handoff.js";
import { Button, EmptyState } from "@portal/ui";
import { Suspense, useEffect, useRef, type ComponentType } from "react";
import { defineMessages, useIntl } from "react-intl";
import { SIGNUP_STEPS, canGoTo, isSessionEnded, type SignupStep } from "../state.js";
import { useSignUp } from "./context.js";
import { SignUpLoading, SignUpNotStarted } from "./not-started.js";

const messages = defineMessages({
  progress: {
    id: "signup.progress",
    defaultMessage: "Sign-up progress",
    description: "Accessible name of the step list",
  },
  stepOf: {
    id: "signup.step-of",
    defaultMessage: "Step {current} of {total}: {name}",
    description: "Heading of the current step",
  },
  package: { id: "signup.step.package", defaultMessage: "Your plan", description: "Step name" },
  details: { id: "signup.step.details", defaultMessage: "Your details", description: "Step name" },
  otp: { id: "signup.step.otp", defaultMessage: "Verify your mobile", description: "Step name" },
  consent: { id: "signup.step.consent", defaultMessage: "Consent", description: "Step name" },
  documents: {
    id: "signup.step.documents",
    defaultMessage: "Documents",
    description: "Step name",
  },
  slot: {
    id: "signup.step.slot",
    defaultMessage: "Installation slot",
    description: "Step name",
  },
  review: {
    id: "signup.step.review",
    defaultMessage: "Review and submit",
    description: "Step name",
  },
  done: {
    id: "signup.step.done",
    defaultMessage: "{name} (done)",
    description: "A finished step in the step list",
  },
  sessionTitle: {
    id: "signup.session.title",
    defaultMessage: "Your sign-up session has ended",
    description: "Heading when the lead token is missing mid-journey",
  },
  sessionBody: {
    id: "signup.session.body",
    defaultMessage:
      "We could not find your saved sign-up on this device (it expired or was cleared). Check your address again to start a new one; it only takes a minute.",
    description: "Text when the lead token is missing mid-journey",
  },
  startAgain: {
    id: "signup.session.start-again",
    defaultMessage: "Start again",
    description: "Button that starts a new journey",
  },
});

/** Whether a journey step is one of the numbered sign-up steps. */
export const isSignupStep = (step: string): step is SignupStep =>
  (SIGNUP_STEPS as readonly string[]).includes(step);

/** The numbered steps, each a button back to a step reached before. */
export function SignUpProgress() {
  const intl = useIntl();
  const { state, flow } = useSignUp();
  const index = isSignupStep(state.step) ? SIGNUP_STEPS.indexOf(state.step) : -1;
  return (
    <ol className="signup-steps" aria-label={intl.formatMessage(messages.progress)}>
      {SIGNUP_STEPS.map((step, i) => {
        const name = intl.formatMessage(messages[step]);
        const label = i < index ? intl.formatMessage(messages.done, { name }) : name;
        return (
          <li
            key={step}
            className={i < index ? "is-done" : i === index ? "is-current" : undefined}
            aria-current={i === index ? "step" : undefined}
          >
            <span className="signup-steps__n" aria-hidden="true">
              {i + 1}
            </span>
            {i !== index && canGoTo(state, step) ? (
              <button
                type="button"
                className="signup-steps__name signup-link-button"
                onClick={() => flow.goTo(step)}
              >
                {label}
              </button>
            ) : (
              <span className="signup-steps__name">{label}</span>
            )}
          </li>
        );
      })}
    </ol>
  );
}

function SessionEnded() {
  const intl = useIntl();
  const { flow, navigation } = useSignUp();
  return (
    <EmptyState
      title={<span data-testid="session-ended">{intl.formatMessage(messages.sessionTitle)}</span>}
      action={
        <Button
          onClick={() => {
            // A new lead comes with the next search; the search and the plan stay.
            flow.startAgain();
            navigation.navigate?.("address");
          }}
        >
          {intl.formatMessage(messages.startAgain)}
        </Button>
      }
    >
      <p>{intl.formatMessage(messages.sessionBody)}</p>
    </EmptyState>
  );
}

function NotStarted() {
  const { product, productName, navigation } = useSignUp();
  return <SignUpNotStarted product={product} productName={productName} navigation={navigation} />;
}

/** What SignUpStepperView draws each step and the confirmation with. */
export interface SignUpStepperViewProps {
  /** The component of each numbered step (eager, or React.lazy). */
  steps: Record<SignupStep, ComponentType>;
  /** The confirmation, shown when the journey is submitted and the host has no navigation. */
  confirmation: ComponentType;
}

/**
 * The numbered sign-up over given step components (SignUpStepper's eager ones, or
 * LazySignUpStepper's): the progress list, the current step under its heading ("Step 2 of 6: Your
 * details"), which takes focus when the step changes. Until the saved journey is read, or while a
 * step's code loads, it shows a placeholder; without a journey it points to the address; a
 * journey whose session ended offers to start again; a submitted one goes to the confirmation (or
 * shows it, when the host has no navigation).
 */
export function SignUpStepperView({ steps, confirmation: Done }: SignUpStepperViewProps) {
  const intl = useIntl();
  const { state, navigation } = useSignUp();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const current = isSignupStep(state.step) ? state.step : undefined;
  const previous = useRef(current);
  const submitted = state.step === "submitted";
  const navigate = navigation.navigate;

  useEffect(() => {
    // Focus follows the step, so keyboard and screen reader users know where they are.
    if (previous.current !== undefined && previous.current !== current) headingRef.current?.focus();
    previous.current = current;
  }, [current]);
  useEffect(() => {
    // A submitted journey (a reload of the last step) belongs on the confirmation page.
    if (submitted && navigate) navigate("confirmation", { replace: true });
  }, [submitted, navigate]);

  if (!state.restored || (submitted && navigate)) return <SignUpLoading />;
  if (submitted) {
    return (
      <Suspense fallback={<SignUpLoading />}>
        <Done />
      </Suspense>
    );
  }
  if (isSessionEnded(state)) return <SessionEnded />;
  if (!state.hasToken || current === undefined) return <NotStarted />;

  const Step = steps[current];
  return (
    <div className="signup-view">
      <SignUpProgress />
      <section className="signup-step" aria-labelledby="signup-step-heading">
        <h2 id="signup-step-heading" ref={headingRef} tabIndex={-1} data-testid="step-heading">
          {intl.formatMessage(messages.stepOf, {
            current: SIGNUP_STEPS.indexOf(current) + 1,
            total: SIGNUP_STEPS.length,
            name: intl.formatMessage(messages[current]),
          })}
        </h2>
        {/* A step whose code is still loading (LazySignUpStepper) shows the same placeholder. */}
        <Suspense fallback={<SignUpLoading />}>
          <Step />
        </Suspense>
      </section>
      <ContinueOnPhone />
    </div>
  );
}
