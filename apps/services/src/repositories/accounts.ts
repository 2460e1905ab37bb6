import type { Queryable } from "../db/database.js";

/**
 * The customer register the account operations read (stand-ins for the company's own systems:
 * customer_accounts, b40_households) and what the portal writes beside them
 * (entitlement_claims), plus a referred person's referral status (referrals).
 */

/** A customer account of the register. */
export interface AccountRow {
  account_number: string;
  identity_card: string;
  name: string;
  phone_number: string;
  email: string | null;
  smart_card_number: string | null;
  fibre_entitled: boolean;
  service_address: {
    line1: string;
    line2?: string;
    postalCode: string;
    city: string;
    state: string;
  } | null;
  entitlement_store_failure: boolean;
}

/** The account of a number, or undefined. */
export async function findAccount(
  db: Queryable,
  accountNumber: string,
): Promise<AccountRow | undefined> {
  const { rows } = await db.query<AccountRow>(
    "select * from customer_accounts where account_number = $1",
    [accountNumber],
  );
  return rows[0];
}

/** Whether the account's entitled-fibre offer was claimed. */
export async function hasClaim(db: Queryable, accountNumber: string): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    "select id from entitlement_claims where account_number = $1",
    [accountNumber],
  );
  return rows.length > 0;
}

/** Records a claim; false when the account (or the reference) has one already. */
export async function insertClaim(
  db: Queryable,
  claim: { id: string; accountNumber: string; claimedAt: string; reference: string },
): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    "insert into entitlement_claims (id, account_number, claimed_at, reference) values ($1, $2, $3, $4) on conflict do nothing returning id",
    [claim.id, claim.accountNumber, claim.claimedAt, claim.reference],
  );
  return rows.length > 0;
}

/** The B40 register's entry of an identity card, or undefined. */
export async function findB40Household(
  db: Queryable,
  identityCard: string,
): Promise<{ eligible: boolean; valid_until: string | Date | null } | undefined> {
  const { rows } = await db.query<{ eligible: boolean; valid_until: string | Date | null }>(
    "select eligible, valid_until from b40_households where identity_card = $1",
    [identityCard],
  );
  return rows[0];
}

/** The status of the referral of a phone number with a code, or undefined. */
export async function findReferral(
  db: Queryable,
  referralCode: string,
  phoneNumber: string,
): Promise<{ status: string; updated_at: string | Date } | undefined> {
  const { rows } = await db.query<{ status: string; updated_at: string | Date }>(
    "select status, updated_at from referrals where referral_code = $1 and phone_number = $2",
    [referralCode, phoneNumber],
  );
  return rows[0];
}
