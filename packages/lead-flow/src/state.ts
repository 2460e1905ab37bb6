import type { Language, LeadSearchPayload, Product } from "@portal/validation";
import {
  applyDraft,
  emptyDrafts,
  interestFromCoverage,
  mergeSaved,
  SAVED_DRAFTS,
  type DraftForm,
  type Drafts,
} from "./drafts.js";
import type { LeadFlowErrorInfo } from "./errors.js";
import type { LeadUpdateFlags } from "./mapping.js";
import { otpResendSeconds } from "./otp-clock.js";
import type {
  Address,
  Coverage,
  Entitlement,
  EntitlementClaim,
  InstallationHold,
  InstallationSlots,
  Interest,
  Offers,
  Order,
  ReferralInfo,
} from "./types.js";

/**
 * The journey's steps, in order: `start` (no lead), `address` (search and coverage), `package`
 * (plan, add-ons, referral code, price), `details`, `otp`, `consent`, `documents`, `slot` (the
 * installation date and window, held for the visitor), `review` (the order summary and the
 * terms), `submitted`.
 */
export const STEPS = [
  "start",
  "address",
  "package",
  "details",
  "otp",
  "consent",
  "documents",
  "slot",
  "review",
  "submitted",
] as const;

/** A step of the journey: where the visitor is. */
export type Step = (typeof STEPS)[number];

/** The steps of the sign-up form, numbered 1 to 7 for the visitor (the address comes before). */
export const SIGNUP_STEPS = [
  "package",
  "details",
  "otp",
  "consent",
  "documents",
  "slot",
  "review",
] as const satisfies readonly Step[];

/** A step of the sign-up form. */
export type SignupStep = (typeof SIGNUP_STEPS)[number];

/** The calls of the journey, each with its own loading flag and last error. */
export const OPERATIONS = [
  "generateLead",
  "searchAddress",
  "checkCoverage",
  "selectAddress",
  "loadOffers",
  "applyReferralCode",
  "updateOrder",
  "updateLead",
  "generateOtp",
  "verifyOtp",
  "giveConsent",
  "uploadDocument",
  "deleteDocument",
  "loadSlots",
  "holdSlot",
  "purchase",
  "checkEntitled",
  "registerInterest",
  "handOff",
  "continueJourney",
  "openCoverageNotice",
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
  data?: Entitlement;
  claim?: EntitlementClaim;
}

/** What the visitor came with: a plan, add-on packs, a referral code or a postcode from a link. */
export interface JourneyOrigin {
  packageId?: string;
  addOnIds?: readonly string[];
  referralCode?: string;
  postcode?: string;
}

/** The contact details recorded on the lead (canonical, as the service accepted them). */
export interface ContactDetails {
  name?: string;
  phoneNumber?: string;
  alternatePhoneNumber?: string;
  email?: string;
}

/** The package step's choice: the plan, the add-on packs and the referral code. */
export interface Selection {
  packageId?: string;
  addOnIds: readonly string[];
  referralCode?: string;
}

/** Why the package step is shown again: the new address cannot get the ordered plan. */
export type OrderNotice = "address-changed";

/** Why the slot step is shown again: the chosen slot was just taken by another visitor. */
export type SlotNotice = "taken";

/** The whole journey, as subscribers see it. */
export interface LeadFlowState {
  product: Product;
  language: Language;
  /**
   * The saved journey has been looked for (`restore()` ran). A server render, and the first
   * render in the browser before the restore, show false: a UI shows a placeholder, not "no
   * journey", until then.
   */
  restored: boolean;
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
  /** What the visitor came with (every link entered, merged), kept across a new lead. */
  origin: JourneyOrigin;
  /** The last link entered (`begin`): entering the same link again changes nothing. */
  entry?: JourneyOrigin;
  /** What the visitor is typing in each form (the views draw these; see Drafts). */
  drafts: Drafts;
  /** The contact details recorded on the lead (review and confirmation show them). */
  contact?: ContactDetails;
  searchPayload?: LeadSearchPayload;
  addresses: readonly Address[];
  coverage?: Coverage;
  /** The covered address recorded on the lead (the installation address). */
  address?: Address;
  /** The plans this address can get, priced by the service, in `offersLanguage`. */
  offers?: Offers;
  offersLanguage?: Language;
  /** The plan, add-ons and referral code chosen at the package step. */
  selection: Selection;
  /** The referral code as the content service describes it (checked, usable). */
  referral?: ReferralInfo;
  /** The order as the service recorded and priced it; the figures every screen shows. */
  order?: Order;
  orderNotice?: OrderNotice;
  leadUpdateFlags?: LeadUpdateFlags;
  otp: OtpState;
  consent?: { language: Language };
  uploads: readonly UploadState[];
  documents: readonly UploadedDocument[];
  /** The installation slots the lead's address can book (loaded on entering the slot step). */
  slots?: InstallationSlots;
  /** The slot held for the lead (10 minutes), then booked by the purchase. */
  slotHold?: InstallationHold;
  /** The chosen slot was just taken: the slot step says so above the next ones. */
  slotNotice?: SlotNotice;
  entitled: EntitledState;
  interest?: Interest;
  /** The order number once the lead is submitted. */
  orderNumber?: string;
  submittedAt?: string;
  /** The order's signed tracking link (issue 24): its token and when it stops working. */
  tracking?: { token: string; expiresAt: string };
  /** "Continue on your phone": the single-use code of the last handoff (never saved). */
  handoff?: Handoff;
}

