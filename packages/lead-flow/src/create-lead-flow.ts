import { createHandoffOperations } from "./operations/handoff.js";
import { createCoverageNoticeOperations } from "./operations/coverage-notice.js";
import {
  DEFAULT_LANGUAGE,
  type Language,
  type LeadCreateBody,
  type LeadSearchForm,
  type LeadSearchPayload,
  type Product,
  type RegisterInterest,
} from "@portal/validation";
import { fieldsOf, type DraftChange, type DraftForm } from "./drafts.js";
import { dueLoads } from "./loads.js";
import { isMockEnvironment } from "./mapping.js";
import { createAddressOperations } from "./operations/address.js";
import { createContext } from "./operations/context.js";
import { createDocumentOperations, type UploadDocumentOptions } from "./operations/documents.js";
import { createOrderOperations, type OrderChange } from "./operations/order.js";
import { createOtpOperations } from "./operations/otp.js";
import { createSlotOperations } from "./operations/slots.js";
import { createSubmissionOperations, type LeadUpdate } from "./operations/submission.js";
import { originFromSearch, sameOrigin, type EntrySearch } from "./origin.js";
import { otpResendSeconds } from "./otp-clock.js";
import { putFile as defaultPutFile, type PutFile } from "./put-file.js";
import type { Handoff, JourneyOrigin, LeadFlowState, Step } from "./state.js";
import { createStore, DEFAULT_STORAGE_KEY } from "./store.js";
import {
  systemClock,
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
  type Purchase,
  type ReferralInfo,
  type StorageLike,
} from "./types.js";

export { DEFAULT_STORAGE_KEY };
export type { LeadUpdate, OrderChange, UploadDocumentOptions };

/** Options of createLeadFlow. */
export interface LeadFlowOptions {
  /** A @portal/api-client client with the address, shop and content base URLs. */
  api: LeadApi;
  /**
   * The deployment environment (e.g. "production", "development", "test"). Required on purpose:
   * the OTP mock flag is true whenever it is not "production".
   */
  environment: string;
  /** Product of the journey (default "fibre"): the plans offered, and the storage keys. */
  product?: Product;
  /** Current interface language (default "bm"): consent, offers' names, referral rewards. */
  language?: Language;
  /** Where the token and journey live (default: localStorage in browsers, memory elsewhere). */
  storage?: StorageLike;
  /** Prefix of the storage keys (default "portal.lead-flow"); the product follows it. */
  storageKey?: string;
  /** Time source and timers of the OTP resend clock (default: the system clock). */
  clock?: Clock;
  /** The signed-URL PUT (default: XMLHttpRequest in browsers, a streamed fetch in Node). */
  putFile?: PutFile;
  /**
   * Restore a saved journey at once (default true). The state before the restore stays the
   * server snapshot either way, so a server-rendered page hydrates without a mismatch.
   */
  restore?: boolean;
  /**
   * The link the visitor came in with (`location.search`, URLSearchParams or the router's search
   * object): its plan, pack, referral code and postcode, entered after the restore (see `enter`).
   */
  entry?: EntrySearch;
}

/** The lead journey: a store (subscribe/getSnapshot) plus one method per call. */
export interface LeadFlow {
  /** Calls the listener after every state change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** The current state (a new object after every change, the same object otherwise). */
  getSnapshot(): LeadFlowState;
  /**
   * What a server render showed (React's getServerSnapshot): the state the flow was created with,
   * before the restore and the entry, so hydration matches the server's HTML.
   */
  getServerSnapshot(): LeadFlowState;
  /** The OTP mock flag sent with generate and verify: environment !== "production". */
  readonly mock: boolean;
  /** The storage keys in use. */
  readonly storageKeys: { readonly token: string; readonly journey: string };
  /** Resolves once no call of the flow is under way (the loads it started included). */
  settled(): Promise<void>;

