"use client";

import { lazy, type ComponentType } from "react";
import type { SignupStep } from "../state.js";
import { useSignUp } from "./context.js";
import { isSignupStep, SignUpStepperView } from "./stepper-view.js";

// Each step's module, imported when the step is shown: a bundler makes a chunk of each, so a page
// loads the code of the step the visitor is on, not the whole sign-up.
const importers: Record<SignupStep | "submitted", () => Promise<ComponentType>> = {
  package: () => import("./plan-step.js").then((m) => m.PlanStep),
  details: () => import("./details-step.js").then((m) => m.DetailsStep),
  otp: () => import("./otp-step.js").then((m) => m.OtpStep),
  consent: () => import("./consent-step.js").then((m) => m.ConsentStep),
  documents: () => import("./documents-step.js").then((m) => m.DocumentsStep),
  slot: () => import("./slot-step.js").then((m) => m.SlotStep),
  review: () => import("./review-step.js").then((m) => m.ReviewStep),
  submitted: () => import("./confirmation.js").then((m) => m.Confirmation),
};
type Part = keyof typeof importers;

const loading = new Map<Part, Promise<ComponentType>>();
const loaded = new Map<Part, ComponentType>();

/**
 * Starts loading a sign-up step's code (idempotent; a failed load is tried again on the next
 * call). Call it on the visitor's intent to reach a step; LazySignUpStepper calls it for the step
 * it is about to show.
 */
export function preloadSignUpStep(step: SignupStep | "submitted"): Promise<unknown> {
  return importPart(step);
}

function importPart(part: Part): Promise<ComponentType> {
  let promise = loading.get(part);
  if (!promise) {
    promise = importers[part]().then(
      (component) => (loaded.set(part, component), component),
      (error: unknown) => {
        loading.delete(part);
        throw error;
      },
    );
    loading.set(part, promise);
  }
  return promise;
}

const components = new Map<Part, ComponentType>();

/**
 * The part as one React.lazy component. When its code is already there (loaded while the page
 * hydrated) the factory answers with a thenable that resolves at once, so React draws the step in
 * the same render instead of the placeholder for a frame. React keeps a lazy component's failure
 * for good, so a part whose code failed to load (a phone losing its signal) gets a new lazy
 * component: the error's "Try again" renders the stepper again and the code is fetched again.
 */
function lazyPart(part: Part): ComponentType {
  let component = components.get(part);
  if (!component) {
    component = lazy(() => {
      const ready = loaded.get(part);
      if (!ready)
        return importPart(part).then(
          (loadedPart) => ({ default: loadedPart }),
          (error: unknown) => {
            components.delete(part);
            throw error;
          },
        );
      const now = {
        then: (resolve: (value: { default: ComponentType }) => void) => resolve({ default: ready }),
      };
      return now as unknown as Promise<{ default: ComponentType }>;
    });
    components.set(part, component);
  }
  return component;
}

/** The steps' components as they are now (a part that failed to load has a new one). */
const currentSteps = (): Record<SignupStep, ComponentType> => ({
  package: lazyPart("package"),
  details: lazyPart("details"),
  otp: lazyPart("otp"),
  consent: lazyPart("consent"),
  documents: lazyPart("documents"),
  slot: lazyPart("slot"),
  review: lazyPart("review"),
});

/**
 * SignUpStepper that loads each step's code (and the confirmation's) only when the journey
 * reaches it, with the same placeholder meanwhile. The first step's code starts loading as the
 * journey is read in the browser, in the render that hydrates the page. A server render draws
 * the placeholder (a server's journey is never restored), so hydration needs no step's code.
 */
export function LazySignUpStepper() {
  const { flow } = useSignUp();
  // The browser's own state (restored from storage) names the step that comes right after
  // hydration: its code starts loading now instead of after the first commit.
  if (typeof window !== "undefined") {
    const { step } = flow.getSnapshot();
    if (isSignupStep(step) || step === "submitted") importPart(step).catch(noop);
  }
  return <SignUpStepperView steps={currentSteps()} confirmation={lazyPart("submitted")} />;
}

const noop = () => undefined;
