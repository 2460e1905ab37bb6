import {
  DEFAULT_LANGUAGE,
  fileExtension,
  leadSearchFormSchema,
  leadSearchPayloadSchema,
  leadUpdateBodySchema,
  mobileNumberSchema,
  otpSchema,
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
import { LeadFlowError, TOKEN_UNAVAILABLE } from "./errors.js";
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
  type LeadFlowEvent,
  type LeadFlowState,
  type Operation,
  type SavedJourney,
  type Step,
} from "./state.js";
import {
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

/** Default prefix of the storage keys: `<prefix>.token` and `<prefix>.journey`. */
export const DEFAULT_STORAGE_KEY = "portal.lead-flow";

/** Options of createLeadFlow. */
export interface LeadFlowOptions {
  /** A @portal/api-client client with the address, shop and content services. */
  api: LeadApi;
  /**
   * The deployment environment (e.g. "production", "development", "test"). Required on purpose:
   * the OTP mock flag is true whenever it is not "production".
   */
  environment: string;
  /** Product of the journey (default "fibre"); it names the entitled-fibre token error. */
  product?: Product;
  /** Current interface language (default "bm"); consent is sent with it. */
  language?: Language;
  /** Where the token and journey live (default: localStorage in browsers, memory elsewhere). */
  storage?: StorageLike;
  /** Prefix of the storage keys (default "portal.lead-flow"). */
  storageKey?: string;
  /** Time source and timers of the OTP resend clock (default: the system clock). */
  clock?: Clock;
  /** The signed-URL PUT (default: XMLHttpRequest in browsers, a streamed fetch in Node). */
  putFile?: PutFile;
}

/** Options of one upload. */
export interface UploadDocumentOptions {
  /** What the document is, e.g. "MyKad (front)" (default: the file name, cut to 100 chars). */
  title?: string;
  signal?: AbortSignal;
}

/** A lead update: the contact details and/or the chosen address. */
export type LeadUpdate = LeadUpdateBody;

/** The lead journey: a store (subscribe/getSnapshot) plus one method per call. */
export interface LeadFlow {
  /** Calls the listener after every state change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** The current state (a new object after every change, the same object otherwise). */
  getSnapshot(): LeadFlowState;
  /** The OTP mock flag sent with generate and verify: environment !== "production". */
  readonly mock: boolean;
  /** The storage keys in use. */
  readonly storageKeys: { readonly token: string; readonly journey: string };

  /** Creates the lead and saves its token (replacing any earlier journey). */
  generateLead(body?: Partial<LeadCreateBody>): Promise<{ leadId: string }>;
  /** Searches the address register (UI form with landed/multiStorey, or the wire payload). */
  searchAddress(search: LeadSearchForm | LeadSearchPayload): Promise<readonly Address[]>;
  /** Checks coverage for the product (default: the last searched payload). */
  checkCoverage(search?: LeadSearchForm | LeadSearchPayload): Promise<Coverage>;
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
  /** Records the chosen package, add-ons and installation slot. */
  updateOrder(order: OrderUpdate): Promise<Order>;
  /** Submits the lead (terms accepted). */
  purchase(): Promise<Purchase>;
  /** The entitled-fibre check with the product token (claim: POST instead of GET). */
  checkEntitled(options: {
    productToken: string | null | undefined;
    claim?: boolean;
  }): Promise<unknown>;
  /** Registers interest without a lead (no token needed). */
  registerInterest(body: RegisterInterest): Promise<void>;

  /** Seconds before the next OTP send is allowed, read from the clock now. */
  getOtpResendSeconds(): number;
  /** Changes the interface language used for consent. */
  setLanguage(language: Language): void;
  /** Moves to any step up to the furthest one reached. */
  goTo(step: Step): void;
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
    const journey = parsed.version === 1 ? parsed.journey : undefined;
    if (!journey || journey.product !== product || !STEPS.includes(journey.step)) return undefined;
    return journey;
  } catch {
    return undefined;
  }
}

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
  const prefix = options.storageKey ?? DEFAULT_STORAGE_KEY;
  const keys = { token: `${prefix}.token`, journey: `${prefix}.journey` } as const;
  const put = options.putFile ?? defaultPutFile;
  const mock = isMockEnvironment(options.environment);

  const listeners = new Set<() => void>();
  let state = initialState(product, options.language ?? DEFAULT_LANGUAGE, mock);
  let savedJson: string | undefined;
  let timer: unknown;
  let uploadCounter = 0;

  const readToken = (): string | undefined => {
    try {
      return storage.getItem(keys.token) || undefined;
    } catch {
      return undefined;
    }
  };

  function persist(): void {
    if (!state.hasToken) return;
    const json = JSON.stringify({ version: 1, journey: toSavedJourney(state) });
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
        {
          fieldErrors: errors,
        },
      ),
    );
  }

  function toRequestError(cause: unknown): LeadFlowError {
    if (cause instanceof LeadFlowError) return cause;
    const statusCode = (cause as { statusCode?: unknown } | null)?.statusCode;
    const body = (cause as { error?: unknown } | null)?.error;
    const reason = (body as { code?: unknown } | null | undefined)?.code;
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

  async function send<T>(operation: Operation, request: () => Promise<{ data: T }>): Promise<T> {
    try {
      return (await request()).data;
    } catch (cause) {
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

  // Restore a journey saved before a reload: the step, the OTP clock, the documents.
  const saved = readJourney(storage, keys.journey, product);
  if (saved) {
    dispatch({ type: "restored", saved, hasToken: readToken() !== undefined, now: clock.now() });
    scheduleTick();
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getSnapshot: () => state,
    mock,
    storageKeys: keys,

    async generateLead(body = {}) {
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
    },

    async searchAddress(search) {
      const token = requireToken("searchAddress");
      const payload = parseSearch("searchAddress", search);
      dispatch({ type: "started", operation: "searchAddress" });
      const addresses = await send("searchAddress", () =>
        api.address.greenfieldSearch(payload, { token }),
      );
      dispatch({ type: "addressesFound", payload, addresses });
      return addresses;
    },

    async checkCoverage(search) {
      const token = requireToken("checkCoverage");
      const payload = search ? parseSearch("checkCoverage", search) : state.searchPayload;
      if (!payload) {
        return fail(
          "checkCoverage",
          new LeadFlowError(
            "invalid-step",
            "checkCoverage needs a search payload: call searchAddress first",
          ),
        );
      }
      dispatch({ type: "started", operation: "checkCoverage" });
      const coverage = await send("checkCoverage", () =>
        api.address.checkIspCoverage(payload, { token, params: { platform: product } }),
      );
      dispatch({ type: "coverageChecked", payload, coverage });
      return coverage;
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
        dispatch({
          type: "leadUpdated",
          ...(body.phoneNumber !== undefined ? { phoneNumber: body.phoneNumber } : {}),
        });
        return data;
      } catch (cause) {
        const flags = mapLeadUpdateErrors(cause);
        if (!flags) return fail("updateLead", toRequestError(cause));
        const statusCode = (cause as { statusCode?: number }).statusCode;
        const error = new LeadFlowError("lead-update-rejected", "The lead update was refused", {
          flags,
          ...(statusCode !== undefined ? { statusCode } : {}),
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
        const status = (cause as { statusCode?: unknown } | null)?.statusCode;
        if (status !== 429) return fail("generateOtp", toRequestError(cause));
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

    async updateOrder(order) {
      const token = requireToken("updateOrder");
      dispatch({ type: "started", operation: "updateOrder" });
      const data = await send("updateOrder", () => api.shop.updateSbbOrder(order, { token }));
      dispatch({ type: "orderUpdated" });
      return data;
    },

    async purchase() {
      const token = requireToken("purchase");
      dispatch({ type: "started", operation: "purchase" });
      const data = await send("purchase", () =>
        api.shop.purchaseLead({ termsAccepted: true }, { token }),
      );
      dispatch({ type: "purchased", orderNumber: data.orderNumber });
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
        const { data } = claim
          ? await api.content.claimEntitledAstroFibre({}, { token: productToken })
          : await api.content.getEntitledAstroFibre({ token: productToken });
        dispatch({ type: "entitledChecked", data });
        return data;
      } catch (cause) {
        const errorCode = mapEntitledError(cause);
        const statusCode = (cause as { statusCode?: number } | null)?.statusCode;
        const error = new LeadFlowError("entitled-rejected", errorCode, {
          entitledCode: errorCode,
          ...(statusCode !== undefined ? { statusCode } : {}),
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
      await send("registerInterest", () => api.shop.registerInterest(parsed.output as never));
      dispatch({ type: "interestRegistered" });
    },

    getOtpResendSeconds: () => otpResendSeconds(state.otp.sentAt, clock.now()),
    setLanguage(language) {
      dispatch({ type: "languageChanged", language });
    },
    goTo(step) {
      dispatch({ type: "stepSelected", step });
    },
    reset() {
      try {
        storage.removeItem(keys.token);
        storage.removeItem(keys.journey);
      } catch {
        // Nothing more to forget.
      }
      savedJson = undefined;
      dispatch({ type: "reset" });
      scheduleTick();
    },
    destroy() {
      if (timer !== undefined) clock.clearTimeout(timer);
      timer = undefined;
      listeners.clear();
    },
  };
}
