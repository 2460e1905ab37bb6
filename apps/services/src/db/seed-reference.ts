import type { Queryable } from "./database.js";
import { addressSeed } from "./seed-addresses.js";
import { accountSeed, b40Seed, referralCodeSeed, referralSeed } from "./seed-accounts.js";

async function insertRows(
  db: Queryable,
  table: string,
  rows: Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] ?? {}).join(", ");
  await db.query(
    `insert into ${table} (${columns}) select ${columns} from jsonb_populate_recordset(null::${table}, $1::jsonb) on conflict do nothing`,
    [JSON.stringify(rows)],
  );
}

/**
 * Loads the reference tables (address register, customer accounts, B40 register, referral
 * codes) when they are empty. Idempotent; runs at every start after the migrations.
 */
export async function seedReferenceData(db: Queryable): Promise<void> {
  const { rows } = await db.query<{ n: number }>("select count(*)::int as n from addresses");
  if ((rows[0]?.n ?? 0) > 0) return;
  await insertRows(
    db,
    "addresses",
    addressSeed().map((a) => ({
      id: a.id,
      postal_code: a.postalCode,
      residence_type: a.residenceType,
      house_number: a.houseNumber ?? null,
      building_name: a.buildingName ?? null,
      street_type: a.streetType ?? null,
      street_name: a.streetName,
      area: a.area ?? null,
      city: a.city,
      state: a.state,
      fibre_networks: a.fibreNetworks,
    })),
  );
  await insertRows(db, "customer_accounts", accountSeed());
  await insertRows(db, "b40_households", b40Seed());
  await insertRows(db, "referral_codes", referralCodeSeed());
  await insertRows(db, "referrals", referralSeed());
}
