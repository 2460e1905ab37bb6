/**
 * @portal/lead-flow: the sign-up journey (fibre or TV) as a framework-free store. React hooks
 * live in `@portal/lead-flow/react`.
 */
export {
  createLeadFlow,
  DEFAULT_STORAGE_KEY,
  type LeadFlow,
  type LeadFlowOptions,
  type LeadUpdate,
  type OrderChange,
  type UploadDocumentOptions,
} from "./create-lead-flow.js";
export {
  SAVED_DRAFTS,
  emptyDrafts,
  type ContactDraft,
  type DraftChange,
  type DraftForm,
  type Drafts,
  type InterestDraft,
  type SearchDraft,
} from "./drafts.js";
export { dueLoads, type DueLoad } from "./loads.js";
export { hasSavedJourney, type SavedJourneyOptions } from "./saved.js";
export { interestBody } from "./operations/submission.js";
export { SLOT_DAYS, SLOT_TAKEN } from "./operations/slots.js";
export { HANDOFF_CODE } from "./operations/handoff.js";
export { COVERAGE_NOTICE_TOKEN } from "./operations/coverage-notice.js";
export { ENTRY_PARAMS, originFromSearch, sameOrigin, type EntrySearch } from "./origin.js";
export { SAVED_JOURNEY_MAX_AGE_MS } from "./store.js";
export {
  LeadFlowError,
  isLeadFlowError,
  TOKEN_UNAVAILABLE,
  type LeadFlowErrorCode,
  type LeadFlowErrorInfo,
  type ReferralRejection,
} from "./errors.js";
export {
  ASTRO_FIBRE_INVALID_TOKEN,
  NO_LEAD_UPDATE_FLAGS,
  flagsFromFieldErrors,
  isMockEnvironment,
  mapEntitledError,
  mapLeadUpdateErrors,
  type LeadUpdateFlags,
} from "./mapping.js";
export { OTP_RESEND_SECONDS, otpResendSeconds } from "./otp-clock.js";
export {
  putFile,
  putWithStream,
  putWithXhr,
  type PutFile,
  type PutFileOptions,
} from "./put-file.js";
export {
  OPERATIONS,
  SIGNUP_STEPS,
  STEPS,
  canGoTo,
  initialState,
  isSessionEnded,
  leadFlowReducer,
  toSavedJourney,
  type ContactDetails,
  type EntitledState,
  type Handoff,
  type JourneyOrigin,
  type LeadFlowEvent,
  type LeadFlowState,
  type Operation,
  type OrderNotice,
  type OtpState,
  type SavedJourney,
  type Selection,
  type SignupStep,
  type SlotNotice,
  type Step,
  type UploadState,
  type UploadedDocument,
} from "./state.js";
export {
  createMemoryStorage,
  systemClock,
  type AddOnOffer,
  type Address,
  type Clock,
  type Coverage,
  type Entitlement,
  type EntitlementClaim,
  type InstallationHold,
  type InstallationSlot,
  type InstallationSlots,
  type Interest,
  type Lead,
  type LeadApi,
  type Offers,
  type Order,
  type OrderUpdate,
  type PlanOffer,
  type Price,
  type Purchase,
  type ReferralInfo,
  type StorageLike,
  type UnavailablePlan,
} from "./types.js";
