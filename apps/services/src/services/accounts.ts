/**
 * Rules of the content service's account operations (paths/content-account.yaml): the identity
 * check of an account and of a B40 household, each with its abuse counters (held across
 * instances, whatever the client address), and the entitled-fibre offer and its claim.
 */
import { randomUUID } from "node:crypto";
import type { Database } from "../db/database.js";
import type { KeyLocks } from "../db/key-locks.js";
import type { Clock } from "../lib/clock.js";
import type { AbuseLimits } from "../lib/env.js";
import { HttpError, reason } from "../lib/errors.js";
import { readableReference } from "../lib/reference.js";
import {
  findAccount,
  findB40Household,
  hasClaim,
  insertClaim,
  type AccountRow,
} from "../repositories/accounts.js";
import { abuseCounters, limitReached } from "./abuse-counters.js";

/** What the identity checks need: the database, per-key locks, the clock and the limits. */
export interface IdentityDeps {
  locks: KeyLocks;
  clock: Clock;
  limits: AbuseLimits;
  /** Counts a refusal past a limit (metrics: identity_refusals_total{check}). */
  refused: (check: "authenticate" | "b40Token" | "b40Card") => void;
}

/** The fibre offer for entitled Suria TV customers. */
export const ENTITLED_OFFER = {
  packageId: "fibre-500",
  name: "Suria Fibre 500 Mbps",
  monthlyPrice: 99,
  discountedMonths: 6,
} as const;

/** An EntitledError (common.yaml) with one errorCode. */
export function entitledError(status: number, errorCode: string, message: string): HttpError {
  return new HttpError(status, message, {
    body: { statusCode: status, error: reason(status), message, errors: [{ errorCode, message }] },
  });
}

/**
 * The account whose identity card matches, or undefined. Wrong identity cards are counted per
 * account whatever the client address; past the limit the account is refused until the window
 * ends, the right card included (429 `auth.accountLocked`).
 */
export async function checkIdentity(
  deps: IdentityDeps,
  accountNumber: string,
  identityCard: string,
): Promise<AccountRow | undefined> {
  const { locks, clock, limits } = deps;
  const key = `auth:${accountNumber}`;
  const now = clock.now().getTime();
  return locks.transaction([key], async (tx) => {
    const failures = await abuseCounters.read(tx, key, now);
    if (failures && failures.hits >= limits.authFailuresPerAccount) {
      deps.refused("authenticate");
      throw limitReached(
        "auth.accountLocked",
        "Too many wrong identity cards for this account; try again later",
        failures.windowEnd,
        now,
      );
    }
    const found = await findAccount(tx, accountNumber);
    if (!found || found.identity_card !== identityCard) {
      await abuseCounters.bump(tx, key, now, limits.identityWindowSeconds * 1000);
      return undefined;
    }
    if (failures) await abuseCounters.clear(tx, key);
    return found;
  });
}

/**
 * The B40 register's entry of an identity card, or undefined. Two limits, whatever the client
 * address: lookups that find nobody per B40 token, and lookups of one identity card per hour.
 */
export async function lookUpB40(deps: IdentityDeps, tokenId: string, identityCard: string) {
  const { locks, clock, limits } = deps;
  const tokenKey = `b40token:${tokenId}`;
  const cardKey = `b40card:${identityCard}`;
  const now = clock.now().getTime();
  return locks.transaction([cardKey, tokenKey], async (tx) => {
    const failures = await abuseCounters.read(tx, tokenKey, now);
    if (failures && failures.hits >= limits.b40FailuresPerToken) {
      deps.refused("b40Token");
      throw limitReached(
        "b40.tooManyFailures",
        "Too many identity cards not found with this token; try again later",
        failures.windowEnd,
        now,
      );
    }
    const lookups = await abuseCounters.read(tx, cardKey, now);
    if (lookups && lookups.hits >= limits.b40LookupsPerCardHour) {
      deps.refused("b40Card");
      throw limitReached(
        "b40.tooManyLookups",
        "This identity card was looked up too often; try again later",
        lookups.windowEnd,
        now,
      );
    }
    await abuseCounters.bump(tx, cardKey, now, 3600_000);
    const household = await findB40Household(tx, identityCard);
    if (!household)
      await abuseCounters.bump(tx, tokenKey, now, limits.identityWindowSeconds * 1000);
    return household;
  });
}

/**
 * The entitlement of an account (checks shared by both entitled-fibre calls): EntitledError 500
 * when the store failed, 403 without a smart card; whether the offer was claimed.
 */
export async function entitlementOf(db: Database, row: AccountRow) {
  if (row.entitlement_store_failure)
    throw entitledError(500, "AWS_DYNAMODB_GET_FAILED", "Entitlement lookup failed");
  if (!row.smart_card_number)
    throw entitledError(403, "SMC_MANDATORY", "The account has no smart card");
  return { claimed: await hasClaim(db, row.account_number) };
}

/** Claims the entitled-fibre offer of an account (403 not entitled, 409 claimed already). */
export async function claimEntitledFibre(db: Database, row: AccountRow, at: Date) {
  const { claimed } = await entitlementOf(db, row);
  if (!row.fibre_entitled)
    throw entitledError(
      403,
      "ASTRO_FIBRE_NOT_ENTITLED",
      "The account is not entitled to the offer",
    );
  if (claimed)
    throw entitledError(409, "ASTRO_FIBRE_ALREADY_CLAIMED", "The offer was already claimed");
  const claimedAt = at.toISOString();
  // A reference taken by another claim (one chance in 10^12) is drawn again; a claim of
  // the same account made meanwhile is the 409 below.
  for (let attempt = 0; attempt < 5; attempt++) {
    const claimId = randomUUID();
    const reference = readableReference("SFC");
    const claim = { id: claimId, accountNumber: row.account_number, claimedAt, reference };
    if (await insertClaim(db, claim)) return { claimId, reference, claimedAt };
    if (await hasClaim(db, row.account_number)) break;
  }
  throw entitledError(409, "ASTRO_FIBRE_ALREADY_CLAIMED", "The offer was already claimed");
}
