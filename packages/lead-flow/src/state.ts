import type { Language, LeadSearchPayload, Product } from "@portal/validation";
import type { LeadFlowErrorInfo } from "./errors.js";
import type { LeadUpdateFlags } from "./mapping.js";
import { otpResendSeconds } from "./otp-clock.js";
import type { Address, Coverage } from "./types.js";

/** The journey's steps, in order. */
export const STEPS = [
  "start",
  "address",
  "details",
  "otp",
  "consent",
  "documents",
  "order",
  "submitted",
] as const;

/** A step of the journey: where the user is. */
export type Step = (typeof STEPS)[number];

/** The calls of the journey, each with its own loading flag and last error. */
export const OPERATIONS = [
  "generateLead",
  "searchAddress",
  "checkCoverage",
  "updateLead",
  "generateOtp",
  "verifyOtp",
  "giveConsent",
  "uploadDocument",
  "deleteDocument",
  "updateOrder",
  "purchase",
  "checkEntitled",
  "registerInterest",
] as const;

/** One call of the journey. */
export type Operation = (typeof OPERATIONS)[number];

/** A document uploaded to the lead. */
export interface UploadedDocument {
  documentId: string;
  extension: string;
  name: string;
  title: string;
}

/** An upload in flight or finished. */
export interface UploadState {
  uploadId: string;
  name: string;
  size: number;
  status: "signing" | "uploading" | "done" | "failed";
  loaded: number;
  documentId?: string;
  error?: LeadFlowErrorInfo;
}

/** The state of the OTP exchange. */
export interface OtpState {
  /** Canonical phone number the code was sent to. */
  phoneNumber?: string;
  /** Reference code returned by generate-otp (not the OTP). */
  code?: string;
  /** When the last OTP was sent (ms since epoch). */
  sentAt?: number;
  /** Seconds before a resend is allowed; counts down to 0. */
  resendSeconds: number;
  verified: boolean;
}

/** The result of the entitled-fibre check. */
export interface EntitledState {
  status: "idle" | "entitled" | "rejected";
  errorCode?: string;
  data?: unknown;
}

/** The whole journey, as subscribers see it. */
export interface LeadFlowState {
  product: Product;
  language: Language;
  step: Step;
  /** The furthest step reached; `goTo` may move back and forward up to it. */
  furthestStep: Step;
  leadId?: string;
  /** The lead's phone number as last updated (canonical); the OTP goes there by default. */
  phoneNumber?: string;
  /** A lead token is saved in storage. */
  hasToken: boolean;
  mock: boolean;
  loading: Readonly<Record<Operation, boolean>>;
  errors: Readonly<Partial<Record<Operation, LeadFlowErrorInfo>>>;
  searchPayload?: LeadSearchPayload;
  addresses: readonly Address[];
  coverage?: Coverage;
  leadUpdateFlags?: LeadUpdateFlags;
  otp: OtpState;
  consent?: { language: Language };
  uploads: readonly UploadState[];
  documents: readonly UploadedDocument[];
  entitled: EntitledState;
  /** The order number once the lead is submitted. */
  orderNumber?: string;
}

/** What survives a reload (never the token itself: that has its own storage key). */
export type SavedJourney = Pick<
  LeadFlowState,
  | "product"
  | "step"
  | "furthestStep"
  | "leadId"
  | "orderNumber"
  | "phoneNumber"
  | "searchPayload"
  | "coverage"
  | "consent"
  | "documents"
> & { otp: Omit<OtpState, "resendSeconds"> };

/** Every event of the journey; the reducer handles them all in one switch. */
export type LeadFlowEvent =
  | { type: "restored"; saved: SavedJourney; hasToken: boolean; now: number }
  | { type: "started"; operation: Operation }
  | { type: "failed"; operation: Operation; error: LeadFlowErrorInfo }
  | { type: "leadGenerated"; leadId: string }
  | { type: "addressesFound"; payload: LeadSearchPayload; addresses: Address[] }
  | { type: "coverageChecked"; payload: LeadSearchPayload; coverage: Coverage }
  | { type: "leadUpdated"; phoneNumber?: string }
  | { type: "leadUpdateRejected"; flags: LeadUpdateFlags; error: LeadFlowErrorInfo }
  | { type: "otpSent"; phoneNumber: string; code: string; sentAt: number; now: number }
  | { type: "otpVerified" }
  | { type: "ticked"; now: number }
  | { type: "consentGiven"; language: Language }
  | { type: "uploadStarted"; uploadId: string; name: string; size: number }
  | { type: "uploadSigned"; uploadId: string; documentId: string }
  | { type: "uploadProgressed"; uploadId: string; loaded: number }
  | { type: "uploadFinished"; uploadId: string; document: UploadedDocument }
  | { type: "uploadFailed"; uploadId: string; error: LeadFlowErrorInfo }
  | { type: "documentDeleted"; documentId: string }
  | { type: "orderUpdated" }
  | { type: "purchased"; orderNumber: string }
  | { type: "entitledChecked"; data: unknown }
  | { type: "entitledRejected"; errorCode: string; error: LeadFlowErrorInfo }
  | { type: "interestRegistered" }
  | { type: "languageChanged"; language: Language }
  | { type: "stepSelected"; step: Step }
  | { type: "tokenLost" }
  | { type: "reset" };