/** A handoff of the journey to another device: its code and when it stops working. */
export interface Handoff {
  code: string;
  expiresAt: string;
}

/** What survives a reload (never the token itself: that has its own storage key). */
export type SavedJourney = Pick<
  LeadFlowState,
  | "product"
  | "step"
  | "furthestStep"
  | "leadId"
  | "orderNumber"
  | "submittedAt"
  | "tracking"
  | "phoneNumber"
  | "origin"
  | "entry"
  | "contact"
  | "searchPayload"
  | "coverage"
  | "address"
  | "selection"
  | "referral"
  | "order"
  | "orderNotice"
  | "consent"
  | "documents"
  | "slotHold"
> & {
  otp: Omit<OtpState, "resendSeconds">;
  /** The drafts kept across a reload (SAVED_DRAFTS: the address search and the referral code). */
  drafts?: Partial<Pick<Drafts, (typeof SAVED_DRAFTS)[number]>>;
};

/** Every event of the journey; the reducer handles them all in one switch. */
export type LeadFlowEvent =
  | {
      type: "restored";
      saved: SavedJourney;
      hasToken: boolean;
      now: number;
      /** Fields the visitor edited before the restore, per form: what they typed stays. */
      edited?: Partial<Record<DraftForm, readonly string[]>>;
    }
  | { type: "drafted"; form: DraftForm; change: unknown }
  | { type: "nothingRestored" }
  | { type: "begun"; origin: JourneyOrigin }
  | { type: "started"; operation: Operation }
  | { type: "failed"; operation: Operation; error: LeadFlowErrorInfo }
  | { type: "leadGenerated"; leadId: string }
  | { type: "addressesFound"; payload: LeadSearchPayload; addresses: Address[] }
  | {
      type: "coverageChecked";
      coverage: Coverage;
      /** The visitor's search, when the check was of it (not of a picked address). */
      payload?: LeadSearchPayload;
    }
  | { type: "addressNotCovered" }
  | { type: "addressRecorded"; address: Address; order?: Order; operation?: Operation }
  | { type: "offersLoaded"; offers: Offers; language: Language }
  | { type: "selected"; selection: Partial<Selection> }
  | { type: "referralChecked"; referral: ReferralInfo }
  | { type: "orderUpdated"; order: Order }
  | { type: "packageConfirmed" }
  | { type: "leadUpdated"; contact?: ContactDetails; order?: Order }
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
  | { type: "documentsFinished" }
  | { type: "slotsLoaded"; slots: InstallationSlots }
  | { type: "slotHeld"; hold: InstallationHold }
  | { type: "slotTaken"; operation: Operation; error: LeadFlowErrorInfo }
  | { type: "slotConfirmed" }
  | {
      type: "purchased";
      orderNumber: string;
      submittedAt: string;
      order: Order;
      tracking?: { token: string; expiresAt: string };
    }
  | { type: "entitledChecked"; data: Entitlement }
  | { type: "entitlementClaimed"; claim: EntitlementClaim }
  | { type: "entitledRejected"; errorCode: string; error: LeadFlowErrorInfo }
  | { type: "interestRegistered"; interest: Interest }
  | { type: "languageChanged"; language: Language }
  | { type: "stepSelected"; step: Step }
  | { type: "tokenLost" }
  | { type: "handedOff"; handoff: Handoff }
  | { type: "handoffReceived" }
  | { type: "coverageNoticeOpened" }
  | { type: "restarted" }
  | { type: "reset" };

