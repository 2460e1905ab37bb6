import {
  DEFAULT_LANGUAGE,
  fileExtension,
  leadSearchFormSchema,
  leadSearchPayloadSchema,
  leadUpdateBodySchema,
  mobileNumberSchema,
  orderUpdateBodySchema,
  otpSchema,
  referralCodeSchema,
  registerInterestSchema,
  uploadFileSchema,
  validate,
  type FieldError,
  type Language,
  type LeadCreateBody,
  type LeadSearchForm,
  type LeadSearchPayload,
  type LeadUpdateBody,
  type Product,
  type RegisterInterest,
} from "@portal/validation";
import { LeadFlowError, TOKEN_UNAVAILABLE, type ReferralRejection } from "./errors.js";
import {
  flagsFromFieldErrors,
  isMockEnvironment,
  mapEntitledError,
  mapLeadUpdateErrors,
} from "./mapping.js";
import { OTP_RESEND_SECONDS, otpResendSeconds } from "./otp-clock.js";
import { putFile as defaultPutFile, type PutFile } from "./put-file.js";
import {
  initialState,
  leadFlowReducer,
  STEPS,
  toSavedJourney,
  type JourneyOrigin,
  type LeadFlowEvent,
  type LeadFlowState,
  type Operation,
  type SavedJourney,
  type Selection,
  type Step,
} from "./state.js";
import {
  createMemoryStorage,
  systemClock,
  type Address,
  type Clock,
  type Coverage,
  type Entitlement,
  type EntitlementClaim,
  type Interest,
  type Lead,
  type LeadApi,
  type Offers,
  type Order,
  type Purchase,
  type ReferralInfo,
  type StorageLike,
} from "./types.js";

/** Default prefix of the storage keys: `<prefix>.<product>.token` and `<prefix>.<product>.journey`. */
export const DEFAULT_STORAGE_KEY = "portal.lead-flow";

/** Version of the saved journey record; an older record starts over. */
const JOURNEY_VERSION = 2;

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
   * Restore a saved journey at once (default true). A server-rendered page passes false and calls
   * `restore()` after hydration, so the first render matches the server's.
   */
  restore?: boolean;
}

/** Options of one upload. */
export interface UploadDocumentOptions {
  /** What the document is, e.g. "MyKad (front)" (default: the file name, cut to 100 chars). */
  title?: string;
  signal?: AbortSignal;
}

/** A lead update: the contact details and/or the chosen address. */
export type LeadUpdate = LeadUpdateBody;

/** A change of the package step's choice (anything left out stays as chosen). */
export type OrderChange = Partial<Selection> & {
  installationDate?: string;
  installationSlot?: "morning" | "afternoon";
};

/** The lead journey: a store (subscribe/getSnapshot) plus one method per call. */
export interface LeadFlow {
  /** Calls the listener after every state change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** The current state (a new object after every change, the same object otherwise). */
  getSnapshot(): LeadFlowState;
  /**
   * What a server render of the page showed (React's getServerSnapshot): with `restore: false`,
   * the state before `restore()` (so hydration matches the server); otherwise the current state.
   */
  getServerSnapshot(): LeadFlowState;
  /** The OTP mock flag sent with generate and verify: environment !== "production". */
  readonly mock: boolean;
  /** The storage keys in use. */
  readonly storageKeys: { readonly token: string; readonly journey: string };

