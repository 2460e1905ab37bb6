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

/** A change of a draft lead (updateSbbLead), its values checked by the shared rules. */
export interface LeadChange {
  name?: string;
  phoneNumber?: string;
  alternatePhoneNumber?: string;
  email?: string;
  identityCard?: string;
  address?: { addressId: string; unitNumber?: string; remarks?: string };
  /** ISO time of the change. */
  at: string;
  /** The contact fields broke their rules: check the rest, write nothing. */
  refused: boolean;
}

/** What {@link LeadService.update} found and did. */
export interface LeadUpdateOutcome {
  /** null when the lead does not exist. */
  checks: {
    draft: boolean;
    /** The alternate phone number differs from the (new or kept) phone number. */
    alternateOk: boolean;
    /** No address given, or the address exists and can get the lead's product. */
    covered: boolean;
  } | null;
  /** The lead after the change; null when nothing was written. */
  lead: LeadRow | null;
  address: AddressRow | null;
  documents: { id: string; extension: string }[];
  consent: boolean;
}

// updateSbbLead in one statement: lock and check the row, write it when every check passes, and
// read what the Lead view needs. $1 lead id, $2..$6 name, phone, alternate phone, email, MyKad,
// $7..$9 address id, unit, remarks, $10 time, $11 refused. An address the ordered plan no longer
// fits (its speed over the address's top speed) removes the order (shop.yaml; planFits).
const UPDATE_LEAD = `
with old as (
  select * from leads where id = $1 for update
), addr as (
  select * from addresses where id = $7::text
), checks as (
  select old.id,
    old.status = 'draft' as draft,
    ($4::text is null or coalesce($3::text, old.phone_number) is null
      or $4::text <> coalesce($3::text, old.phone_number)) as "alternateOk",
    ($7::text is null or exists (
      select 1 from addr where old.product = 'tv' or jsonb_array_length(addr.fibre_networks) > 0
    )) as covered,
    ($7::text is not null and old.order_data ? 'price' and old.order_data ? 'speedMbps'
      and (old.order_data->>'speedMbps')::numeric > coalesce((
        select max((n->>'maxSpeedMbps')::numeric)
        from addr, jsonb_array_elements(addr.fibre_networks) n), 0)) as drop_order
  from old
), upd as (
  update leads l set
    name = coalesce($2::text, l.name),
    phone_number = coalesce($3::text, l.phone_number),
    alternate_phone_number = coalesce($4::text, l.alternate_phone_number),
    email = coalesce($5::text, l.email),
    identity_card = coalesce($6::text, l.identity_card),
    address_id = coalesce($7::text, l.address_id),
    unit_number = case when $7::text is null then l.unit_number else $8::text end,
    address_remarks = case when $7::text is null then l.address_remarks else $9::text end,
    phone_verified_at = case when $3::text is not null and $3::text is distinct from l.phone_number
      then null else l.phone_verified_at end,
    order_data = case when c.drop_order then null else l.order_data end,
    updated_at = $10::timestamptz
  from checks c
  where l.id = c.id and c.draft and c."alternateOk" and c.covered and not $11::boolean
  returning l.*
)
select
  (select json_build_object('draft', c.draft, 'alternateOk', c."alternateOk", 'covered', c.covered)
     from checks c) as checks,
  (select row_to_json(u) from upd u) as lead,
  (select row_to_json(a) from addresses a
     where a.id = coalesce((select address_id from upd), (select address_id from old))) as address,
  coalesce((select json_agg(json_build_object('id', d.id, 'extension', d.extension)
              order by d.created_at, d.id)
            from documents d where d.lead_id = $1 and d.status = 'uploaded'), '[]'::json)
    as documents,
  exists (select 1 from consents where lead_id = $1) as consent`;