const idle = Object.fromEntries(OPERATIONS.map((op) => [op, false])) as Record<Operation, boolean>;

/** The state of a journey that has not started. */
export function initialState(product: Product, language: Language, mock: boolean): LeadFlowState {
  return {
    product,
    language,
    restored: false,
    step: "start",
    furthestStep: "start",
    hasToken: false,
    mock,
    loading: idle,
    errors: {},
    origin: {},
    drafts: emptyDrafts,
    addresses: [],
    selection: { addOnIds: [] },
    otp: { resendSeconds: 0, verified: false },
    uploads: [],
    documents: [],
    entitled: { status: "idle" },
  };
}

const index = (step: Step) => STEPS.indexOf(step);
const later = (a: Step, b: Step): Step => (index(b) > index(a) ? b : a);

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

/**
 * The selection an order stands for. The packs the visitor chose stay chosen even when the plan
 * includes them (and the order leaves them out), so another plan gets them back.
 */
function selectionOf(order: Order, selection: Selection): Selection {
  const code = order.referralCode ?? selection.referralCode;
  return {
    packageId: order.packageId,
    addOnIds: [...new Set([...order.addOnIds, ...selection.addOnIds])],
    ...(code !== undefined ? { referralCode: code } : {}),
  };
}

/**
 * The lead's order as an answer shows it: an order the state held that the answer no longer has
 * was removed by the service (a new address that cannot get the plan), so the package step comes
 * back with a notice.
 */
function withOrderFrom(
  state: LeadFlowState,
  order: Order | undefined,
): Pick<LeadFlowState, "order" | "orderNotice" | "step"> {
  if (order) return { order, orderNotice: undefined, step: state.step };
  if (!state.order) return { order: undefined, orderNotice: state.orderNotice, step: state.step };
  return {
    order: undefined,
    orderNotice: "address-changed",
    step: index(state.step) > index("package") ? "package" : state.step,
  };
}

/** A journey that has not started, for a state that may already be restored. */
const fresh = (state: LeadFlowState): LeadFlowState => ({
  ...initialState(state.product, state.language, state.mock),
  restored: state.restored,
});

/** The journey's one reducer: every transition of every event, by part of the journey. */
export function leadFlowReducer(state: LeadFlowState, event: LeadFlowEvent): LeadFlowState {
  switch (event.type) {
    case "restored":
    case "drafted":
    case "nothingRestored":
    case "begun":
    case "started":
    case "failed":
    case "leadGenerated":
    case "languageChanged":
    case "stepSelected":
    case "tokenLost":
    case "restarted":
    case "reset":
      return journeyReducer(state, event);
    case "handedOff":
      return { ...state, ...done(state, "handOff"), handoff: event.handoff };
    case "handoffReceived":
      return { ...state, ...done(state, "continueJourney"), handoff: undefined };
    case "coverageNoticeOpened":
      return { ...state, ...done(state, "openCoverageNotice") };
    case "addressesFound":
    case "coverageChecked":
    case "addressNotCovered":
    case "addressRecorded":
    case "offersLoaded":
    case "selected":
    case "referralChecked":
    case "orderUpdated":
    case "packageConfirmed":
      return addressReducer(state, event);
    case "leadUpdated":
    case "leadUpdateRejected":
    case "otpSent":
    case "otpVerified":
    case "ticked":
    case "consentGiven":
      return contactReducer(state, event);
    case "uploadStarted":
    case "uploadSigned":
    case "uploadProgressed":
    case "uploadFinished":
    case "uploadFailed":
    case "documentDeleted":
    case "documentsFinished":
    case "slotsLoaded":
    case "slotHeld":
    case "slotTaken":
    case "slotConfirmed":
    case "purchased":
    case "entitledChecked":
    case "entitlementClaimed":
    case "entitledRejected":
    case "interestRegistered":
      return documentsReducer(state, event);
    default: {
      const unknown: never = event;
      throw new Error(`Unhandled lead-flow event ${JSON.stringify(unknown)}`);
    }
  }
}

