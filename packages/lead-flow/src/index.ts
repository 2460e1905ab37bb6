/**
 * @portal/lead-flow: the fibre lead journey as a framework-free store. React hooks live in
 * `@portal/lead-flow/react`.
 */
export {
  createLeadFlow,
  DEFAULT_STORAGE_KEY,
  type LeadFlow,
  type LeadFlowOptions,
  type LeadUpdate,
  type UploadDocumentOptions,
} from "./create-lead-flow.js";
export {
  LeadFlowError,
  isLeadFlowError,
  TOKEN_UNAVAILABLE,
  type LeadFlowErrorCode,
  type LeadFlowErrorInfo,
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
  STEPS,
  initialState,
  leadFlowReducer,
  toSavedJourney,
  type EntitledState,
  type LeadFlowEvent,
  type LeadFlowState,
  type Operation,
  type OtpState,
  type SavedJourney,
  type Step,
  type UploadState,
  type UploadedDocument,
} from "./state.js";
export {
  createMemoryStorage,
  systemClock,
  type Address,
  type Clock,
  type Coverage,
  type Lead,
  type LeadApi,
  type Order,
  type OrderUpdate,
  type Purchase,
  type StorageLike,
} from "./types.js";