// updateSbbLead for several leads at once (distinct ids), the same statement over unnest: each
// change is checked and written as UPDATE_LEAD would, and gets its own row of outcome, in order.
// The rows are locked in id order, so two batches never wait on each other in a cycle.
const UPDATE_LEADS = `
with x as (
  select * from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
    $7::text[], $8::text[], $9::text[], $10::timestamptz[], $11::boolean[])
    with ordinality as x(id, name, phone, alt, email, ic, address_id, unit, remarks, at, refused, n)
), old as (
  select l.* from leads l where l.id in (select id from x) order by l.id for update
), checks as (
  select x.id,
    old.status = 'draft' as draft,
    (x.alt is null or coalesce(x.phone, old.phone_number) is null
      or x.alt <> coalesce(x.phone, old.phone_number)) as "alternateOk",
    (x.address_id is null or exists (
      select 1 from addresses a where a.id = x.address_id
        and (old.product = 'tv' or jsonb_array_length(a.fibre_networks) > 0)
    )) as covered,
    (x.address_id is not null and old.order_data ? 'price' and old.order_data ? 'speedMbps'
      and (old.order_data->>'speedMbps')::numeric > coalesce((
        select max((nw->>'maxSpeedMbps')::numeric)
        from addresses a, jsonb_array_elements(a.fibre_networks) nw
        where a.id = x.address_id), 0)) as drop_order
  from x join old on old.id = x.id
), upd as (
  update leads l set
    name = coalesce(x.name, l.name),
    phone_number = coalesce(x.phone, l.phone_number),
    alternate_phone_number = coalesce(x.alt, l.alternate_phone_number),
    email = coalesce(x.email, l.email),
    identity_card = coalesce(x.ic, l.identity_card),
    address_id = coalesce(x.address_id, l.address_id),
    unit_number = case when x.address_id is null then l.unit_number else x.unit end,
    address_remarks = case when x.address_id is null then l.address_remarks else x.remarks end,
    phone_verified_at = case when x.phone is not null and x.phone is distinct from l.phone_number
      then null else l.phone_verified_at end,
    order_data = case when c.drop_order then null else l.order_data end,
    updated_at = x.at
  from checks c join x on x.id = c.id
  where l.id = c.id and c.draft and c."alternateOk" and c.covered and not x.refused
  returning l.*
)
select
  (select json_build_object('draft', c.draft, 'alternateOk', c."alternateOk", 'covered', c.covered)
     from checks c where c.id = x.id) as checks,
  (select row_to_json(u) from upd u where u.id = x.id) as lead,
  (select row_to_json(a) from addresses a
     where a.id = coalesce((select address_id from upd u where u.id = x.id),
       (select address_id from old where old.id = x.id))) as address,
  coalesce((select json_agg(json_build_object('id', d.id, 'extension', d.extension)
              order by d.created_at, d.id)
            from documents d where d.lead_id = x.id and d.status = 'uploaded'), '[]'::json)
    as documents,
  exists (select 1 from consents where lead_id = x.id) as consent
from x order by x.n`;

/** A change waiting for the next update statement. */
interface PendingChange {
  values: unknown[];
  done: (outcome: LeadUpdateOutcome | undefined, error?: unknown) => void;
}

/** Most leads one INSERT (or one UPDATE) writes. */
const MAX_BATCH = 200;

const INSERT_LEAD = `insert into leads (id, product, language, package_id, referral_code, utm, created_at, updated_at)
   values ($1, $2, $3, $4, $5, $6::jsonb, $7, $7)`;

const INSERT_LEADS = `insert into leads (id, product, language, package_id, referral_code, utm, created_at, updated_at)
   select id, product, language, package_id, referral_code, utm, created_at, created_at
   from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::jsonb[],
     $7::timestamptz[]) as x(id, product, language, package_id, referral_code, utm, created_at)`;