  /**
   * Restores the saved journey (once; createLeadFlow does it unless `restore: false`). The drafts
   * merge: a field the visitor edited since the flow was created keeps what they typed.
   */
  restore(): void;
  /**
   * Enters the journey from a link (see `originFromSearch`): `?package=`, `?addOn=`, `?referral=`,
   * `?postcode=`. The same link entered again (a reload, a language switch) changes nothing.
   */
  enter(search: EntrySearch): void;
  /**
   * Starts or resumes the journey with what the visitor came with. The link's plan becomes the
   * choice (priced as soon as the address's offers are loaded), its packs join the chosen ones,
   * its referral code is checked. A submitted journey is over: the next one starts fresh.
   */
  begin(origin?: JourneyOrigin): void;
  /** Records what the visitor typed in a form (the views draw `state.drafts`). */
  edit<F extends DraftForm>(form: F, change: DraftChange<F>): void;
  /** Creates the lead and saves its token (one at a time; replacing any earlier journey). */
  generateLead(body?: Partial<LeadCreateBody>): Promise<{ leadId: string }>;
  /**
   * Searches the address register: the search given, or the address search as typed
   * (`drafts.search`). Creates the lead first when there is none, and a new one once when the
   * token is lost or expired.
   */
  searchAddress(search?: LeadSearchForm | LeadSearchPayload): Promise<readonly Address[]>;
  /** Checks coverage for the product (default: the last searched payload); a lead as above. */
  checkCoverage(search?: LeadSearchForm | LeadSearchPayload): Promise<Coverage>;
  /**
   * The visitor's address: checks its coverage and, when covered, records it on the lead (the
   * ordered plan goes if the new address cannot get it) and loads the offers (step `package`).
   */
  selectAddress(
    address: Address,
    details?: { unitNumber?: string; remarks?: string },
  ): Promise<Coverage>;
  /** Loads the plans and packs the lead's address can get (the flow does it on entering the step). */
  loadOffers(): Promise<Offers>;
  /**
   * Checks a referral code (default: as typed, `drafts.referralCode`; refused before any request
   * when it is not 6 to 12 letters or digits), keeps it for the order, and records it on an order
   * already made.
   */
  applyReferralCode(code?: string): Promise<ReferralInfo>;
  /**
   * Records the package step's choice (the change merged into it) with the service, which prices
   * it: the answer is `state.order`. Only the latest of overlapping calls lands in the state.
   */
  updateOrder(change?: OrderChange): Promise<Order>;
  /**
   * Goes on from the package step with the chosen plan (to details, or back to review): waits for
   * the order under way or records it first. Fails (`errors.updateOrder`) with no available plan.
   */
  confirmPackage(): Promise<void>;
  /** Updates the lead (default: the contact details as typed); refusals show as `leadUpdateFlags`. */
  updateLead(update?: LeadUpdate, options?: { validate?: boolean }): Promise<Lead>;
  /** Sends an OTP (default: to the lead's number); refused within 180 s of the last send. */
  generateOtp(phoneNumber?: string): Promise<{ code: string }>;
  /** Verifies the OTP (default: as typed, `drafts.otp`) against the last sent code. */
  verifyOtp(otp?: string): Promise<void>;
  /** Records consent in the current language. */
  giveConsent(): Promise<void>;
  /** Validates, signs, PUTs with progress, and answers the document's id and extension. */
  uploadDocument(
    file: Blob & { readonly name: string },
    options?: UploadDocumentOptions,
  ): Promise<{ documentId: string; extension: string }>;
  /** Deletes an uploaded document (extension defaults to the one recorded at upload). */
  deleteDocument(documentId: string, extension?: string): Promise<void>;
  /** Goes on from the documents to the installation slot (at least one document uploaded). */
  finishDocuments(): void;
  /**
   * Loads the installation slots the lead's address can book (the flow does it on entering the
   * slot step, and again when a slot was just taken).
   */
  loadSlots(): Promise<InstallationSlots>;
  /**
   * Holds a slot for the lead for 10 minutes (one at a time: the earlier one is given back). A
   * slot another visitor took first rejects with `reason: "order.slot.taken"`, sets
   * `slotNotice: "taken"` and loads the next ones.
   */
  holdSlot(slot: Pick<InstallationSlot, "date" | "slot">): Promise<InstallationHold>;
  /**
   * Goes on from the slot step to the review with the held slot (or with none when the address
   * has none to offer); without a hold it throws `invalid-step` (also in `errors.holdSlot`).
   */
  confirmSlot(): void;
  /** Submits the lead (terms accepted); a repeat answers the same order number. */
  purchase(): Promise<Purchase>;
  /** The entitled-fibre check with the product token (claim: POST instead of GET). */
  checkEntitled(options: {
    productToken: string | null | undefined;
    claim?: boolean;
  }): Promise<Entitlement | EntitlementClaim>;
  /** Registers interest without a lead (default: the form as typed, `drafts.interest`). */
  registerInterest(body?: RegisterInterest): Promise<Interest>;
  /**
   * "Continue on your phone" (issue 24): sends the journey as a reload would restore it and
   * answers a single-use code, valid 30 minutes (`state.handoff`), for a link and a QR code.
   */
  handOff(): Promise<Handoff>;
  /**
   * Takes a handed-off journey on this device (the code of the link): its lead token is saved and
   * the journey restored with the rules of a reload (what is typed here wins).
   */
  continueJourney(code: string): Promise<void>;
  /**
   * Opens the link of a "coverage has arrived" SMS (issue 24): the journey begins with the plan
   * the visitor wanted and the address is selected (recorded on a lead, offers loaded), so the
   * plan step shows with that plan chosen. A tampered or expired token fails with its 404.
   */
  openCoverageNotice(token: string): Promise<Coverage>;

