import type { Queryable } from "../db/database.js";

/** The contact-us form's records: spent captcha solutions and the submissions. */

/**
 * Spends a captcha solution (its signature) until it expires, after sweeping the expired ones;
 * false when it was spent already (a replay).
 */
export async function spendCaptcha(
  db: Queryable,
  signature: string,
  expiresAt: Date,
  now: Date,
): Promise<boolean> {
  await db.query("delete from altcha_spent where expires_at < $1", [now.toISOString()]);
  const { rows } = await db.query(
    "insert into altcha_spent (signature, expires_at) values ($1, $2) on conflict do nothing returning signature",
    [signature, expiresAt.toISOString()],
  );
  return rows.length > 0;
}

/** A contact-us submission as checked by the shared rules. */
export interface ContactSubmission {
  id: string;
  formKey: string;
  name: string;
  firstContactNumber: string;
  secondContactNumber: string;
  email?: string;
  address: string;
  boxSelection: string;
  dishSelection: string;
  contact: string;
  at: Date;
}

/** Records a contact-us submission. */
export async function insertSubmission(db: Queryable, f: ContactSubmission): Promise<void> {
  await db.query(
    `insert into marketing_submissions (id, form_key, name, first_contact_number, second_contact_number, email, address, box_selection, dish_selection, contact, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      f.id,
      f.formKey,
      f.name,
      f.firstContactNumber,
      f.secondContactNumber,
      f.email ?? null,
      f.address,
      f.boxSelection,
      f.dishSelection,
      f.contact,
      f.at.toISOString(),
    ],
  );
}
