import type { Queryable } from "../db/database.js";
import { badRequest } from "../lib/errors.js";

/** A row of the referral_codes table. */
export interface ReferralCodeRow {
  code: string;
  referrer_name: string;
  product: "fibre" | "tv";
  reward_bm: { title: string; description: string };
  reward_en: { title: string; description: string };
  valid_until: string | Date | null;
  max_uses: number;
  uses: number;
}

/** The code's last valid Malaysian day, `YYYY-MM-DD`, if it has one. */
export function referralValidUntil(row: Pick<ReferralCodeRow, "valid_until">): string | undefined {
  if (!row.valid_until) return undefined;
  // node-postgres gives a date column as a local-midnight Date; PGlite as a string.
  if (typeof row.valid_until === "string") return row.valid_until.slice(0, 10);
  const d = row.valid_until;
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/** Whether a code can be used on a Malaysian day: active, expired (past its day) or exhausted. */
export function referralStatus(
  row: Pick<ReferralCodeRow, "valid_until" | "uses" | "max_uses">,
  day: string,
): "active" | "expired" | "exhausted" {
  const validUntil = referralValidUntil(row);
  if (validUntil && validUntil < day) return "expired";
  return row.uses >= row.max_uses ? "exhausted" : "active";
}

/** The row of a referral code, or undefined. */
export async function findReferralCode(
  db: Queryable,
  code: string,
): Promise<ReferralCodeRow | undefined> {
  const { rows } = await db.query<ReferralCodeRow>("select * from referral_codes where code = $1", [
    code,
  ]);
  return rows[0];
}

/**
 * Checks that a lead of `product` can use a referral code on `day`; otherwise a 400 naming
 * `referralCode` with `referral.notFound`, `referral.expired`, `referral.exhausted` or
 * `referral.product` (a code for the other product).
 */
export async function checkReferralForLead(
  db: Queryable,
  code: string,
  product: string,
  day: string,
): Promise<void> {
  const row = await findReferralCode(db, code);
  if (!row)
    throw badRequest("referralCode", "referral.notFound", "The referral code does not exist");
  const status = referralStatus(row, day);
  if (status !== "active")
    throw badRequest("referralCode", `referral.${status}`, `The referral code is ${status}`);
  if (row.product !== product)
    throw badRequest(
      "referralCode",
      "referral.product",
      `The referral code is for ${row.product}, not ${product}`,
    );
}
