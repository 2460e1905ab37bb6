import type { Queryable } from "../db/database.js";
import type { AddressRow } from "../services/leads.js";

/** The address register (table addresses): the search, one address, and the coverage import. */

/** A search of the register as the address service receives it (state already a name). */
export interface AddressSearch {
  postalCode: string;
  residenceType: 1 | 2;
  streetType?: string;
  streetName?: string;
  houseNumber?: string;
  buildingName?: string;
  area?: string;
  city?: string;
  state?: string;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const PREFIX_COLUMNS: [keyof AddressSearch, string][] = [
  ["streetType", "street_type"],
  ["houseNumber", "house_number"],
  ["buildingName", "building_name"],
  ["area", "area"],
  ["city", "city"],
  ["state", "state"],
];

/** Searches the register: postcode and residence type exact, other fields prefix, case-insensitive. */
export async function searchAddresses(
  db: Queryable,
  body: AddressSearch,
  limit: number,
): Promise<AddressRow[]> {
  const where = ["postal_code = $1", "residence_type = $2"];
  const params: unknown[] = [body.postalCode, body.residenceType];
  for (const [key, column] of PREFIX_COLUMNS) {
    const value = body[key];
    if (typeof value === "string" && value.trim()) {
      params.push(`${escapeLike(value.trim())}%`);
      where.push(`${column} ilike $${params.length}`);
    }
  }
  if (body.streetName?.trim()) {
    // The visitor may type "Jalan SS 7/26" or just "SS 7/26".
    params.push(`${escapeLike(body.streetName.trim())}%`);
    where.push(
      `(street_name ilike $${params.length} or concat_ws(' ', street_type, street_name) ilike $${params.length})`,
    );
  }
  params.push(limit);
  const { rows } = await db.query<AddressRow>(
    `select * from addresses where ${where.join(" and ")}
     order by street_name, building_name nulls first, length(house_number), house_number limit $${params.length}`,
    params,
  );
  return rows;
}

/** One address of the register, or undefined. */
export async function getAddress(db: Queryable, id: string): Promise<AddressRow | undefined> {
  const { rows } = await db.query<AddressRow>("select * from addresses where id = $1", [id]);
  return rows[0];
}

/** One row of a coverage import (the register's columns, networks as the API names them). */
export interface AddressImportRow {
  id: string;
  postalCode: string;
  residenceType: 1 | 2;
  houseNumber?: string;
  buildingName?: string;
  streetType?: string;
  streetName: string;
  area?: string;
  city: string;
  state: string;
  fibreNetworks: { network: string; technology: string; maxSpeedMbps: number }[];
}

/**
 * Inserts or replaces register addresses (one statement) and answers the ids and postcodes of
 * those that had no fibre network before and have one now: the coverage this import brings.
 */
export async function upsertAddresses(
  tx: Queryable,
  rows: readonly AddressImportRow[],
): Promise<{ id: string; postal_code: string }[]> {
  if (rows.length === 0) return [];
  const json = rows.map((a) => ({
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
  }));
  // Locked first, so a concurrent import of the same addresses waits and then sees them covered.
  const { rows: before } = await tx.query<{ id: string }>(
    `select id from addresses where id = any($1::text[]) and jsonb_array_length(fibre_networks) > 0
     order by id for update`,
    [json.map((a) => a.id)],
  );
  const had = new Set(before.map((r) => r.id));
  const { rows: written } = await tx.query<{ id: string; postal_code: string; covered: boolean }>(
    `insert into addresses (id, postal_code, residence_type, house_number, building_name,
       street_type, street_name, area, city, state, fibre_networks)
     select id, postal_code, residence_type, house_number, building_name, street_type,
       street_name, area, city, state, coalesce(fibre_networks, '[]'::jsonb)
     from jsonb_populate_recordset(null::addresses, $1::jsonb)
     on conflict (id) do update set postal_code = excluded.postal_code,
       residence_type = excluded.residence_type, house_number = excluded.house_number,
       building_name = excluded.building_name, street_type = excluded.street_type,
       street_name = excluded.street_name, area = excluded.area, city = excluded.city,
       state = excluded.state, fibre_networks = excluded.fibre_networks
     returning id, postal_code, jsonb_array_length(fibre_networks) > 0 as covered`,
    [JSON.stringify(json)],
  );
  return written
    .filter((r) => r.covered && !had.has(r.id))
    .map((r) => ({ id: r.id, postal_code: r.postal_code }));
}