const idle = Object.fromEntries(OPERATIONS.map((op) => [op, false])) as Record<Operation, boolean>;

/** The state of a journey that has not started. */
export function initialState(product: Product, language: Language, mock: boolean): LeadFlowState {
  return {
    product,
    language,
    step: "start",
    furthestStep: "start",
    hasToken: false,
    mock,
    loading: idle,
    errors: {},
    addresses: [],
    otp: { resendSeconds: 0, verified: false },
    uploads: [],
    documents: [],
    entitled: { status: "idle" },
  };
}

const later = (a: Step, b: Step): Step => (STEPS.indexOf(b) > STEPS.indexOf(a) ? b : a);

/** Moves forward to `to`, never back (redoing an earlier call does not rewind the journey). */
function advance(state: LeadFlowState, to: Step): Pick<LeadFlowState, "step" | "furthestStep"> {
  const step = later(state.step, to);
  return { step, furthestStep: later(state.furthestStep, step) };
}

/** Marks an operation done: not loading, no error. */
function done(
  state: LeadFlowState,
  operation: Operation,
): Pick<LeadFlowState, "loading" | "errors"> {
  const { [operation]: _cleared, ...errors } = state.errors;
  return { loading: { ...state.loading, [operation]: false }, errors };
}

function updateUpload(
  uploads: readonly UploadState[],
  uploadId: string,
  patch: Partial<UploadState>,
): UploadState[] {
  return uploads.map((u) => (u.uploadId === uploadId ? { ...u, ...patch } : u));
}