/** The journey as a whole: restore, links, drafts, loading flags, the lead, language and steps. */
function journeyReducer(
  state: LeadFlowState,
  event: Extract<
    LeadFlowEvent,
    {
      type:
        | "restored"
        | "drafted"
        | "nothingRestored"
        | "begun"
        | "started"
        | "failed"
        | "leadGenerated"
        | "languageChanged"
        | "stepSelected"
        | "tokenLost"
        | "restarted"
        | "reset";
    }
  >,
): LeadFlowState {
  switch (event.type) {
    case "restored": {
      const { otp, drafts: savedDrafts = {}, ...saved } = event.saved;
      const edited = (form: DraftForm) => new Set(event.edited?.[form] ?? []);
      const drafts: Drafts = { ...state.drafts };
      for (const form of SAVED_DRAFTS) {
        (drafts as Record<DraftForm, unknown>)[form] = mergeSaved(
          state.drafts[form],
          savedDrafts[form],
          edited(form),
        );
      }
      // A journey whose token is gone comes back as it was, its session ended (isSessionEnded):
      // the visitor is told so, and startAgain() keeps what they came with and typed.
      return {
        ...state,
        ...saved,
        drafts,
        restored: true,
        hasToken: event.hasToken,
        otp: { ...otp, resendSeconds: otpResendSeconds(otp.sentAt, event.now) },
      };
    }
    case "drafted": {
      const drafts = applyDraft(state.drafts, event.form, event.change as never);
      return drafts === state.drafts ? state : { ...state, drafts };
    }
    case "nothingRestored":
      return state.restored ? state : { ...state, restored: true };
    case "begun":
      return begun(state, event.origin);
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
      // A new lead: everything of the earlier one goes, except what the visitor came with, what
      // they typed in the search and the referral code they had.
      return {
        ...fresh(state),
        ...done(state, "generateLead"),
        origin: state.origin,
        selection: selectionFromOrigin(state.origin, {
          addOnIds: [],
          ...(state.selection.referralCode ? { referralCode: state.selection.referralCode } : {}),
        }),
        ...(state.referral ? { referral: state.referral } : {}),
        ...(state.searchPayload ? { searchPayload: state.searchPayload } : {}),
        ...(state.entry ? { entry: state.entry } : {}),
        drafts: state.drafts,
        leadId: event.leadId,
        hasToken: true,
        step: "address",
        furthestStep: "address",
      };
    case "languageChanged":
      return state.language === event.language ? state : { ...state, language: event.language };
    case "stepSelected":
      return canGoTo(state, event.step) ? { ...state, step: event.step } : state;
    case "tokenLost":
      return { ...state, hasToken: false };
    case "restarted":
      // A new lead comes next; what the visitor came with and typed stays.
      return {
        ...fresh(state),
        origin: state.origin,
        selection: {
          addOnIds: state.selection.addOnIds,
          ...(state.selection.packageId ? { packageId: state.selection.packageId } : {}),
          ...(state.selection.referralCode ? { referralCode: state.selection.referralCode } : {}),
        },
        ...(state.referral ? { referral: state.referral } : {}),
        ...(state.searchPayload ? { searchPayload: state.searchPayload } : {}),
        ...(state.entry ? { entry: state.entry } : {}),
        drafts: state.drafts,
      };
    case "reset":
      return fresh(state);
  }
}

/** The address and the plan: search, coverage, the recorded address, offers and the order. */
function addressReducer(
  state: LeadFlowState,
  event: Extract<
    LeadFlowEvent,
    {
      type:
        | "addressesFound"
        | "coverageChecked"
        | "addressNotCovered"
        | "addressRecorded"
        | "offersLoaded"
        | "selected"
        | "referralChecked"
        | "orderUpdated"
        | "packageConfirmed";
    }
  >,
): LeadFlowState {
  switch (event.type) {
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
        ...(event.payload ? { searchPayload: event.payload } : {}),
        coverage: event.coverage,
        // Register interest is offered for an address that is not covered: it carries it.
        drafts: event.coverage.covered
          ? state.drafts
          : {
              ...state.drafts,
              interest: interestFromCoverage(state.drafts.interest, event.coverage),
            },
      };
    case "addressNotCovered":
      return { ...state, ...done(state, "selectAddress") };
    case "addressRecorded": {
      const moved = advance(state, "package");
      const order = withOrderFrom({ ...state, step: moved.step }, event.order);
      return {
        ...state,
        ...done(state, event.operation ?? "selectAddress"),
        ...moved,
        ...order,
        address: event.address,
        // New offers follow for the new address, and its own installation slots.
        offers: undefined,
        offersLanguage: undefined,
        slots: undefined,
      };
    }
    case "offersLoaded": {
      const available = new Set(event.offers.plans.map((p) => p.id));
      const packs = new Set(event.offers.addOns.map((a) => a.id));
      // The chosen plan when this address can get it, else the ordered one (a link's plan that
      // cannot be delivered here leaves an earlier order as it was).
      const packageId = [state.selection.packageId, state.order?.packageId].find(
        (id) => id !== undefined && available.has(id),
      );
      return {
        ...state,
        ...done(state, "loadOffers"),
        offers: event.offers,
        offersLanguage: event.language,
        selection: {
          ...state.selection,
          packageId,
          addOnIds: state.selection.addOnIds.filter((id) => packs.has(id)),
        },
      };
    }
    case "selected":
      return { ...state, selection: { ...state.selection, ...event.selection } };
    case "referralChecked":
      return {
        ...state,
        ...done(state, "applyReferralCode"),
        referral: event.referral,
        selection: { ...state.selection, referralCode: event.referral.code },
      };
    case "orderUpdated":
      return {
        ...state,
        ...done(state, "updateOrder"),
        order: event.order,
        orderNotice: undefined,
        selection: selectionOf(event.order, state.selection),
      };
    case "packageConfirmed": {
      if (!state.order) return state;
      // Back to where the visitor was (a plan changed from the review returns to the review).
      const step = later("details", state.furthestStep);
      return { ...state, step, furthestStep: later(state.furthestStep, step) };
    }
  }
}

