import type { PortalApi } from "@portal/api-client";

type Services = PortalApi<"address" | "shop" | "content">;

/**
 * The calls the lead journey makes, named by their OpenAPI operationId: a @portal/api-client
 * client created with the address, shop and (for the entitled-fibre check) content base URLs.
 */
export interface LeadApi {
  readonly address: Pick<Services["address"], "greenfieldSearch" | "checkIspCoverage">;
  readonly shop: Pick<
    Services["shop"],
    | "generateSbbLead"
    | "updateSbbLead"
    | "getSbbOffers"
    | "updateSbbOrder"
    | "purchaseLead"
    | "listInstallationSlots"
    | "holdInstallationSlot"
    | "generateSignedUrl"
    | "deleteDocument"
    | "generateOtp"
    | "verifyOtp"
    | "submitConsent"
    | "registerInterest"
    | "createHandoff"
    | "redeemHandoff"
    | "getCoverageNotice"
  >;
  readonly content: Pick<
    Services["content"],
    "getEntitledAstroFibre" | "claimEntitledAstroFibre" | "getReferralInfo"
  >;
}

type Data<F> = F extends (...args: never[]) => Promise<{ data: infer D }> ? D : never;

/** An address of the address register (greenfield search result). */
export type Address = Data<LeadApi["address"]["greenfieldSearch"]>[number];
/** The coverage of an address for a product. */
export type Coverage = Data<LeadApi["address"]["checkIspCoverage"]>;
/** The lead as the shop service answers an update. */
export type Lead = Data<LeadApi["shop"]["updateSbbLead"]>;
/** The lead's recorded order (plan, add-ons, referral code, installation), priced. */
export type Order = Data<LeadApi["shop"]["updateSbbOrder"]>;
/** A price: monthly periods (promotional, then regular), regular monthly, installation fee. */
export type Price = Order["price"];
/** The plans and add-on packs the lead's address can get, priced. */
export type Offers = Data<LeadApi["shop"]["getSbbOffers"]>;
/** A plan the address can get. */
export type PlanOffer = Offers["plans"][number];
/** A plan the address cannot get, and why. */
export type UnavailablePlan = Offers["unavailablePlans"][number];
/** An add-on pack, priced. */
export type AddOnOffer = Offers["addOns"][number];
/** A referral code as the content service describes it. */
export type ReferralInfo = Data<LeadApi["content"]["getReferralInfo"]>;
/** The entitled-fibre answer for the product token's account. */
export type Entitlement = Data<LeadApi["content"]["getEntitledAstroFibre"]>;
/** A claimed entitled-fibre offer. */
export type EntitlementClaim = Data<LeadApi["content"]["claimEntitledAstroFibre"]>;
/** A register-interest answer. */
export type Interest = Data<LeadApi["shop"]["registerInterest"]>;
/** The submitted purchase (order number). */
export type Purchase = Data<LeadApi["shop"]["purchaseLead"]>;
/** The installation slots the lead's address can book, and the lead's hold. */
export type InstallationSlots = Data<LeadApi["shop"]["listInstallationSlots"]>;
/** One installation window of a day with capacity left. */
export type InstallationSlot = InstallationSlots["slots"][number];
/** The slot held for the lead (until `heldUntil`), booked by the purchase (`confirmed`). */
export type InstallationHold = Data<LeadApi["shop"]["holdInstallationSlot"]>;
/** Body of the order update. */
export type OrderUpdate = Parameters<LeadApi["shop"]["updateSbbOrder"]>[0];

/** The part of the Web Storage API the flow uses (localStorage, sessionStorage, or a Map shim). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Time source and timers; inject a fake one in tests. */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The real clock: Date.now and the global timers. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => {
    const handle = globalThis.setTimeout(callback, ms);
    // In Node a pending countdown must not keep the process alive.
    (handle as { unref?: () => void }).unref?.();
    return handle;
  },
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** A Storage-like object kept in memory (Node, tests, private browsing fallbacks). */
export function createMemoryStorage(initial: Record<string, string> = {}): StorageLike & {
  readonly data: Map<string, string>;
} {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, String(value)),
    removeItem: (key) => void data.delete(key),
  };
}
