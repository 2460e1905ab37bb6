import { randomUUID } from "node:crypto";
import * as v from "valibot";
import type { Database, Queryable } from "../db/database.js";
import type { Clock } from "../lib/clock.js";
import { HttpError, notFound } from "../lib/errors.js";
import { maskTail } from "../lib/logger.js";
import type { Price } from "./pricing.js";

const LEAD_ID = v.pipe(v.string(), v.uuid());

/** A row of the leads table. */
export interface LeadRow {
  id: string;
  status: "draft" | "submitted";
  product: "fibre" | "tv";
  language: "bm" | "en";
  package_id: string | null;
  referral_code: string | null;
  name: string | null;
  phone_number: string | null;
  alternate_phone_number: string | null;
  email: string | null;
  identity_card: string | null;
  address_id: string | null;
  unit_number: string | null;
  address_remarks: string | null;
  phone_verified_at: string | null;
  order_data: OrderData | null;
  order_number: string | null;
  submitted_at: string | null;
  created_at: string | Date;
  updated_at: string | Date;
}

/** The stored order of a lead (openapi/shop.yaml Order), priced when it was recorded. */
export interface OrderData {
  packageId: string;
  addOnIds: string[];
  installationDate?: string;
  installationSlot?: "morning" | "afternoon";
  referralCode?: string;
  /** The plan's speed (fibre plans): an address change keeps the order only if it still fits. */
  speedMbps?: number;
  contractMonths: number;
  items: { id: string; kind: "plan" | "addOn"; price: Price }[];
  price: Price;
  pricedOn: string;
  updatedAt: string;
}

/**
 * Whether the lead holds an order of the current shape (one recorded before prices were stored
 * with the order, issue 11, counts as none: the visitor chooses again).
 */
export function hasOrder(lead: LeadRow): lead is LeadRow & { order_data: OrderData } {
  return (
    lead.order_data !== null && typeof lead.order_data === "object" && "price" in lead.order_data
  );
}

/** A row of the address register. */
export interface AddressRow {
  id: string;
  postal_code: string;
  residence_type: number;
  house_number: string | null;
  building_name: string | null;
  street_type: string | null;
  street_name: string;
  area: string | null;
  city: string;
  state: string;
  fibre_networks: { network: string; technology: string; maxSpeedMbps: number }[];
}

const iso = (value: string | Date) => new Date(value).toISOString();

/** The register address as the Address schema of common.yaml. */
export function toApiAddress(a: AddressRow) {
  const street = [a.street_type, a.street_name].filter(Boolean).join(" ");
  const formatted = [
    a.house_number && a.building_name
      ? `${a.house_number} ${a.building_name}`
      : (a.house_number ?? a.building_name),
    street,
    a.area,
    `${a.postal_code} ${a.city}`,
    a.state,
  ]
    .filter(Boolean)
    .join(", ");
  return {
    addressId: a.id,
    residenceType: a.residence_type as 1 | 2,
    ...(a.house_number ? { houseNumber: a.house_number } : {}),
    ...(a.building_name ? { buildingName: a.building_name } : {}),
    ...(a.street_type ? { streetType: a.street_type } : {}),
    streetName: a.street_name,
    ...(a.area ? { area: a.area } : {}),
    postalCode: a.postal_code,
    city: a.city,
    state: a.state,
    formatted,
  };
}

/** Leads: creation, reading, the draft guard and the API view. */
export class LeadService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** Creates a draft lead and returns its id. */
  async create(input: {
    product: string;
    language: string;
    packageId?: string;
    referralCode?: string;
    utm: Record<string, string>;
  }): Promise<string> {
    const id = randomUUID();
    const now = this.clock.now().toISOString();
    await this.db.query(
      `insert into leads (id, product, language, package_id, referral_code, utm, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6::jsonb, $7, $7)`,
      [
        id,
        input.product,
        input.language,
        input.packageId ?? null,
        input.referralCode ?? null,
        JSON.stringify(input.utm),
        now,
      ],
    );
    return id;
  }

  /**
   * The lead, or 401 when the token's lead no longer exists. With `lock` (inside a transaction)
   * the row stays locked until the transaction ends, so a read-then-write of the lead never
   * interleaves with another one on PostgreSQL (PGlite runs one transaction at a time anyway).
   */
  async get(id: string, db: Queryable = this.db, lock = false): Promise<LeadRow> {
    // A well-signed token whose subject is not a lead id at all (PostgreSQL would refuse the
    // uuid cast with an error) is a missing lead.
    const { rows } = v.is(LEAD_ID, id)
      ? await db.query<LeadRow>(`select * from leads where id = $1${lock ? " for update" : ""}`, [
          id,
        ])
      : { rows: [] };
    const lead = rows[0];
    if (!lead)
      throw new HttpError(401, "Token is invalid or expired", { code: "auth.token.invalid" });
    return lead;
  }

  /** The lead, refusing changes once it is submitted (409 lead.submitted); `lock` as in `get`. */
  async getDraft(id: string, db: Queryable = this.db, lock = false): Promise<LeadRow> {
    const lead = await this.get(id, db, lock);
    if (lead.status === "submitted") {
      throw new HttpError(409, "The lead is already submitted", { code: "lead.submitted" });
    }
    return lead;
  }

  /** A register address by id. */
  async address(id: string, db: Queryable = this.db): Promise<AddressRow | undefined> {
    const { rows } = await db.query<AddressRow>("select * from addresses where id = $1", [id]);
    return rows[0];
  }

  /** The lead as the Lead schema of shop.yaml. */
  async view(lead: LeadRow, db: Queryable = this.db) {
    const docs = await db.query<{ id: string; extension: string }>(
      "select id, extension from documents where lead_id = $1 and status = 'uploaded' order by created_at, id",
      [lead.id],
    );
    const consent = await db.query<{ n: number }>(
      "select count(*)::int as n from consents where lead_id = $1",
      [lead.id],
    );
    const address = lead.address_id ? await this.address(lead.address_id, db) : undefined;
    return {
      leadId: lead.id,
      status: lead.status,
      product: lead.product,
      language: lead.language,
      ...(lead.name ? { name: lead.name } : {}),
      ...(lead.phone_number ? { phoneNumber: lead.phone_number } : {}),
      ...(lead.alternate_phone_number ? { alternatePhoneNumber: lead.alternate_phone_number } : {}),
      ...(lead.email ? { email: lead.email } : {}),
      ...(lead.identity_card ? { identityCard: maskTail(lead.identity_card) } : {}),
      ...(address ? { address: toApiAddress(address) } : {}),
      ...(lead.unit_number ? { unitNumber: lead.unit_number } : {}),
      ...(lead.address_remarks ? { addressRemarks: lead.address_remarks } : {}),
      ...(lead.package_id ? { packageId: lead.package_id } : {}),
      ...(lead.referral_code ? { referralCode: lead.referral_code } : {}),
      ...(lead.order_number ? { orderNumber: lead.order_number } : {}),
      phoneVerified: lead.phone_verified_at !== null,
      consentGiven: (consent.rows[0]?.n ?? 0) > 0,
      documents: docs.rows.map((d) => ({ documentId: d.id, extension: d.extension })),
      ...(hasOrder(lead) ? { order: lead.order_data } : {}),
      createdAt: iso(lead.created_at),
      updatedAt: iso(lead.updated_at),
    };
  }

  /** Throws 404 for a missing thing. */
  static missing(what: string): never {
    throw notFound(`${what} not found`);
  }
}
