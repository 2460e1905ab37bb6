import type { Language, Product } from "@portal/validation";
import { searchDraftOf, type DraftForm } from "./drafts.js";
import { OTP_RESEND_SECONDS } from "./otp-clock.js";
import {
  initialState,
  leadFlowReducer,
  STEPS,
  toSavedJourney,
  type LeadFlowEvent,
  type LeadFlowState,
  type SavedJourney,
} from "./state.js";
import { browserStorage, DEFAULT_STORAGE_KEY, storageKeysOf } from "./saved.js";
import { createMemoryStorage, type Clock, type StorageLike } from "./types.js";

export { DEFAULT_STORAGE_KEY };

/** Version of the saved journey record; version 2 (before drafts) is read too. */
const JOURNEY_VERSION = 3;

/** A saved journey older than this is not restored (the lead token lives 24 hours). */
export const SAVED_JOURNEY_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** What the store needs to be created. */
export interface StoreOptions {
  product: Product;
  language: Language;
  mock: boolean;
  storage?: StorageLike;
  storageKey?: string;
  clock: Clock;
}

/**
 * The journey's state and where it is kept: the reducer's state, its listeners, the token and
 * the saved journey in storage, and the OTP countdown. Operations read and dispatch through it.
 */
export interface Store {
  readonly product: Product;
  readonly keys: { readonly token: string; readonly journey: string };
  readonly clock: Clock;
  getState(): LeadFlowState;
  /** The state the store was created with (React's getServerSnapshot: what a server rendered). */
  getInitialState(): LeadFlowState;
  dispatch(event: LeadFlowEvent): void;
  subscribe(listener: () => void): () => void;
  /** Called after every change, before the listeners (the flow's loads). */
  observe(observer: () => void): void;
  readToken(): string | undefined;
  saveToken(token: string): void;
  dropToken(): void;
  /** Removes the token and the saved journey. */
  forget(): void;
  /** Reads the saved journey of this product (undefined when there is none, or it is unusable). */
  readSaved(): SavedJourney | undefined;
  /** The saved-journey record of the current state, as storage holds it (a handoff sends it). */
  savedRecord(): { version: number; savedAt: number; journey: SavedJourney };
  /**
   * Writes a saved-journey record (a handoff's) to storage, for readSaved to judge; answers a
   * function that puts back what was there (when the record is not usable here).
   */
  writeSaved(record: unknown): () => void;
  /** Records that the visitor edited fields of a form (a restore keeps them). */
  markEdited(form: DraftForm, fields: readonly string[]): void;
  edited(): Partial<Record<DraftForm, readonly string[]>>;
  /** Restarts the OTP countdown from the state's last send. */
  scheduleTick(): void;
  destroy(): void;
}

/** Creates the journey's store with an empty journey (nothing restored yet). */
export function createStore(options: StoreOptions): Store {
  const { product, clock } = options;
  // Blocked or missing localStorage: the journey lives as long as the page.
  const storage = options.storage ?? browserStorage() ?? createMemoryStorage();
  const keys = storageKeysOf(product, options.storageKey);
  const initial = initialState(product, options.language, options.mock);
  let state = initial;
  let savedJson: string | undefined;
  let timer: unknown;
  const listeners = new Set<() => void>();
  const observers: Array<() => void> = [];
  const edited = new Map<DraftForm, Set<string>>();

  const attempt = <T>(run: () => T, fallback: T): T => {
    try {
      return run();
    } catch {
      // Blocked or full storage: the journey goes on without it.
      return fallback;
    }
  };

  /** Something worth keeping: a lead, or an address search or referral code being typed. */
  const worthSaving = (s: LeadFlowState) =>
    s.hasToken ||
    s.drafts.referralCode !== "" ||
    Object.values(s.drafts.search).some((value) => value !== "");

  // A record is in storage (read or written by this store): every change is saved over it, so
  // emptying a field is kept too.
  let recordExists = false;

  function persist(): void {
    // Never before the saved journey is read: that would write over it.
    if (!state.restored || !(worthSaving(state) || recordExists)) return;
    const json = JSON.stringify({
      version: JOURNEY_VERSION,
      savedAt: clock.now(),
      journey: toSavedJourney(state),
    });
    // savedAt changes every call: compare the journey only.
    const journeyJson = json.slice(json.indexOf('"journey"'));
    if (journeyJson === savedJson) return;
    savedJson = journeyJson;
    attempt(() => storage.setItem(keys.journey, json), undefined);
    recordExists = true;
  }

  const store: Store = {
    product,
    keys,
    clock,
    getState: () => state,
    getInitialState: () => initial,
    dispatch(event) {
      const next = leadFlowReducer(state, event);
      if (next === state) return;
      state = next;
      persist();
      for (const observer of observers) observer();
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    observe: (observer) => void observers.push(observer),
    readToken: () => attempt(() => storage.getItem(keys.token) || undefined, undefined),
    saveToken: (token) => storage.setItem(keys.token, token),
    dropToken: () => attempt(() => storage.removeItem(keys.token), undefined),
    forget() {
      attempt(() => {
        storage.removeItem(keys.token);
        storage.removeItem(keys.journey);
      }, undefined);
      savedJson = undefined;
      recordExists = false;
    },
    readSaved() {
      const raw = attempt(() => storage.getItem(keys.journey), null);
      if (!raw) return undefined;
      recordExists = true;
      const parsed = attempt(
        () => JSON.parse(raw) as { version?: number; savedAt?: number; journey?: SavedJourney },
        undefined,
      );
      const journey = parsed?.journey;
      if (!journey || journey.product !== product || !STEPS.includes(journey.step))
        return undefined;
      if (parsed.version === 2) {
        // Before drafts: the address search comes back from the last searched payload.
        return journey.searchPayload
          ? { ...journey, drafts: { search: searchDraftOf(journey.searchPayload) } }
          : journey;
      }
      if (parsed.version !== JOURNEY_VERSION) return undefined;
      const age = clock.now() - (parsed.savedAt ?? 0);
      return age >= 0 && age <= SAVED_JOURNEY_MAX_AGE_MS ? journey : undefined;
    },
    savedRecord: () => ({
      version: JOURNEY_VERSION,
      savedAt: clock.now(),
      journey: toSavedJourney(state),
    }),
    writeSaved(record) {
      const previous = attempt(() => storage.getItem(keys.journey), null);
      savedJson = undefined;
      attempt(() => storage.setItem(keys.journey, JSON.stringify(record)), undefined);
      return () =>
        attempt(
          () =>
            previous === null
              ? storage.removeItem(keys.journey)
              : storage.setItem(keys.journey, previous),
          undefined,
        );
    },
    markEdited(form, fields) {
      const set = edited.get(form) ?? new Set<string>();
      for (const field of fields) set.add(field);
      edited.set(form, set);
    },
    edited: () => Object.fromEntries([...edited].map(([form, set]) => [form, [...set]])),
    scheduleTick() {
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
          store.dispatch({ type: "ticked", now: clock.now() });
          store.scheduleTick();
        },
        left % 1000 || 1000,
      );
    },
    destroy() {
      if (timer !== undefined) clock.clearTimeout(timer);
      timer = undefined;
      listeners.clear();
      observers.length = 0;
    },
  };
  return store;
}
