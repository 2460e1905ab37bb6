import type { JourneyOrigin } from "@portal/lead-flow";
import {
  identifierSchema,
  normaliseReferralCode,
  referralCodeSchema,
  validate,
} from "@portal/validation";

const identifier = (value: unknown) =>
  typeof value === "string" && validate(identifierSchema, value).success ? value : undefined;

/** What a link into the journey may carry: a plan, an add-on pack, a referral code. */
export interface OriginSearch {
  package?: string;
  addOn?: string;
  referral?: string;
}

/** Keeps the link's plan, pack and referral code only when they are well formed. */
export function originSearch(search: Record<string, unknown>): OriginSearch {
  const referral =
    typeof search.referral === "string" && validate(referralCodeSchema, search.referral).success
      ? normaliseReferralCode(search.referral)
      : undefined;
  return {
    package: identifier(search.package),
    addOn: identifier(search.addOn),
    referral,
  };
}

/** The journey's origin from the link's search values. */
export function originOf(search: OriginSearch): JourneyOrigin {
  return {
    ...(search.package ? { packageId: search.package } : {}),
    ...(search.addOn ? { addOnIds: [search.addOn] } : {}),
    ...(search.referral ? { referralCode: search.referral } : {}),
  };
}
