"use client";

import { Confirmation } from "./confirmation.js";
import { ConsentStep } from "./consent-step.js";
import { DetailsStep } from "./details-step.js";
import { DocumentsStep } from "./documents-step.js";
import { OtpStep } from "./otp-step.js";
import { PlanStep } from "./plan-step.js";
import { ReviewStep } from "./review-step.js";
import { SlotStep } from "./slot-step.js";
import { SignUpStepperView } from "./stepper-view.js";

export { SignUpProgress } from "./stepper-view.js";

const STEPS = {
  package: PlanStep,
  details: DetailsStep,
  otp: OtpStep,
  consent: ConsentStep,
  documents: DocumentsStep,
  slot: SlotStep,
  review: ReviewStep,
};

/**
 * The numbered sign-up: the progress list, the current step under its heading ("Step 2 of 6:
 * Your details"), which takes focus when the step changes. Until the saved journey is read it
 * shows a placeholder; without a journey it points to the address; a journey whose session
 * ended offers to start again; a submitted one goes to the confirmation (or shows it, when the
 * host has no navigation). Every step's code comes with it (LazySignUpStepper loads each step's
 * code when it is shown).
 */
export function SignUpStepper() {
  return <SignUpStepperView steps={STEPS} confirmation={Confirmation} />;
}