/** Contact details, the one-time code and consent. */
function contactReducer(
  state: LeadFlowState,
  event: Extract<
    LeadFlowEvent,
    {
      type:
        | "leadUpdated"
        | "leadUpdateRejected"
        | "otpSent"
        | "otpVerified"
        | "ticked"
        | "consentGiven";
    }
  >,
): LeadFlowState {
  switch (event.type) {
    case "leadUpdated": {
      const { leadUpdateFlags: _flags, ...rest } = state;
      const contact = event.contact ?? {};
      const phoneNumber = contact.phoneNumber ?? state.phoneNumber;
      // The server clears phone verification when the number changes; so does the state.
      const changed =
        contact.phoneNumber !== undefined && contact.phoneNumber !== state.otp.phoneNumber;
      return {
        ...rest,
        ...done(state, "updateLead"),
        ...advance(state, "otp"),
        // Contact details never remove an order; an answer carrying one is the latest.
        ...(event.order ? { order: event.order } : {}),
        ...(phoneNumber !== undefined ? { phoneNumber } : {}),
        contact: { ...state.contact, ...contact },
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
        drafts: { ...state.drafts, otp: "" },
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
  }
}

/** Documents, the purchase, the entitled-fibre check and register interest. */
function documentsReducer(
  state: LeadFlowState,
  event: Extract<
    LeadFlowEvent,
    {
      type:
        | "uploadStarted"
        | "uploadSigned"
        | "uploadProgressed"
        | "uploadFinished"
        | "uploadFailed"
        | "documentDeleted"
        | "documentsFinished"
        | "slotsLoaded"
        | "slotHeld"
        | "slotTaken"
        | "slotConfirmed"
        | "purchased"
        | "entitledChecked"
        | "entitlementClaimed"
        | "entitledRejected"
        | "interestRegistered";
    }
  >,
): LeadFlowState {
  switch (event.type) {
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
    case "documentsFinished":
      return state.documents.length > 0 ? { ...state, ...advance(state, "slot") } : state;
    case "slotsLoaded":
      return {
        ...state,
        ...done(state, "loadSlots"),
        slots: event.slots,
        // The service's word on the lead's hold: still counting, or gone.
        slotHold: event.slots.held,
      };
    case "slotHeld":
      return { ...state, ...done(state, "holdSlot"), slotHold: event.hold, slotNotice: undefined };
    case "slotTaken":
      // Just taken (a hold of the last unit, or an expired hold lost before the purchase): back
      // to the slot step, where the next ones load again.
      return {
        ...state,
        loading: { ...state.loading, [event.operation]: false },
        errors: { ...state.errors, [event.operation]: event.error },
        slots: undefined,
        slotHold: undefined,
        slotNotice: "taken",
        step: index(state.step) > index("slot") ? "slot" : state.step,
      };
    case "slotConfirmed": {
      // On to the review with a held slot, or without one when the address has none to offer.
      const none = state.slots !== undefined && state.slots.slots.length === 0;
      if (!state.slotHold && !none) return state;
      const step = later("review", state.furthestStep);
      return { ...state, step, furthestStep: later(state.furthestStep, step) };
    }
    case "purchased":
      return {
        ...state,
        ...done(state, "purchase"),
        orderNumber: event.orderNumber,
        submittedAt: event.submittedAt,
        order: event.order,
        ...(event.tracking ? { tracking: event.tracking } : {}),
        ...advance(state, "submitted"),
      };
    case "entitledChecked":
      return {
        ...state,
        ...done(state, "checkEntitled"),
        entitled: { status: "entitled", data: event.data },
      };
    case "entitlementClaimed":
      return {
        ...state,
        ...done(state, "checkEntitled"),
        entitled: { ...state.entitled, status: "entitled", claim: event.claim },
      };
    case "entitledRejected":
      return {
        ...state,
        loading: { ...state.loading, checkEntitled: false },
        errors: { ...state.errors, checkEntitled: event.error },
        entitled: { ...state.entitled, status: "rejected", errorCode: event.errorCode },
      };
    case "interestRegistered":
      return { ...state, ...done(state, "registerInterest"), interest: event.interest };
  }
}

/**
 * Whether `goTo(step)` may move there: a step reached before, while the lead token is saved, and
 * past the package step only with a recorded order.
 */
export function canGoTo(state: LeadFlowState, step: Step): boolean {
  if (!state.hasToken || state.step === "submitted" || step === "submitted") return false;
  if (index(step) > index(state.furthestStep) || index(step) < index("address")) return false;
  return index(step) <= index("package") || state.order !== undefined;
}

/**
 * The lead's session is over (its token expired, was refused or is gone from storage) while the
 * journey is not finished: a UI says so and offers `startAgain()`, which keeps the visitor's
 * origin, search, plan and referral code for the new lead.
 */
export function isSessionEnded(state: LeadFlowState): boolean {
  return !state.hasToken && state.leadId !== undefined && state.step !== "submitted";
}

/**
 * A link into the journey. A submitted journey is over: the link starts a new one (the drafts
 * stay). Otherwise the link's plan becomes the choice unless the order already has it, its packs
 * join the chosen ones, its referral code is kept when there is none, and its postcode goes into
 * the address search (the newest input). A journey past the plan step whose choice the link
 * changed goes back to the plan step, where the order is priced again.
 */
function begun(state: LeadFlowState, entry: JourneyOrigin): LeadFlowState {
  const drafts: Drafts = {
    ...state.drafts,
    ...(entry.postcode ? { search: { ...state.drafts.search, postalCode: entry.postcode } } : {}),
    ...(entry.referralCode ? { referralCode: entry.referralCode } : {}),
  };
  if (state.step === "submitted") {
    return {
      ...fresh(state),
      origin: entry,
      entry,
      drafts: { ...drafts, otp: "" },
      selection: selectionFromOrigin(entry),
    };
  }
  const origin: JourneyOrigin = { ...state.origin, ...entry };
  const selection: Selection = {
    ...selectionFromOrigin(entry, state.selection),
    ...(entry.referralCode ? { referralCode: entry.referralCode } : {}),
  };
  const order = state.order;
  const changesOrder =
    order !== undefined &&
    ((entry.packageId !== undefined && entry.packageId !== order.packageId) ||
      (entry.addOnIds ?? []).some((id) => !state.selection.addOnIds.includes(id)));
  return {
    ...state,
    origin,
    entry,
    drafts,
    selection,
    ...(changesOrder && index(state.step) > index("package") ? { step: "package" } : {}),
  };
}

/** The package step's choice from a link's plan and packs, on top of an earlier choice. */
function selectionFromOrigin(origin: JourneyOrigin, base: Selection = { addOnIds: [] }): Selection {
  return {
    ...base,
    ...(origin.packageId ? { packageId: origin.packageId } : {}),
    addOnIds: origin.addOnIds
      ? [...new Set([...base.addOnIds, ...origin.addOnIds])]
      : base.addOnIds,
    ...(origin.referralCode && !base.referralCode ? { referralCode: origin.referralCode } : {}),
  };
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
    origin: state.origin,
    selection: state.selection,
    otp,
    documents: state.documents,
    drafts: Object.fromEntries(SAVED_DRAFTS.map((form) => [form, state.drafts[form]])),
  };
  const optional = [
    "entry",
    "contact",
    "leadId",
    "orderNumber",
    "submittedAt",
    "tracking",
    "phoneNumber",
    "searchPayload",
    "coverage",
    "address",
    "referral",
    "order",
    "orderNotice",
    "consent",
    "slotHold",
  ] as const;
  for (const key of optional) {
    if (state[key] !== undefined) (saved as Record<string, unknown>)[key] = state[key];
  }
  return saved;
}
