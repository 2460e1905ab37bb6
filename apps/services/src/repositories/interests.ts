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

/** Records an interest. */
export async function insertInterest(
  tx: Queryable,
  i: {
    id: string;
    name: string;
    phoneNumber: string;
    email?: string;
    product: string;
    postalCode: string;
    residenceType?: number;
    address?: string;
    language: string;
    remarks?: string;
    at: Date;
  },
): Promise<void> {
  await tx.query(
    `insert into interests (id, name, phone_number, email, product, postal_code, residence_type, address, language, remarks, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
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
    ],
  );
}
