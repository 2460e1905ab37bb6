import {
  identifierSchema,
  normaliseReferralCode,
  postcodeSchema,
  referralCodeSchema,
  validate,
} from "@portal/validation";
import type { JourneyOrigin } from "./state.js";

/**
 * A link into the journey as a page receives it: URLSearchParams, a query string ("?package=..."),
 * or the router's parsed search object.
 */
export type EntrySearch = URLSearchParams | string | Readonly<Record<string, unknown>>;

/**
 * The search parameters a link into the journey may carry: `package` (a plan), `addOn` (a pack),
 * `referral` (a referral code) and `postcode` (the address search's postcode).
 */
export const ENTRY_PARAMS = ["package", "addOn", "referral", "postcode"] as const;

function read(search: EntrySearch, key: string): unknown {
  if (typeof search === "string") return new URLSearchParams(search).get(key) ?? undefined;
  if (search instanceof URLSearchParams) return search.get(key) ?? undefined;
  return search[key];
}

const valid = (schema: Parameters<typeof validate>[0], value: unknown): value is string =>
  typeof value === "string" && validate(schema, value).success;

/**
 * What a link brings into the journey, each value kept only when well formed (a malformed plan id,
 * pack id, referral code or postcode is dropped, never sent): the flow's one parser of links.
 */
export function originFromSearch(search: EntrySearch): JourneyOrigin {
  const packageId = read(search, "package");
  const addOn = read(search, "addOn");
  const referral = read(search, "referral");
  const postcode = read(search, "postcode");
  return {
    ...(valid(identifierSchema, packageId) ? { packageId } : {}),
    ...(valid(identifierSchema, addOn) ? { addOnIds: [addOn] } : {}),
    ...(valid(referralCodeSchema, referral)
      ? { referralCode: normaliseReferralCode(referral) }
      : {}),
    ...(valid(postcodeSchema, postcode) ? { postcode: postcode.trim() } : {}),
  };
}

/** Whether two origins carry the same link (the same entry, entered again: nothing changes). */
export function sameOrigin(a: JourneyOrigin, b: JourneyOrigin): boolean {
  return (
    a.packageId === b.packageId &&
    a.referralCode === b.referralCode &&
    a.postcode === b.postcode &&
    (a.addOnIds ?? []).join() === (b.addOnIds ?? []).join()
  );
}