  /** Seconds before the next OTP send is allowed, read from the clock now. */
  getOtpResendSeconds(): number;
  /** Changes the interface language (consent; offers and the referral reward are read again). */
  setLanguage(language: Language): void;
  /** Moves to a step reached before (past the package step only with an order). */
  goTo(step: Step): void;
  /** Forgets the lead but keeps what the visitor came with and typed: a new lead comes next. */
  startAgain(): void;
  /** Forgets the journey and its token. */
  reset(): void;
  /** Stops the countdown timer and drops the listeners. */
  destroy(): void;
}

function checkOptions(options: LeadFlowOptions): void {
  if (!options || typeof options !== "object" || !options.api) {
    throw new TypeError('createLeadFlow needs the "api" option (a @portal/api-client client)');
  }
  if (typeof options.environment !== "string" || options.environment === "") {
    throw new TypeError(
      'createLeadFlow needs the "environment" option ("production" turns the OTP mock off)',
    );
  }
}

/** Creates the lead journey: restores a saved one, enters the link, exposes the store and calls. */
export function createLeadFlow(options: LeadFlowOptions): LeadFlow {
  checkOptions(options);
  const mock = isMockEnvironment(options.environment);
  const store = createStore({
    product: options.product ?? "fibre",
    language: options.language ?? DEFAULT_LANGUAGE,
    mock,
    clock: options.clock ?? systemClock,
    ...(options.storage ? { storage: options.storage } : {}),
    ...(options.storageKey ? { storageKey: options.storageKey } : {}),
  });
  const ctx = createContext({
    api: options.api,
    store,
    mock,
    put: options.putFile ?? defaultPutFile,
  });
  const order = createOrderOperations(ctx);
  const address = createAddressOperations(ctx, order.loadOffers);
  const otp = createOtpOperations(ctx);
  const documents = createDocumentOperations(ctx);
  const submission = createSubmissionOperations(ctx);
  const slots = createSlotOperations(ctx);
  const handoff = createHandoffOperations(ctx);
  const state = store.getState;
  let restored = false;

  // The loads a state calls for start by themselves, once per change, after the change is done.
  let checking = false;
  function startDueLoads(): void {
    if (checking) return;
    checking = true;
    queueMicrotask(() => {
      checking = false;
      for (const load of dueLoads(state())) {
        const run: Record<typeof load, () => Promise<unknown>> = {
          loadOffers: order.loadOffers,
          updateOrder: () => order.updateOrder(),
          applyReferralCode: () => order.applyReferralCode(state().selection.referralCode),
          loadSlots: slots.loadSlots,
        };
        // The failure is in state.errors, where the step shows it.
        run[load]().catch(() => undefined);
      }
    });
  }
  store.observe(startDueLoads);

  const flow: LeadFlow = {
    subscribe: store.subscribe,
    getSnapshot: state,
    getServerSnapshot: store.getInitialState,
    mock,
    storageKeys: store.keys,
    async settled() {
      for (;;) {
        // Let loads a change called for start, then wait for everything under way.
        await new Promise<void>((resolve) => setTimeout(resolve, 0));
        if (ctx.pending.size === 0 && !checking) return;
        await Promise.allSettled([...ctx.pending]);
      }
    },

    restore() {
      if (restored) return;
      restored = true;
      const saved = store.readSaved();
      if (!saved) return store.dispatch({ type: "nothingRestored" });
      store.dispatch({
        type: "restored",
        saved,
        hasToken: store.readToken() !== undefined,
        now: store.clock.now(),
        edited: store.edited(),
      });
      store.scheduleTick();
    },
    enter(search) {
      flow.begin(originFromSearch(search));
    },
    begin(origin = {}) {
      const current = state();
      const empty = sameOrigin(origin, {});
      // Nothing new: the same link again (a reload, a language switch, back and forward), or a
      // page without a link into a journey that is under way.
      if (current.step !== "submitted" && (empty || sameOrigin(origin, current.entry ?? {}))) {
        return;
      }
      if (current.step === "submitted") store.forget();
      store.dispatch({ type: "begun", origin });
    },
    edit(form, change) {
      store.markEdited(form, fieldsOf(form, change));
      store.dispatch({ type: "drafted", form, change });
    },
    generateLead: address.generateLead,
    searchAddress: address.searchAddress,
    checkCoverage: address.checkCoverage,
    selectAddress: address.selectAddress,
    loadOffers: order.loadOffers,
    applyReferralCode: order.applyReferralCode,
    updateOrder: order.updateOrder,
    confirmPackage: order.confirmPackage,
    updateLead: submission.updateLead,
    generateOtp: otp.generateOtp,
    verifyOtp: otp.verifyOtp,
    giveConsent: submission.giveConsent,
    uploadDocument: documents.uploadDocument,
    deleteDocument: documents.deleteDocument,
    finishDocuments: documents.finishDocuments,
    loadSlots: slots.loadSlots,
    holdSlot: slots.holdSlot,
    confirmSlot: slots.confirmSlot,
    purchase: submission.purchase,
    checkEntitled: submission.checkEntitled,
    registerInterest: submission.registerInterest,
    handOff: handoff.handOff,
    continueJourney: handoff.continueJourney,
    openCoverageNotice: (token) => ctx.track(notice.openCoverageNotice(token)),

    getOtpResendSeconds: () => otpResendSeconds(state().otp.sentAt, store.clock.now()),
    setLanguage(language) {
      if (state().language === language) return;
      // Offers come again in the new language (a due load); so does the referral's reward.
      store.dispatch({ type: "languageChanged", language });
      order.refreshReferral();
    },
    goTo(step) {
      store.dispatch({ type: "stepSelected", step });
    },
    startAgain() {
      store.forget();
      store.dispatch({ type: "restarted" });
      store.scheduleTick();
    },
    reset() {
      store.forget();
      store.dispatch({ type: "reset" });
      store.scheduleTick();
    },
    destroy: store.destroy,
  };

  const notice = createCoverageNoticeOperations(ctx, flow.begin, address.selectAddress);
  if (options.restore !== false) flow.restore();
  if (options.entry !== undefined) flow.enter(options.entry);
  return flow;
}