/** Leads: creation, reading, the draft guard and the API view. */
export class LeadService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  // Leads waiting for the next insert (see `create`).
  #waiting: { values: unknown[]; done: (error?: unknown) => void }[] = [];
  #flushing = false;
  // Changes waiting for the next update (see `update`).
  #changes: PendingChange[] = [];
  #changing = false;

  /**
   * Creates a draft lead and returns its id once it is committed. The leads asked for while the
   * event loop handles one batch of I/O are written together by one INSERT ... SELECT FROM
   * unnest (issue 22): one round trip and one commit for all of them, each acknowledged only
   * after that commit; a failed insert fails each of its leads (nothing of them is written).
   */
  create(input: {
    product: string;
    language: string;
    packageId?: string;
    referralCode?: string;
    utm: Record<string, string>;
  }): Promise<string> {
    const id = randomUUID();
    const values = [
      id,
      input.product,
      input.language,
      input.packageId ?? null,
      input.referralCode ?? null,
      JSON.stringify(input.utm),
      this.clock.now().toISOString(),
    ];
    return new Promise((resolve, reject) => {
      this.#waiting.push({ values, done: (error) => (error ? reject(error) : resolve(id)) });
      if (!this.#flushing) {
        this.#flushing = true;
        setImmediate(() => this.#flush());
      }
    });
  }

  #flush(): void {
    this.#flushing = false;
    const batch = this.#waiting.splice(0, MAX_BATCH);
    if (this.#waiting.length > 0) {
      this.#flushing = true;
      setImmediate(() => this.#flush());
    }
    const written =
      batch.length === 1
        ? this.db.query(INSERT_LEAD, (batch[0] as { values: unknown[] }).values)
        : this.db.query(
            INSERT_LEADS,
            Array.from({ length: 7 }, (_, column) => batch.map((lead) => lead.values[column])),
          );
    written.then(
      () => {
        for (const lead of batch) lead.done();
      },
      (error: unknown) => {
        for (const lead of batch) lead.done(error ?? new Error("lead insert failed"));
      },
    );
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

  /**
   * Changes a draft lead's contact fields and address in one statement, one round trip in
   * autocommit (issue 22; it was a transaction of seven: begin, the row locked, the address, the
   * update, the row, documents, consents, commit), shared with the changes of other leads asked
   * for in the same turn of the event loop (`#flushChanges`). The row is locked (`for update`) and checked
   * in the same statement that writes it, so a concurrent update or purchase waits as before.
   * Nothing is written when `refused` (the contact fields broke their rules) or when a check
   * fails; `checks` then says which, `lead` is null. With the lead written it returns what the
   * Lead view needs: the row, its address, its uploaded documents and whether consent was given.
   */
  async update(id: string, change: LeadChange): Promise<LeadUpdateOutcome> {
    if (!v.is(LEAD_ID, id))
      throw new HttpError(401, "Token is invalid or expired", { code: "auth.token.invalid" });
    const values = [
      id,
      change.name ?? null,
      change.phoneNumber ?? null,
      change.alternatePhoneNumber ?? null,
      change.email ?? null,
      change.identityCard ?? null,
      change.address?.addressId ?? null,
      change.address?.unitNumber ?? null,
      change.address?.remarks ?? null,
      change.at,
      change.refused,
    ];
    const outcome = await new Promise<LeadUpdateOutcome>((resolve, reject) => {
      this.#changes.push({
        values,
        done: (result, error) => (result ? resolve(result) : reject(error)),
      });
      if (!this.#changing) {
        this.#changing = true;
        setImmediate(() => this.#flushChanges());
      }
    });
    if (!outcome.checks)
      throw new HttpError(401, "Token is invalid or expired", { code: "auth.token.invalid" });
    if (!outcome.checks.draft)
      throw new HttpError(409, "The lead is already submitted", { code: "lead.submitted" });
    return outcome;
  }

  /**
   * Writes the changes asked for in one turn of the event loop (issue 22): one lead's alone by
   * UPDATE_LEAD, several leads' by one UPDATE_LEADS (one round trip and one commit), each
   * answered after it. A lead changed twice in one turn keeps its second change for the next
   * statement, so the changes of one lead are written one after the other, in order.
   */
  #flushChanges(): void {
    this.#changing = false;
    const batch: PendingChange[] = [];
    const later: PendingChange[] = [];
    const ids = new Set<unknown>();
    for (const change of this.#changes) {
      const id = change.values[0];
      if (batch.length < MAX_BATCH && !ids.has(id)) {
        ids.add(id);
        batch.push(change);
      } else later.push(change);
    }
    this.#changes = later;
    if (later.length > 0) {
      this.#changing = true;
      setImmediate(() => this.#flushChanges());
    }
    const written =
      batch.length === 1
        ? this.db.query<LeadUpdateOutcome>(UPDATE_LEAD, (batch[0] as PendingChange).values)
        : this.db.query<LeadUpdateOutcome>(
            UPDATE_LEADS,
            Array.from({ length: 11 }, (_, column) => batch.map((c) => c.values[column])),
          );
    written.then(
      ({ rows }) => batch.forEach((change, i) => change.done(rows[i] as LeadUpdateOutcome)),
      (error: unknown) => {
        for (const change of batch) change.done(undefined, error ?? new Error("update failed"));
      },
    );
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
    return LeadService.viewOf(lead, {
      documents: docs.rows,
      consent: (consent.rows[0]?.n ?? 0) > 0,
      address,
    });
  }

  /** The Lead view of a row with its documents, consent and address (no statement). */
  static viewOf(
    lead: LeadRow,
    parts: {
      documents: { id: string; extension: string }[];
      consent: boolean;
      address: AddressRow | null | undefined;
    },
  ) {
    const { documents, consent, address } = parts;
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
      consentGiven: consent,
      documents: documents.map((d) => ({ documentId: d.id, extension: d.extension })),
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