  /** Restores the saved journey (once; createLeadFlow does it unless `restore: false`). */
  restore(): void;
  /**
   * Starts or resumes the journey with what the visitor came with (a plan, packs or a referral
   * code from a link). A submitted journey is over: the next one starts fresh. No request.
   */
  begin(origin?: JourneyOrigin): void;
  /** Creates the lead and saves its token (replacing any earlier journey, keeping the origin). */
  generateLead(body?: Partial<LeadCreateBody>): Promise<{ leadId: string }>;
  /**
   * Searches the address register (UI form with landed/multiStorey, or the wire payload). Creates
   * the lead first when there is none, and a new one once when the token is lost or expired.
   */
  searchAddress(search: LeadSearchForm | LeadSearchPayload): Promise<readonly Address[]>;
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
  /** Loads the plans and packs the lead's address can get, priced, names in the language. */
  loadOffers(): Promise<Offers>;
  /**
   * Checks a referral code (refused before any request when it is not 6 to 12 letters or digits),
   * keeps it for the order, and records it on an order already made.
   */
  applyReferralCode(code: string): Promise<ReferralInfo>;
  /**
   * Records the package step's choice (the change merged into it) with the service, which prices
   * it: the answer is `state.order`. Only the latest of overlapping calls lands in the state.
   */
  updateOrder(change?: OrderChange): Promise<Order>;
  /** Goes on from the package step once an order is recorded (to details, or back to review). */
  confirmPackage(): void;
  /** Updates the lead; invalid or refused fields show as `leadUpdateFlags`. */
  updateLead(update: LeadUpdate, options?: { validate?: boolean }): Promise<Lead>;
  /** Sends an OTP (default: to the lead's number); refused within 180 s of the last send. */
  generateOtp(phoneNumber?: string): Promise<{ code: string }>;
  /** Verifies the OTP typed by the user against the last sent code. */
  verifyOtp(otp: string): Promise<void>;
  /** Records consent in the current language. */
  giveConsent(): Promise<void>;
  /** Validates, signs, PUTs with progress, and answers the document's id and extension. */
  uploadDocument(
    file: Blob & { readonly name: string },
    options?: UploadDocumentOptions,
  ): Promise<{ documentId: string; extension: string }>;
  /** Deletes an uploaded document (extension defaults to the one recorded at upload). */
  deleteDocument(documentId: string, extension?: string): Promise<void>;
  /** Goes on from the documents to the review (at least one document uploaded). */
  finishDocuments(): void;
  /** Submits the lead (terms accepted); a repeat answers the same order number. */
  purchase(): Promise<Purchase>;
  /** The entitled-fibre check with the product token (claim: POST instead of GET). */
  checkEntitled(options: {
    productToken: string | null | undefined;
    claim?: boolean;
  }): Promise<Entitlement | EntitlementClaim>;
  /** Registers interest without a lead (no token needed). */
  registerInterest(body: RegisterInterest): Promise<Interest>;

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

function defaultStorage(): StorageLike {
  try {
    const storage = (globalThis as { localStorage?: StorageLike }).localStorage;
    if (storage && typeof storage.getItem === "function") return storage;
  } catch {
    // Access to localStorage can throw (blocked cookies); fall back to memory.
  }
  return createMemoryStorage();
}

function readJourney(
  storage: StorageLike,
  key: string,
  product: Product,
): SavedJourney | undefined {
  try {
    const raw = storage.getItem(key);
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as { version?: number; journey?: SavedJourney };
    const journey = parsed.version === JOURNEY_VERSION ? parsed.journey : undefined;
    if (!journey || journey.product !== product || !STEPS.includes(journey.step)) return undefined;
    return journey;
  } catch {
    return undefined;
  }
}

const statusOf = (cause: unknown) => (cause as { statusCode?: unknown } | null)?.statusCode;
const bodyOf = (cause: unknown) =>
  (cause as { error?: unknown } | null)?.error as
    { code?: unknown; field?: unknown } | null | undefined;

/** The search payload that finds exactly one picked register address. */
function payloadOf(address: Address): LeadSearchPayload {
  return {
    postalCode: address.postalCode,
    residenceType: address.residenceType,
    ...(address.streetName ? { streetName: address.streetName } : {}),
    ...(address.streetType ? { streetType: address.streetType } : {}),
    ...(address.buildingName ? { buildingName: address.buildingName } : {}),
    ...(address.houseNumber ? { houseNumber: address.houseNumber } : {}),
  } as LeadSearchPayload;
}

const hasContact = (update: LeadUpdate) =>
  (["name", "phoneNumber", "alternatePhoneNumber", "email", "identityCard"] as const).some(
    (key) => update[key] !== undefined,
  );

/** Creates the lead journey: restores a saved one, then exposes the store and the calls. */
export function createLeadFlow(options: LeadFlowOptions): LeadFlow {
  if (!options || typeof options !== "object" || !options.api) {
    throw new TypeError('createLeadFlow needs the "api" option (a @portal/api-client client)');
  }
  if (typeof options.environment !== "string" || options.environment === "") {
    throw new TypeError(
      'createLeadFlow needs the "environment" option ("production" turns the OTP mock off)',
    );
  }
  const api = options.api;
  const product: Product = options.product ?? "fibre";
  const clock = options.clock ?? systemClock;
  const storage = options.storage ?? defaultStorage();
  const prefix = `${options.storageKey ?? DEFAULT_STORAGE_KEY}.${product}`;
  const keys = { token: `${prefix}.token`, journey: `${prefix}.journey` } as const;
  const put = options.putFile ?? defaultPutFile;
  const mock = isMockEnvironment(options.environment);

  const listeners = new Set<() => void>();
  let state = initialState(product, options.language ?? DEFAULT_LANGUAGE, mock);
  // What a server render of this page showed: the state before a journey came from storage.
  let hydrationState: LeadFlowState | undefined;
  let savedJson: string | undefined;
  let timer: unknown;
  let uploadCounter = 0;
  let orderSequence = 0;
  let restored = false;

  const readToken = (): string | undefined => {
    try {
      return storage.getItem(keys.token) || undefined;
    } catch {
      return undefined;
    }
  };

  const forget = () => {
    try {
      storage.removeItem(keys.token);
      storage.removeItem(keys.journey);
    } catch {
      // Nothing more to forget.
    }
    savedJson = undefined;
  };

  function persist(): void {
    if (!state.hasToken) return;
    const json = JSON.stringify({ version: JOURNEY_VERSION, journey: toSavedJourney(state) });
    if (json === savedJson) return;
    savedJson = json;
    try {
      storage.setItem(keys.journey, json);
    } catch {
      // A full or blocked storage only costs the resume; the journey goes on.
    }
  }

  function dispatch(event: LeadFlowEvent): void {
    const next = leadFlowReducer(state, event);
    if (next === state) return;
    state = next;
    persist();
    for (const listener of [...listeners]) listener();
  }

  function scheduleTick(): void {
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = undefined;
    const { sentAt } = state.otp;
    if (sentAt === undefined) return;
    const left = sentAt + OTP_RESEND_SECONDS * 1000 - clock.now();
    if (left <= 0) return;
    // Wake on the next whole-second boundary so the countdown shows each second once.
    timer = clock.setTimeout(
      () => {
        timer = undefined;
        dispatch({ type: "ticked", now: clock.now() });
        scheduleTick();
      },
      left % 1000 || 1000,
    );
  }

  function fail(operation: Operation, error: LeadFlowError): never {
    dispatch({ type: "failed", operation, error: error.toInfo() });
    throw error;
  }

  function requireToken(operation: Operation): string {
    const token = readToken();
    if (token) return token;
    if (state.hasToken) dispatch({ type: "tokenLost" });
    return fail(operation, new LeadFlowError("missing-token", TOKEN_UNAVAILABLE));
  }

  function invalid(operation: Operation, errors: FieldError[]): never {
    return fail(
      operation,
      new LeadFlowError(
        "invalid-input",
        `Invalid input: ${errors.map((e) => e.field || "(body)").join(", ")}`,
        { fieldErrors: errors },
      ),
    );
  }

  function toRequestError(cause: unknown): LeadFlowError {
    if (cause instanceof LeadFlowError) return cause;
    const statusCode = statusOf(cause);
    const reason = bodyOf(cause)?.code;
    return new LeadFlowError(
      "request-failed",
      cause instanceof Error ? cause.message : "Request failed",
      {
        ...(typeof statusCode === "number" ? { statusCode } : {}),
        ...(typeof reason === "string" ? { reason } : {}),
        cause,
      },
    );
  }

  /** A lead-token call: a 401 means the token is expired or invalid, so the session is over. */
  async function send<T>(operation: Operation, request: () => Promise<{ data: T }>): Promise<T> {
    try {
      return (await request()).data;
    } catch (cause) {
      if (statusOf(cause) === 401 && state.hasToken) {
        try {
          storage.removeItem(keys.token);
        } catch {
          // The token is unusable either way.
        }
        dispatch({ type: "tokenLost" });
      }
      return fail(operation, toRequestError(cause));
    }
  }

  function parseSearch(
    operation: Operation,
    search: LeadSearchForm | LeadSearchPayload,
  ): LeadSearchPayload {
    const wire = typeof (search as { residenceType?: unknown } | null)?.residenceType === "number";
    const result = wire
      ? validate(leadSearchPayloadSchema, search)
      : validate(leadSearchFormSchema, search);
    return result.success ? result.output : invalid(operation, result.errors);
  }

  async function generateLead(body: Partial<LeadCreateBody> = {}): Promise<{ leadId: string }> {
    dispatch({ type: "started", operation: "generateLead" });
    const lead = await send("generateLead", () =>
      api.shop.generateSbbLead({ product, language: state.language, ...body }),
    );
    try {
      storage.setItem(keys.token, lead.token);
    } catch (cause) {
      fail(
        "generateLead",
        new LeadFlowError("request-failed", "The lead token could not be saved", { cause }),
      );
    }
    dispatch({ type: "leadGenerated", leadId: lead.leadId });
    scheduleTick();
    return { leadId: lead.leadId };
  }

  /** The lead of the address step: created when there is none, once more when it is lost. */
  async function withLead<T>(run: (token: string) => Promise<T>): Promise<T> {
    // The plan or pack the visitor came from travels with the lead as a hint for the sales team.
    const hint = state.origin.packageId ?? state.origin.addOnIds?.[0];
    const fresh = () => generateLead(hint ? { packageId: hint } : {});
    let token = readToken();
    if (!token || state.step === "submitted" || !state.hasToken) {
      await fresh();
      token = readToken()!;
    }
    try {
      return await run(token);
    } catch (error) {
      if (!(error instanceof LeadFlowError) || error.statusCode !== 401) throw error;
      // Expired (24 h) or otherwise unusable: a new lead, and the same request again.
      await fresh();
      return run(readToken()!);
    }
  }

  async function checkCoverage(
    search?: LeadSearchForm | LeadSearchPayload,
    operation: Operation = "checkCoverage",
  ): Promise<Coverage> {
    const payload = search ? parseSearch(operation, search) : state.searchPayload;
    if (!payload) {
      return fail(
        operation,
        new LeadFlowError(
          "invalid-step",
          "checkCoverage needs a search payload: call searchAddress first",
        ),
      );
    }
    return withLead(async (token) => {
      dispatch({ type: "started", operation: "checkCoverage" });
      const coverage = await send("checkCoverage", () =>
        api.address.checkIspCoverage(payload, { token, params: { platform: product } }),
      );
      dispatch({
        type: "coverageChecked",
        coverage,
        ...(operation === "checkCoverage" ? { payload } : {}),
      });
      return coverage;
    });
  }

  async function loadOffers(): Promise<Offers> {
    const token = requireToken("loadOffers");
    const language = state.language;
    dispatch({ type: "started", operation: "loadOffers" });
    const offers = await send("loadOffers", () =>
      api.shop.getSbbOffers({ lang: language }, { token }),
    );
    dispatch({ type: "offersLoaded", offers, language });
    return offers;
  }

  async function updateOrder(change: OrderChange = {}): Promise<Order> {
    const token = requireToken("updateOrder");
    const { installationDate, installationSlot, ...selection } = change;
    if (Object.keys(selection).length > 0) dispatch({ type: "selected", selection });
    const { packageId, referralCode } = state.selection;
    // Packs the plan already includes are not ordered again (the visitor's wish stays chosen, so
    // a plan without them gets them back).
    const included = state.offers?.plans.find((p) => p.id === packageId)?.includedPackIds ?? [];
    const addOnIds = state.selection.addOnIds.filter((id) => !included.includes(id));
    const checked = validate(orderUpdateBodySchema, {
      packageId: packageId ?? "",
      ...(addOnIds.length > 0 ? { addOnIds: [...addOnIds] } : {}),
      ...(referralCode ? { referralCode } : {}),
      ...(installationDate ? { installationDate } : {}),
      ...(installationSlot ? { installationSlot } : {}),
    });
    if (!checked.success) return invalid("updateOrder", checked.errors);
    const sequence = ++orderSequence;
    dispatch({ type: "started", operation: "updateOrder" });
    try {
      const { data } = await api.shop.updateSbbOrder(checked.output, { token });
      // A later choice is on its way: its answer, not this one, is the order.
      if (sequence === orderSequence) dispatch({ type: "orderUpdated", order: data });
      return data;
    } catch (cause) {
      const body = bodyOf(cause);
      const code = typeof body?.code === "string" ? body.code : "";
      const error =
        body?.field === "referralCode" && code.startsWith("referral.")
          ? new LeadFlowError("referral-rejected", "The referral code was refused", {
              referralStatus: code.slice("referral.".length) as ReferralRejection,
              statusCode: 400,
              reason: code,
              cause,
            })
          : toRequestError(cause);
      if (sequence !== orderSequence) throw error;
      if (statusOf(cause) === 401) return send("updateOrder", () => Promise.reject(cause));
      return fail("updateOrder", error);
    }
  }

  function referralRejected(status: ReferralRejection, cause?: unknown): never {
    return fail(
      "applyReferralCode",
      new LeadFlowError("referral-rejected", `The referral code cannot be used (${status})`, {
        referralStatus: status,
        ...(cause !== undefined ? { cause } : {}),
      }),
    );
  }

  async function fetchReferral(code: string, language: Language): Promise<ReferralInfo> {
    try {
      return (await api.content.getReferralInfo({ code, lang: language })).data;
    } catch (cause) {
      if (statusOf(cause) === 404) return referralRejected("notFound", cause);
      return fail("applyReferralCode", toRequestError(cause));
    }
  }

  const flow: LeadFlow = {
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getSnapshot: () => state,
    getServerSnapshot: () => hydrationState ?? state,
    mock,
    storageKeys: keys,

    restore() {
      if (restored) return;
      restored = true;
      const saved = readJourney(storage, keys.journey, product);
      // A deferred restore (a server-rendered page): hydration renders what the server showed.
      if (options.restore === false) hydrationState = state;
      if (!saved) return dispatch({ type: "nothingRestored" });
      dispatch({ type: "restored", saved, hasToken: readToken() !== undefined, now: clock.now() });
      scheduleTick();
    },

    begin(origin = {}) {
      const wasSubmitted = state.step === "submitted";
      if (wasSubmitted) forget();
      dispatch({ type: "begun", origin });
      const code = origin.referralCode;
      if (code && state.referral?.code !== code && validate(referralCodeSchema, code).success) {
        // Checked now so the package step can show it; a refusal waits in errors.
        flow.applyReferralCode(code).catch(() => undefined);
      }
    },

    generateLead,

    async searchAddress(search) {
      const payload = parseSearch("searchAddress", search);
      return withLead(async (token) => {
        dispatch({ type: "started", operation: "searchAddress" });
        const addresses = await send("searchAddress", () =>
          api.address.greenfieldSearch(payload, { token }),
        );
        dispatch({ type: "addressesFound", payload, addresses });
        return addresses;
      });
    },

    checkCoverage: (search) => checkCoverage(search),

    async selectAddress(address, details = {}) {
      dispatch({ type: "started", operation: "selectAddress" });
      let coverage: Coverage;
      try {
        coverage = await checkCoverage(payloadOf(address), "selectAddress");
      } catch (error) {
        return fail("selectAddress", error as LeadFlowError);
      }
      if (!coverage.covered || !coverage.address) {
        dispatch({ type: "addressNotCovered" });
        return coverage;
      }
      const recorded = coverage.address;
      const token = requireToken("selectAddress");
      const lead = await send("selectAddress", () =>
        api.shop.updateSbbLead(
          {
            address: {
              addressId: recorded.addressId,
              ...(details.unitNumber ? { unitNumber: details.unitNumber } : {}),
              ...(details.remarks ? { remarks: details.remarks } : {}),
            },
          },
          { token },
        ),
      );
      dispatch({
        type: "addressRecorded",
        address: lead.address ?? recorded,
        ...(lead.order ? { order: lead.order } : {}),
      });
      await loadOffers();
      return coverage;
    },

    loadOffers,

    async applyReferralCode(code) {
      const parsed = validate(referralCodeSchema, code, "referralCode");
      if (!parsed.success) return invalid("applyReferralCode", parsed.errors);
      dispatch({ type: "started", operation: "applyReferralCode" });
      const referral = await fetchReferral(parsed.output, state.language);
      if (referral.status !== "active") return referralRejected(referral.status);
      if (referral.product !== product) return referralRejected("product");
      dispatch({ type: "referralChecked", referral });
      if (state.order && readToken()) await updateOrder();
      return referral;
    },

    updateOrder,

    confirmPackage() {
      if (!state.order) {
        fail("updateOrder", new LeadFlowError("invalid-step", "confirmPackage needs an order"));
      }
      dispatch({ type: "packageConfirmed" });
    },

    async updateLead(update, updateOptions = {}) {
      const token = requireToken("updateLead");
      let body: LeadUpdateBody = update;
      if (updateOptions.validate !== false) {
        const result = validate(leadUpdateBodySchema, update);
        if (!result.success) {
          const flags = flagsFromFieldErrors(result.errors);
          const error = new LeadFlowError("invalid-input", "Invalid lead update", {
            fieldErrors: result.errors,
            flags,
          });
          dispatch({ type: "leadUpdateRejected", flags, error: error.toInfo() });
          throw error;
        }
        body = result.output;
      }
      dispatch({ type: "started", operation: "updateLead" });
      try {
        const { data } = await api.shop.updateSbbLead(body as never, { token });
        if (hasContact(body)) {
          dispatch({
            type: "leadUpdated",
            ...(body.phoneNumber !== undefined ? { phoneNumber: body.phoneNumber } : {}),
            ...(data.order ? { order: data.order } : {}),
          });
        } else if (data.address) {
          dispatch({
            type: "addressRecorded",
            operation: "updateLead",
            address: data.address,
            ...(data.order ? { order: data.order } : {}),
          });
        }
        return data;
      } catch (cause) {
        const flags = mapLeadUpdateErrors(cause);
        if (!flags) return send("updateLead", () => Promise.reject(cause));
        const statusCode = statusOf(cause);
        const error = new LeadFlowError("lead-update-rejected", "The lead update was refused", {
          flags,
          ...(typeof statusCode === "number" ? { statusCode } : {}),
          cause,
        });
        dispatch({ type: "leadUpdateRejected", flags, error: error.toInfo() });
        throw error;
      }
    },

    async generateOtp(phoneNumber) {
      const token = requireToken("generateOtp");
      const parsed = validate(
        mobileNumberSchema,
        phoneNumber ?? state.otp.phoneNumber ?? state.phoneNumber,
        "phoneNumber",
      );
      if (!parsed.success) return invalid("generateOtp", parsed.errors);
      if (state.loading.generateOtp) {
        // A second click while the first send is in flight: refuse without touching its state.
        throw new LeadFlowError("otp-resend-too-soon", "An OTP is already being sent", {
          retryAfterSeconds: OTP_RESEND_SECONDS,
        });
      }
      const wait = otpResendSeconds(state.otp.sentAt, clock.now());
      if (wait > 0) {
        return fail(
          "generateOtp",
          new LeadFlowError("otp-resend-too-soon", `An OTP can be sent again in ${wait} s`, {
            retryAfterSeconds: wait,
          }),
        );
      }
      dispatch({ type: "started", operation: "generateOtp" });
      let code: string;
      try {
        ({ code } = (
          await api.shop.generateOtp({ phoneNumber: parsed.output, mock }, { token })
        ).data);
      } catch (cause) {
        // The server keeps its own 180 s gap per phone (e.g. after a reload in another tab).
        if (statusOf(cause) !== 429) return send("generateOtp", () => Promise.reject(cause));
        return fail(
          "generateOtp",
          new LeadFlowError("otp-resend-too-soon", "The server refused another OTP yet", {
            statusCode: 429,
            cause,
          }),
        );
      }
      const now = clock.now();
      dispatch({ type: "otpSent", phoneNumber: parsed.output, code, sentAt: now, now });
      scheduleTick();
      return { code };
    },

    async verifyOtp(otp) {
      const token = requireToken("verifyOtp");
      const { phoneNumber, code } = state.otp;
      if (!phoneNumber || !code) {
        return fail(
          "verifyOtp",
          new LeadFlowError("invalid-step", "verifyOtp needs a sent OTP: call generateOtp first"),
        );
      }
      const parsed = validate(otpSchema, otp, "otp");
      if (!parsed.success) return invalid("verifyOtp", parsed.errors);
      dispatch({ type: "started", operation: "verifyOtp" });
      const result = await send("verifyOtp", () =>
        api.shop.verifyOtp({ phoneNumber, otp: parsed.output, code, mock }, { token }),
      );
      if (!result.verified) {
        return fail(
          "verifyOtp",
          new LeadFlowError("otp-incorrect", "The OTP is not correct", {
            attemptsLeft: result.attemptsLeft,
          }),
        );
      }
      dispatch({ type: "otpVerified" });
    },

    async giveConsent() {
      const token = requireToken("giveConsent");
      const language = state.language;
      dispatch({ type: "started", operation: "giveConsent" });
      await send("giveConsent", () => api.shop.submitConsent({ language }, { token }));
      dispatch({ type: "consentGiven", language });
    },

    async uploadDocument(file, uploadOptions = {}) {
      const token = requireToken("uploadDocument");
      const checked = validate(uploadFileSchema, file, "file");
      if (!checked.success) return invalid("uploadDocument", checked.errors);
      const title = (uploadOptions.title ?? file.name).slice(0, 100);
      const uploadId = `upload-${++uploadCounter}`;
      dispatch({ type: "uploadStarted", uploadId, name: file.name, size: file.size });
      try {
        const signed = (
          await api.shop.generateSignedUrl({ title, type: file.type as never }, { token })
        ).data;
        dispatch({ type: "uploadSigned", uploadId, documentId: signed.documentId });
        await put(signed.signedUploadUrl, file, {
          contentType: file.type,
          onProgress: (loaded) => dispatch({ type: "uploadProgressed", uploadId, loaded }),
          ...(uploadOptions.signal ? { signal: uploadOptions.signal } : {}),
        });
        const extension = signed.extension || fileExtension(file.name);
        const document = { documentId: signed.documentId, extension, name: file.name, title };
        dispatch({ type: "uploadFinished", uploadId, document });
        return { documentId: document.documentId, extension };
      } catch (cause) {
        const error = toRequestError(cause);
        dispatch({ type: "uploadFailed", uploadId, error: error.toInfo() });
        throw error;
      }
    },

    async deleteDocument(documentId, extension) {
      const token = requireToken("deleteDocument");
      const ext = extension ?? state.documents.find((d) => d.documentId === documentId)?.extension;
      if (!ext) {
        return fail(
          "deleteDocument",
          new LeadFlowError("invalid-step", `deleteDocument needs the extension of ${documentId}`),
        );
      }
      dispatch({ type: "started", operation: "deleteDocument" });
      await send("deleteDocument", () =>
        api.shop.deleteDocument({ documentId, extension: ext as never }, { token }),
      );
      dispatch({ type: "documentDeleted", documentId });
    },

    finishDocuments() {
      if (state.documents.length === 0) {
        fail(
          "uploadDocument",
          new LeadFlowError("invalid-step", "finishDocuments needs an uploaded document"),
        );
      }
      dispatch({ type: "documentsFinished" });
    },

    async purchase() {
      const token = requireToken("purchase");
      dispatch({ type: "started", operation: "purchase" });
      const data = await send("purchase", () =>
        api.shop.purchaseLead({ termsAccepted: true }, { token }),
      );
      dispatch({
        type: "purchased",
        orderNumber: data.orderNumber,
        submittedAt: data.submittedAt,
        order: data.order,
      });
      return data;
    },

    async checkEntitled({ productToken, claim = false }) {
      if (!productToken) {
        return fail(
          "checkEntitled",
          new LeadFlowError("missing-product-token", `${product} ${TOKEN_UNAVAILABLE}`),
        );
      }
      dispatch({ type: "started", operation: "checkEntitled" });
      try {
        if (claim) {
          const { data } = await api.content.claimEntitledAstroFibre({}, { token: productToken });
          dispatch({ type: "entitlementClaimed", claim: data });
          return data;
        }
        const { data } = await api.content.getEntitledAstroFibre({ token: productToken });
        dispatch({ type: "entitledChecked", data });
        return data;
      } catch (cause) {
        // No answer at all (network, timeout): not a verdict on the token.
        const transport = (cause as { code?: unknown } | null)?.code;
        if (transport === "network" || transport === "timeout" || transport === "aborted") {
          return fail("checkEntitled", toRequestError(cause));
        }
        const errorCode = mapEntitledError(cause);
        const statusCode = statusOf(cause);
        const error = new LeadFlowError("entitled-rejected", errorCode, {
          entitledCode: errorCode,
          ...(typeof statusCode === "number" ? { statusCode } : {}),
          cause,
        });
        dispatch({ type: "entitledRejected", errorCode, error: error.toInfo() });
        throw error;
      }
    },

    async registerInterest(body) {
      const parsed = validate(registerInterestSchema, body);
      if (!parsed.success) return invalid("registerInterest", parsed.errors);
      dispatch({ type: "started", operation: "registerInterest" });
      const interest = await send("registerInterest", () =>
        api.shop.registerInterest(parsed.output as never),
      );
      dispatch({ type: "interestRegistered", interest });
      return interest;
    },

    getOtpResendSeconds: () => otpResendSeconds(state.otp.sentAt, clock.now()),
    setLanguage(language) {
      if (state.language === language) return;
      dispatch({ type: "languageChanged", language });
      // Names and rewards come in the visitor's language: read them again.
      if (state.offers && state.offersLanguage !== language && readToken()) {
        loadOffers().catch(() => undefined);
      }
      if (state.referral) {
        fetchReferral(state.referral.code, language).then(
          (referral) => dispatch({ type: "referralChecked", referral }),
          () => undefined,
        );
      }
    },
    goTo(step) {
      dispatch({ type: "stepSelected", step });
    },
    startAgain() {
      forget();
      dispatch({ type: "restarted" });
      scheduleTick();
    },
    reset() {
      forget();
      dispatch({ type: "reset" });
      scheduleTick();
    },
    destroy() {
      if (timer !== undefined) clock.clearTimeout(timer);
      timer = undefined;
      listeners.clear();
    },
  };

  if (options.restore !== false) flow.restore();
  return flow;
}
