import type { Product } from "@portal/validation";
import type { StorageLike } from "./types.js";

// No state, reducer or operation here: a page reads whether a journey is saved before it loads
// the flow's code (the sign-up without a journey shows "Start by checking your address" only).

/** Default prefix of the storage keys: `<prefix>.<product>.token` and `<prefix>.<product>.journey`. */
export const DEFAULT_STORAGE_KEY = "portal.lead-flow";

/** Where a product's lead token and saved journey are kept. */
export interface SavedJourneyOptions {
  /** Product of the journey (default "fibre"). */
  product?: Product;
  /** Where the token and journey live (default: localStorage; none where there is none). */
  storage?: StorageLike;
  /** Prefix of the storage keys (default "portal.lead-flow"). */
  storageKey?: string;
}

/** The storage keys of a product's journey. */
export function storageKeysOf(product: Product, storageKey = DEFAULT_STORAGE_KEY) {
  const prefix = `${storageKey}.${product}`;
  return { token: `${prefix}.token`, journey: `${prefix}.journey` } as const;
}

/** localStorage when the browser lets the page use it (the flow falls back to memory). */
export function browserStorage(): StorageLike | undefined {
  try {
    const storage = (globalThis as { localStorage?: StorageLike }).localStorage;
    if (storage && typeof storage.getItem === "function") return storage;
  } catch {
    // Access to localStorage can throw (blocked cookies).
  }
  return undefined;
}

/**
 * Whether storage holds anything of the product's journey (a lead token or a saved journey, even
 * one the flow will find too old to restore): when it does not, a flow created now would restore
 * nothing. Reads two keys and parses nothing, so a page can ask it before loading createLeadFlow.
 */
export function hasSavedJourney(options: SavedJourneyOptions = {}): boolean {
  const keys = storageKeysOf(options.product ?? "fibre", options.storageKey);
  try {
    const storage = options.storage ?? browserStorage();
    return Boolean(storage && (storage.getItem(keys.token) || storage.getItem(keys.journey)));
  } catch {
    // Blocked storage: nothing can have been saved in it.
    return false;
  }
}
