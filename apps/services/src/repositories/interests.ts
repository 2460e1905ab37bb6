import type { Queryable } from "../db/database.js";

/** Register-interest records (table interests). */

/** The latest interest of a phone in a product since `since`, if any. */
export async function latestSince(
  tx: Queryable,
  phoneNumber: string,
  product: string,
  since: Date,
): Promise<{ id: string; created_at: string | Date } | undefined> {
  const { rows } = await tx.query<{ id: string; created_at: string | Date }>(
    "select id, created_at from interests where phone_number = $1 and product = $2 and created_at > $3 order by created_at desc limit 1",
    [phoneNumber, product, since.toISOString()],
  );
  return rows[0];
}

/** A registration as it is stored (the shop service's rules applied). */
export interface NewInterest {
  name: string;
  phoneNumber: string;
  email?: string;
  product: string;
  postalCode: string;
  residenceType?: number;
  address?: string;
  language: string;
  remarks?: string;
  addressId?: string;
  packageId?: string;
  contactConsent?: boolean;
}

/** Records an interest. */
export async function insertInterest(
  tx: Queryable,
  i: NewInterest & { id: string; at: Date },
): Promise<void> {
  await tx.query(
    `insert into interests (id, name, phone_number, email, product, postal_code, residence_type, address, language, remarks, created_at, address_id, package_id, contact_consent)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [
      i.id,
      i.name,
      i.phoneNumber,
      i.email ?? null,
      i.product,
      i.postalCode,
      i.residenceType ?? null,
      i.address ?? null,
      i.language,
      i.remarks ?? null,
      i.at.toISOString(),
      i.addressId ?? null,
      i.packageId ?? null,
      i.contactConsent ?? false,
    ],
  );
}

/** A registration the coverage import tells: where to send the SMS, in which language. */
export interface DueInterest {
  id: string;
  phone_number: string;
  language: "bm" | "en";
}

/**
 * Marks notified, in one conditional statement, the fibre registrations with the consent to be
 * contacted, not yet notified, whose address is one of `addressIds` or, without an address, whose
 * postcode is one of `postcodes`; answers them. A concurrent import waits on the rows and then
 * finds them notified, so each is told once.
 */
export async function claimCovered(
  tx: Queryable,
  addressIds: readonly string[],
  postcodes: readonly string[],
  at: Date,
): Promise<DueInterest[]> {
  if (addressIds.length === 0 && postcodes.length === 0) return [];
  const { rows } = await tx.query<DueInterest>(
    `update interests set notified_at = $3
     where notified_at is null and contact_consent and product = 'fibre'
       and (address_id = any($1::text[]) or (address_id is null and postal_code = any($2::text[])))
     returning id, phone_number, language`,
    [addressIds, postcodes, at.toISOString()],
  );
  return rows;
}

/** What a coverage SMS's link opens: the registration's address, plan, product and language. */
export async function noticeOf(
  db: Queryable,
  id: string,
): Promise<
  | { address_id: string | null; package_id: string | null; product: string; language: string }
  | undefined
> {
  const { rows } = await db.query<{
    address_id: string | null;
    package_id: string | null;
    product: string;
    language: string;
  }>("select address_id, package_id, product, language from interests where id = $1", [id]);
  return rows[0];
}