/** The journey's one reducer: every transition of every event is here. */
export function leadFlowReducer(state: LeadFlowState, event: LeadFlowEvent): LeadFlowState {
  switch (event.type) {
    case "restored": {
      const { otp, ...saved } = event.saved;
      return {
        ...state,
        ...saved,
        // A journey whose token is gone can only start again.
        step: event.hasToken ? saved.step : "start",
        furthestStep: event.hasToken ? saved.furthestStep : "start",
        hasToken: event.hasToken,
        otp: { ...otp, resendSeconds: otpResendSeconds(otp.sentAt, event.now) },
      };
    }
    case "started":
      return {
        ...state,
        loading: { ...state.loading, [event.operation]: true },
        errors: { ...state.errors, [event.operation]: undefined },
      };
    case "failed":
      return {
        ...state,
        loading: { ...state.loading, [event.operation]: false },
        errors: { ...state.errors, [event.operation]: event.error },
      };
    case "leadGenerated":
      return {
        ...initialState(state.product, state.language, state.mock),
        ...done(state, "generateLead"),
        leadId: event.leadId,
        hasToken: true,
        step: "address",
        furthestStep: "address",
      };
    case "addressesFound":
      return {
        ...state,
        ...done(state, "searchAddress"),
        searchPayload: event.payload,
        addresses: event.addresses,
      };
    case "coverageChecked":
      return {
        ...state,
        ...done(state, "checkCoverage"),
        searchPayload: event.payload,
        coverage: event.coverage,
        ...(event.coverage.covered ? advance(state, "details") : {}),
      };
    case "leadUpdated": {
      const { leadUpdateFlags: _flags, ...rest } = state;
      const phoneNumber = event.phoneNumber ?? state.phoneNumber;
      // The server clears phone verification when the number changes; so does the state.
      const changed =
        event.phoneNumber !== undefined && event.phoneNumber !== state.otp.phoneNumber;
      return {
        ...rest,
        ...done(state, "updateLead"),
        ...advance(state, "otp"),
        ...(phoneNumber !== undefined ? { phoneNumber } : {}),
        otp: changed ? { ...state.otp, verified: false } : state.otp,
      };
    }
    case "leadUpdateRejected":
      return {
        ...state,
        loading: { ...state.loading, updateLead: false },
        errors: { ...state.errors, updateLead: event.error },
        leadUpdateFlags: event.flags,
      };
    case "otpSent":
      return {
        ...state,
        ...done(state, "generateOtp"),
        ...advance(state, "otp"),
        otp: {
          phoneNumber: event.phoneNumber,
          code: event.code,
          sentAt: event.sentAt,
          resendSeconds: otpResendSeconds(event.sentAt, event.now),
          verified: false,
        },
      };
    case "otpVerified":
      return {
        ...state,
        ...done(state, "verifyOtp"),
        otp: { ...state.otp, verified: true },
        ...advance(state, "consent"),
      };
    case "ticked": {
      const resendSeconds = otpResendSeconds(state.otp.sentAt, event.now);
      return resendSeconds === state.otp.resendSeconds
        ? state
        : { ...state, otp: { ...state.otp, resendSeconds } };
    }
    case "consentGiven":
      return {
        ...state,
        ...done(state, "giveConsent"),
        consent: { language: event.language },
        ...advance(state, "documents"),
      };
    case "uploadStarted":
      return {
        ...state,
        loading: { ...state.loading, uploadDocument: true },
        errors: { ...state.errors, uploadDocument: undefined },
        uploads: [
          ...state.uploads.filter((u) => u.uploadId !== event.uploadId),
          {
            uploadId: event.uploadId,
            name: event.name,
            size: event.size,
            status: "signing",
            loaded: 0,
          },
        ],
      };
    case "uploadSigned":
      return {
        ...state,
        uploads: updateUpload(state.uploads, event.uploadId, {
          status: "uploading",
          documentId: event.documentId,
        }),
      };
    case "uploadProgressed":
      return {
        ...state,
        uploads: updateUpload(state.uploads, event.uploadId, { loaded: event.loaded }),
      };
    case "uploadFinished": {
      const uploads = updateUpload(state.uploads, event.uploadId, {
        status: "done",
        loaded: state.uploads.find((u) => u.uploadId === event.uploadId)?.size ?? 0,
      });
      return {
        ...state,
        loading: { ...state.loading, uploadDocument: uploads.some(isActive) },
        uploads,
        documents: [...state.documents, event.document],
      };
    }
    case "uploadFailed": {
      const uploads = updateUpload(state.uploads, event.uploadId, {
        status: "failed",
        error: event.error,
      });
      return {
        ...state,
        loading: { ...state.loading, uploadDocument: uploads.some(isActive) },
        errors: { ...state.errors, uploadDocument: event.error },
        uploads,
      };
    }
    case "documentDeleted":
      return {
        ...state,
        ...done(state, "deleteDocument"),
        documents: state.documents.filter((d) => d.documentId !== event.documentId),
        uploads: state.uploads.filter((u) => u.documentId !== event.documentId),
      };
    case "orderUpdated":
      return { ...state, ...done(state, "updateOrder"), ...advance(state, "order") };
    case "purchased":
      return {
        ...state,
        ...done(state, "purchase"),
        orderNumber: event.orderNumber,
        ...advance(state, "submitted"),
      };
    case "entitledChecked":
      return {
        ...state,
        ...done(state, "checkEntitled"),
        entitled: { status: "entitled", data: event.data },
      };
    case "entitledRejected":
      return {
        ...state,
        loading: { ...state.loading, checkEntitled: false },
        errors: { ...state.errors, checkEntitled: event.error },
        entitled: { status: "rejected", errorCode: event.errorCode },
      };
    case "interestRegistered":
      return { ...state, ...done(state, "registerInterest") };
    case "languageChanged":
      return state.language === event.language ? state : { ...state, language: event.language };
    case "stepSelected":
      // Any step up to the furthest one reached, and only while the lead token is saved.
      return STEPS.indexOf(event.step) <= STEPS.indexOf(state.furthestStep) && state.hasToken
        ? { ...state, step: event.step }
        : state;
    case "tokenLost":
      return { ...state, hasToken: false };
    case "reset":
      return initialState(state.product, state.language, state.mock);
    default: {
      const unknown: never = event;
      throw new Error(`Unhandled lead-flow event ${JSON.stringify(unknown)}`);
    }
  }
}

function isActive(upload: UploadState): boolean {
  return upload.status === "signing" || upload.status === "uploading";
}

/** The part of the state that is saved for a reload. */
export function toSavedJourney(state: LeadFlowState): SavedJourney {
  const { resendSeconds: _seconds, ...otp } = state.otp;
  const saved: SavedJourney = {
    product: state.product,
    step: state.step,
    furthestStep: state.furthestStep,
    otp,
    documents: state.documents,
  };
  if (state.leadId !== undefined) saved.leadId = state.leadId;
  if (state.searchPayload) saved.searchPayload = state.searchPayload;
  if (state.coverage) saved.coverage = state.coverage;
  if (state.consent) saved.consent = state.consent;
  if (state.orderNumber !== undefined) saved.orderNumber = state.orderNumber;
  if (state.phoneNumber !== undefined) saved.phoneNumber = state.phoneNumber;
  return saved;
}
