import { randomBytes, randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { normaliseContactNumber, normaliseMyKad } from "@portal/validation";
import type { Database } from "../db/database.js";
import type { Clock } from "../lib/clock.js";
import type { DocumentKeyring } from "../lib/document-keys.js";
import { deleteDocuments, deleteLeads, ERASE_LEAD } from "./retention.js";
import type { FileStorage } from "./storage.js";

/** Whose data: a phone number (any Malaysian form) or a MyKad number (dashes optional). */
export type Subject = { phone: string } | { mykad: string };

/** What an operator's request is recorded with (never the person's data). */
export interface PrivacyRequest {
  /** The ticket or case reference of the request. */
  ticket?: string;
  /** Who ran it. */
  operator?: string;
}

/** What the export and erasure need. */
export interface PrivacyDeps {
  db: Database;
  storage: FileStorage;
  keys: DocumentKeyring;
  clock: Clock;
  /** The job queue's schema (QUEUE_SCHEMA): an erasure removes the person's SMS jobs there. */
  queueSchema?: string;
}

/** A subject in the stored form (E.164 phone, 12-digit MyKad); throws on an unusable value. */
export function normaliseSubject(subject: Subject): Subject {
  if ("phone" in subject) {
    const phone = normaliseContactNumber(subject.phone);
    if (!phone) throw new Error(`not a Malaysian phone number: ${subject.phone}`);
    return { phone };
  }
  const mykad = normaliseMyKad(subject.mykad);
  if (!mykad) throw new Error(`not a MyKad number: ${subject.mykad}`);
  return { mykad };
}

/** A stored file's plaintext: opened with its key, or as it is when stored before sealing. */
function openStored(keys: DocumentKeyring, bytes: Buffer, keyId: string | null): Buffer {
  return keyId === null ? bytes : keys.open(bytes);
}

const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

/** The person's leads: by phone (lead, alternate or a code sent to it) or by identity card. */
async function leadIds(db: Database, subject: Subject): Promise<string[]> {
  const { rows } =
    "phone" in subject
      ? await db.query<{ id: string }>(
          `select id::text as id from leads where phone_number = $1 or alternate_phone_number = $1
           union select lead_id::text from otp_codes where phone_number = $1`,
          [subject.phone],
        )
      : await db.query<{ id: string }>(
          "select id::text as id from leads where identity_card = $1",
          [subject.mykad],
        );
  return rows.map((r) => r.id);
}

async function audit(
  deps: PrivacyDeps,
  kind: "export" | "erase",
  subject: Subject,
  request: PrivacyRequest,
  counts: Record<string, number>,
): Promise<string> {
  const id = randomUUID();
  // The audit says what was done, when, by whom and for which ticket; not whose data it was.
  await deps.db.query(
    `insert into privacy_requests (id, kind, matched_by, ticket, operator, counts, requested_at)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7)`,
    [
      id,
      kind,
      "phone" in subject ? "phone" : "mykad",
      request.ticket ?? null,
      request.operator ?? null,
      JSON.stringify(counts),
      deps.clock.now().toISOString(),
    ],
  );
  return id;
}

/** Everything the portal holds about one person, as JSON (their right of access). */
export async function exportPerson(
  deps: PrivacyDeps,
  given: Subject,
  request: PrivacyRequest = {},
) {
  const subject = normaliseSubject(given);
  const { db, storage, keys } = deps;
  const ids = await leadIds(db, subject);
  const leads = [];
  for (const id of ids) {
    const lead = (
      await db.query<Record<string, unknown>>("select * from leads where id = $1", [id])
    ).rows[0];
    if (!lead) continue;
    const address = lead.address_id
      ? (await db.query("select * from addresses where id = $1", [lead.address_id])).rows[0]
      : undefined;
    const consents = (
      await db.query<Record<string, unknown>>(
        "select language, text_version, text_hash, accepted_at from consents where lead_id = $1 order by accepted_at",
        [id],
      )
    ).rows.map((c) => ({
      language: c.language,
      textVersion: c.text_version,
      // Null for a consent recorded before the text's hash was kept (migration 0035).
      consentTextHash: c.text_hash ?? null,
      acceptedAt: iso(c.accepted_at),
    }));
    const codes = (
      await db.query<Record<string, unknown>>(
        `select phone_number, created_at, expires_at, verified_at, client_address, sms
         from otp_codes where lead_id = $1 order by created_at`,
        [id],
      )
    ).rows.map((c) => ({
      phoneNumber: c.phone_number,
      sentAt: iso(c.created_at),
      expiresAt: iso(c.expires_at),
      verifiedAt: iso(c.verified_at),
      clientAddress: c.client_address,
      sms: c.sms,
    }));
    const documents = [];
    for (const d of (
      await db.query<Record<string, unknown>>(
        "select * from documents where lead_id = $1 and status <> 'deleted' order by created_at",
        [id],
      )
    ).rows) {
      documents.push({
        documentId: d.id,
        title: d.title,
        contentType: d.declared_type,
        extension: d.extension,
        status: d.status,
        size: d.size_bytes,
        uploadedAt: iso(d.uploaded_at),
        // The file itself, opened with the key it was sealed with.
        ...(d.storage_key
          ? {
              contentBase64: openStored(
                keys,
                await storage.read(d.storage_key as string),
                d.key_id as string | null,
              ).toString("base64"),
            }
          : {}),
      });
    }
    leads.push({
      leadId: lead.id,
      status: lead.status,
      product: lead.product,
      language: lead.language,
      name: lead.name,
      phoneNumber: lead.phone_number,
      alternatePhoneNumber: lead.alternate_phone_number,
      email: lead.email,
      identityCard: lead.identity_card,
      address: address ?? null,
      unitNumber: lead.unit_number,
      addressRemarks: lead.address_remarks,
      packageId: lead.package_id,
      referralCode: lead.referral_code,
      utm: lead.utm,
      order: lead.order_data,
      orderNumber: lead.order_number,
      phoneVerifiedAt: iso(lead.phone_verified_at),
      submittedAt: iso(lead.submitted_at),
      createdAt: iso(lead.created_at),
      updatedAt: iso(lead.updated_at),
      consents,
      oneTimeCodes: codes,
      documents,
    });
  }
  const byPhone = async (sql: string) =>
    "phone" in subject ? (await db.query<Record<string, unknown>>(sql, [subject.phone])).rows : [];
  const interests = await byPhone(
    "select * from interests where phone_number = $1 order by created_at",
  );
  const contactUs = await byPhone(
    "select * from marketing_submissions where first_contact_number = $1 or second_contact_number = $1 order by created_at",
  );
  const referrals = await byPhone(
    "select referral_code, status, updated_at from referrals where phone_number = $1",
  );
  const identityChecks =
    "mykad" in subject
      ? (
          await db.query<Record<string, unknown>>(
            "select key, hits, window_end from abuse_counters where key = $1",
            [`b40card:${subject.mykad}`],
          )
        ).rows.map((r) => ({ check: "b40Lookups", hits: r.hits, until: iso(Number(r.window_end)) }))
      : [];
  const counts = {
    leads: leads.length,
    documents: leads.reduce((n, l) => n + l.documents.length, 0),
    interests: interests.length,
    contactUs: contactUs.length,
    referrals: referrals.length,
    identityChecks: identityChecks.length,
  };
  const auditId = await audit(deps, "export", subject, request, counts);
  return {
    subject,
    exportedAt: deps.clock.now().toISOString(),
    auditId,
    leads,
    registerInterest: interests.map((r) => ({ ...r, created_at: iso(r.created_at) })),
    contactUs: contactUs.map((r) => ({ ...r, created_at: iso(r.created_at) })),
    referrals: referrals.map((r) => ({ ...r, updated_at: iso(r.updated_at) })),
    identityChecks,
  };
}

/**
 * Erases one person: drafts with everything they hold are deleted; a submitted lead keeps its
 * order number, product, order and dates, and loses its personal fields, documents and codes;
 * register-interest and contact-us records are deleted; a referral keeps its status without the
 * phone number; identity-check counters of the MyKad are deleted; the SMS jobs of the person's
 * numbers (queued, scheduled or kept after sending) are deleted. Recorded in `privacy_requests`
 * with the counts only.
 */
export async function erasePerson(deps: PrivacyDeps, given: Subject, request: PrivacyRequest = {}) {
  const subject = normaliseSubject(given);
  const { db, storage } = deps;
  const ids = await leadIds(db, subject);
  const phones = new Set("phone" in subject ? [subject.phone] : []);
  if (ids.length > 0)
    for (const r of (
      await db.query<{ phone_number: string }>(
        "select phone_number from leads where id = any($1::uuid[]) and phone_number is not null",
        [ids],
      )
    ).rows)
      phones.add(r.phone_number);
  const statuses = ids.length
    ? (
        await db.query<{ id: string; status: string }>(
          "select id::text as id, status from leads where id = any($1::uuid[])",
          [ids],
        )
      ).rows
    : [];
  const drafts = statuses.filter((l) => l.status === "draft").map((l) => l.id);
  const submitted = statuses.filter((l) => l.status === "submitted").map((l) => l.id);
  const documentsOfDrafts = drafts.length
    ? (
        await db.query<{ n: number }>(
          "select count(*)::int as n from documents where lead_id = any($1::uuid[])",
          [drafts],
        )
      ).rows[0]!.n
    : 0;
  await deleteLeads(db, storage, drafts);
  let documents = documentsOfDrafts;
  if (submitted.length > 0) {
    const { rows } = await db.query<{ id: string; storage_key: string | null }>(
      "select id, storage_key from documents where lead_id = any($1::uuid[])",
      [submitted],
    );
    documents += await deleteDocuments(db, storage, rows);
    await db.transaction(async (tx) => {
      await tx.query("delete from otp_codes where lead_id = any($1::uuid[])", [submitted]);
      await tx.query(ERASE_LEAD, [submitted, deps.clock.now().toISOString()]);
    });
  }
  const counts = { deletedLeads: drafts.length, erasedLeads: submitted.length, documents };
  await db.transaction(async (tx) => {
    if ("phone" in subject) {
      const phone = [subject.phone];
      Object.assign(counts, {
        otpCodes: (
          await tx.query("delete from otp_codes where phone_number = $1 returning code", phone)
        ).rows.length,
        interests: (
          await tx.query("delete from interests where phone_number = $1 returning id", phone)
        ).rows.length,
        contactUs: (
          await tx.query(
            "delete from marketing_submissions where first_contact_number = $1 or second_contact_number = $1 returning id",
            phone,
          )
        ).rows.length,
        referrals: (
          await tx.query(
            "update referrals set phone_number = 'erased:' || id where phone_number = $1 returning id",
            phone,
          )
        ).rows.length,
      });
    } else {
      Object.assign(counts, {
        identityChecks: (
          await tx.query("delete from abuse_counters where key = $1 returning key", [
            `b40card:${subject.mykad}`,
          ])
        ).rows.length,
      });
    }
  });
  if (deps.queueSchema)
    Object.assign(counts, { smsJobs: await deleteSmsJobs(db, deps.queueSchema, [...phones]) });
  const auditId = await audit(deps, "erase", subject, request, counts);
  return { auditId, counts };
}

/** Deletes the SMS jobs (pg-boss's job and archive tables) of these numbers; answers how many. */
async function deleteSmsJobs(db: Database, schema: string, phones: string[]): Promise<number> {
  if (phones.length === 0) return 0;
  let n = 0;
  for (const table of ["job", "archive"]) {
    const { rows } = await db.query<{ t: string | null }>("select to_regclass($1)::text as t", [
      `${schema}.${table}`,
    ]);
    if (!rows[0]?.t) continue;
    n += (
      await db.query(
        `delete from ${schema}.${table} where name = 'sms' and data->>'phoneNumber' = any($1::text[]) returning id`,
        [phones],
      )
    ).rows.length;
  }
  return n;
}

/**
 * Seals again, with the current key, every stored document that is not sealed with it: files
 * stored before issue 21 (plaintext, no key id) and files of a key being rotated out. Each file
 * is replaced whole (a new temporary file moved over it) and its row updated; run it after
 * putting a new key first, then drop the old key.
 */
export async function resealDocuments(
  deps: Omit<PrivacyDeps, "clock">,
  /** On the same file system as the local store (a rename finishes each file). */
  tempDir: string,
): Promise<{ resealed: number; byKey: Record<string, number> }> {
  const { db, storage, keys } = deps;
  await mkdir(tempDir, { recursive: true, mode: 0o700 });
  const byKey: Record<string, number> = {};
  let resealed = 0;
  for (;;) {
    const { rows } = await db.query<{
      id: string;
      storage_key: string;
      key_id: string | null;
      declared_type: string;
    }>(
      `select id, storage_key, key_id, declared_type from documents
       where storage_key is not null and key_id is distinct from $1 limit 100`,
      [keys.current.id],
    );
    for (const d of rows) {
      const plain = openStored(keys, await storage.read(d.storage_key), d.key_id);
      const temp = join(tempDir, `${randomBytes(12).toString("hex")}.part`);
      await writeFile(temp, keys.sealBuffer(plain), { mode: 0o600, flag: "wx" });
      await storage.put(d.storage_key, temp, d.declared_type);
      await db.query("update documents set key_id = $2 where id = $1", [d.id, keys.current.id]);
      const from = d.key_id ?? "(plaintext)";
      byKey[from] = (byKey[from] ?? 0) + 1;
      resealed += 1;
    }
    if (rows.length < 100) return { resealed, byKey };
  }
}
