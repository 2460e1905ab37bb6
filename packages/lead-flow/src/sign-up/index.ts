/**
 * @portal/lead-flow/sign-up: the sign-up as drop-in React components on @portal/ui. Each step
 * draws the flow's state (drafts included) and calls the flow from its event handlers; none calls
 * it from an effect. Put them under a <SignUpProvider flow language navigation>, or render the
 * whole journey with <FibreSignUp>. Styles: @portal/ui/styles.css, then
 * @portal/lead-flow/sign-up.css. Messages: @portal/lead-flow/lang/<language> (FibreSignUp brings
 * its own IntlProvider).
 */
export { filterAddresses, PICKER_PAGE } from "./address-filter.js";
export {
  AddressPicker,
  AddressSearch,
  AddressStep,
  CoverageResult,
  SignUpInProgress,
  type AddressPickerProps,
  type AddressSearchProps,
} from "./address-step.js";
export { signUpCatalogs } from "./catalogs.js";
export { Confirmation, type ConfirmationProps } from "./confirmation.js";
export { ContinueOnPhone, TrackingLink } from "./handoff.js";
export { ConsentStep } from "./consent-step.js";
export {
  PlaceLink,
  SignUpProvider,
  useSignUp,
  type PlaceLinkProps,
  type SignUp,
  type SignUpNavigation,
  type SignUpPlace,
  type SignUpProviderProps,
} from "./context.js";
export { DetailsStep } from "./details-step.js";
export { DocumentsStep } from "./documents-step.js";
export { FibreSignUp, type FibreSignUpLinks, type FibreSignUpProps } from "./fibre-sign-up.js";
export { LazySignUpStepper, preloadSignUpStep } from "./lazy-stepper.js";
export { SignUpLoading, SignUpNotStarted, type SignUpNotStartedProps } from "./not-started.js";
export { OrderSummary } from "./order-summary.js";
export { OtpStep } from "./otp-step.js";
export { PlanStep, ReferralCode } from "./plan-step.js";
export { PriceSummary, usePriceText } from "./price.js";
export { RegisterInterest } from "./register-interest.js";
export { ReviewStep } from "./review-step.js";
export { SignUpProgress, SignUpStepper } from "./stepper.js";
export { formatSlot } from "./slot-format.js";
export { SlotStep } from "./slot-step.js";
