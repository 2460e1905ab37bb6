// Personal data, PDPA-grade (issue 21): identity documents sealed at rest (AES-256-GCM, key id
// with each file, rotation), files 0600 in 0700 folders, the retention job on the injected clock,
// and the operator's export and erasure (functions here; the command in ops.test.ts).
import { readFileSync } from "node:fs";
import { chmod, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./db/database.js";
import { ManualClock } from "./lib/clock.js";
import { DocumentKeyring } from "./lib/document-keys.js";
import { RETENTION_DAYS } from "./services/retention.js";
import { erasePerson, exportPerson, resealDocuments } from "./services/privacy.js";
import {
  buildTestApp,
  call,
  closeTestDatabase,
  createLead,
  openTestDatabase,
  type TestContext,
} from "./test/helper.js";
import { completeSteps, PNG, uploadDocument } from "./test/orders.js";

const SHOP = "/shop/api";
const DAY = 86_400;

let db: Database;
let ctx: TestContext;
const clock = new ManualClock("2026-11-21T02:00:00Z");
beforeAll(async () => {
  db = await openTestDatabase();
  ctx = await buildTestApp(db, { clock });
});
afterAll(async () => {
  await ctx?.close();
  await closeTestDatabase(db);
});

type App = TestContext["app"];
let phoneCounter = 0;
const nextPhone = () => `0173${String(400_000 + ++phoneCounter).padStart(6, "0")}`;
const e164 = (phone: string) => `+6${phone}`;

/** A draft with contact details, identity card, a verified phone, consent and a document. */
async function draft(app: App, phone = nextPhone(), identityCard = "900101145679") {
  const { token, leadId } = await createLead(app);
  const address = await call(app, {
    method: "POST",
    url: "/address/cassandra/api/v1/address/greenfield-search",
    token,
    payload: { postalCode: "34000", residenceType: 1 },
  });
  const addressId = address.body.response[0].addressId as string;
  const documentId = await completeSteps(app, token, {
    phone,
    lead: { identityCard, address: { addressId } },
  });
  return { token, leadId, phone, documentId };
}

/** A draft carried through order and purchase. */
async function submitted(app: App, phone = nextPhone(), identityCard = "900101145679") {
  const lead = await draft(app, phone, identityCard);
  const steps = [
    await call(app, {
      method: "PATCH",
      url: `${SHOP}/v1/greenfield/update-sbb-order`,
      token: lead.token,
      payload: { packageId: "fibre-100" },
    }),
    await call(app, {
      method: "POST",
      url: `${SHOP}/v3/purchase`,
      token: lead.token,
      payload: { termsAccepted: true },
    }),
  ];
  for (const step of steps) expect(step.status, JSON.stringify(step.body)).toBe(200);
  return lead;
}

const storageKey = async (documentId: string) =>
  (
    await db.query<{ storage_key: string | null; key_id: string | null }>(
      "select storage_key, key_id from documents where id = $1",
      [documentId],
    )
  ).rows[0];
const fileOf = (key: string) => join(ctx.dataDir, "uploads", key);
const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );
const mode = async (path: string) => (await stat(path)).mode & 0o777;

describe("identity documents at rest", () => {
  it("are sealed with AES-256-GCM under the current key id, 0600 in 0700 folders", async () => {
    const { token } = await createLead(ctx.app);
    const documentId = await uploadDocument(ctx.app, token);
    const row = await storageKey(documentId);
    const keys = ctx.app.services.documentKeys;
    expect(row?.key_id).toBe(keys.current.id);
    const sealed = await readFile(fileOf(row!.storage_key!));
    // Nothing of the file is readable on disk: not its magic number, not its text.
    expect(sealed.includes(PNG.subarray(0, 8))).toBe(false);
    expect(sealed.includes(Buffer.from("MyKad"))).toBe(false);
    expect(DocumentKeyring.keyIdOf(sealed)).toBe(keys.current.id);
    expect(keys.open(sealed)).toEqual(PNG);
    // A changed byte is refused (GCM tag).
    const altered = Buffer.from(sealed);
    altered[altered.length - 20]! ^= 1;
    expect(() => keys.open(altered)).toThrow();
    expect(await mode(fileOf(row!.storage_key!))).toBe(0o600);
    expect(await mode(join(ctx.dataDir, "uploads"))).toBe(0o700);
    expect(await mode(join(ctx.dataDir, "uploads", ".partial"))).toBe(0o700);
    expect(await mode(ctx.dataDir)).toBe(0o700);
  });

  it("use a development key kept in the data folder (0600), the same after a restart", async () => {
    const keyFile = join(ctx.dataDir, "document-key");
    expect(await mode(keyFile)).toBe(0o600);
    const again = await buildTestApp(db, { clock, dataDir: ctx.dataDir });
    try {
      expect(again.app.services.documentKeys.current).toEqual(
        ctx.app.services.documentKeys.current,
      );
    } finally {
      await again.close();
    }
  });

  it("rotate: a new key seals new files, the old one still opens the files it sealed", async () => {
    const { token } = await createLead(ctx.app);
    const before = await storageKey(await uploadDocument(ctx.app, token));
    const old = ctx.app.services.documentKeys.current;
    const fresh = { id: "k2027", key: Buffer.alloc(32, 27) };
    const rotated = await buildTestApp(db, {
      clock,
      dataDir: ctx.dataDir,
      env: { documentKeys: [fresh, old] },
    });
    try {
      const after = await storageKey(
        await uploadDocument(rotated.app, (await createLead(rotated.app)).token),
      );
      expect(after?.key_id).toBe("k2027");
      const keys = rotated.app.services.documentKeys;
      expect(keys.open(await readFile(fileOf(after!.storage_key!)))).toEqual(PNG);
      expect(keys.open(await readFile(fileOf(before!.storage_key!)))).toEqual(PNG);
      // Once the old key is dropped, its files no longer open, and the error names the key.
      expect(() =>
        new DocumentKeyring([fresh]).open(Buffer.from(readFileSync(fileOf(before!.storage_key!)))),
      ).toThrow(`document key ${old.id} is not configured (DOCUMENT_KEYS)`);
    } finally {
      await rotated.close();
    }
  });
});

describe("re-sealing (ops reseal)", () => {
  it("seals plaintext files of before issue 21 and files of a rotated-out key with the current key", async () => {
    const { token } = await createLead(ctx.app);
    const legacyId = await uploadDocument(ctx.app, token);
    const oldKeyId = await uploadDocument(ctx.app, token);
    // As stored before issue 21: plaintext, 0644, no key id.
    const legacy = (await storageKey(legacyId))!.storage_key!;
    await writeFile(fileOf(legacy), PNG);
    await chmod(fileOf(legacy), 0o644);
    await db.query("update documents set key_id = null where id = $1", [legacyId]);
    const old = ctx.app.services.documentKeys.current;
    const fresh = { id: "k2028", key: Buffer.alloc(32, 28) };
    // The key of the rotation test above too: every stored file's key must be at hand.
    const k2027 = { id: "k2027", key: Buffer.alloc(32, 27) };
    const keys = new DocumentKeyring([fresh, old, k2027]);
    const storage = ctx.app.services.storage;
    const done = await resealDocuments(
      { db, storage, keys },
      join(ctx.dataDir, "uploads", ".partial"),
    );
    expect(done.byKey["(plaintext)"]).toBeGreaterThanOrEqual(1);
    expect(done.byKey[old.id]).toBeGreaterThanOrEqual(1);
    const onlyFresh = new DocumentKeyring([fresh]);
    for (const id of [legacyId, oldKeyId]) {
      const row = (await storageKey(id))!;
      expect(row.key_id).toBe("k2028");
      expect(onlyFresh.open(await readFile(fileOf(row.storage_key!)))).toEqual(PNG);
      expect(await mode(fileOf(row.storage_key!))).toBe(0o600);
    }
    expect(
      (
        await db.query(
          "select 1 from documents where storage_key is not null and key_id <> 'k2028'",
        )
      ).rows,
    ).toHaveLength(0);
    // Back to the app's key for the tests that follow.
    await resealDocuments(
      { db, storage, keys: new DocumentKeyring([old, fresh, k2027]) },
      join(ctx.dataDir, "uploads", ".partial"),
    );
  });
});

describe("retention", () => {
  const run = () => ctx.app.services.retention.run();

  it.each([
    [
      "bm",
      [
        `Dokumen pengenalan bagi permohonan yang terbengkalai: ${RETENTION_DAYS.abandonedDocuments} hari selepas ia terbengkalai`,
        `: ${RETENTION_DAYS.abandonedLeads} hari selepas ia terbengkalai`,
        `Dokumen pengenalan bagi permohonan yang dihantar: ${RETENTION_DAYS.submittedDocuments} hari selepas penghantaran`,
        `dalam permohonan yang dihantar: ${RETENTION_DAYS.submittedLeads} hari selepas penghantaran`,
        `Rekod kod sekali guna yang dihantar ke telefon anda: ${RETENTION_DAYS.otpCodes} hari selepas penghantaran`,
        `Permintaan daftar minat: ${RETENTION_DAYS.interests} hari selepas pendaftaran`,
        `Mesej hubungi kami: ${RETENTION_DAYS.contactUs} hari selepas penghantaran`,
      ],
    ],
    [
      "en",
      [
        `Identity documents of an abandoned application: ${RETENTION_DAYS.abandonedDocuments} days after it was abandoned`,
        `: ${RETENTION_DAYS.abandonedLeads} days after it was abandoned`,
        `Identity documents of a submitted application: ${RETENTION_DAYS.submittedDocuments} days after submission`,
        `in a submitted application: ${RETENTION_DAYS.submittedLeads} days after submission`,
        `Records of the one-time codes sent to your phone: ${RETENTION_DAYS.otpCodes} days after sending`,
        `Register-interest requests: ${RETENTION_DAYS.interests} days after registration`,
        `Contact-us messages: ${RETENTION_DAYS.contactUs} days after submission`,
      ],
    ],
  ] as const)("periods are the ones the privacy notice states in %s", async (lang, periods) => {
    const res = await call(ctx.app, {
      method: "GET",
      url: `/content/api/v1/terms/privacy-notice?lang=${lang}`,
    });
    expect(res.status).toBe(200);
    const body = res.body.response.body as string;
    for (const period of periods) expect(body).toContain(period);
    // Abandoned: 24 hours after the start without a submission (the lead token's lifetime).
    expect(body).toContain(
      lang === "bm" ? "terbengkalai 24 jam selepas" : "abandoned 24 hours after",
    );
  });

  it("deletes an abandoned draft's document 7 days after abandonment, from disk and database", async () => {
    await run();
    const lead = await draft(ctx.app);
    const key = (await storageKey(lead.documentId))!.storage_key!;
    expect(await exists(fileOf(key))).toBe(true);
    // Abandoned when the token expires (a day), then 7 days: one minute short, it stays.
    clock.advance(DAY + RETENTION_DAYS.abandonedDocuments * DAY - 60);
    expect((await run()).documents).toBe(0);
    expect(await exists(fileOf(key))).toBe(true);
    clock.advance(120);
    expect((await run()).documents).toBeGreaterThanOrEqual(1);
    expect(await exists(fileOf(key))).toBe(false);
    expect(await storageKey(lead.documentId)).toBeUndefined();
    // The draft itself stays until 30 days after abandonment, then goes with everything it holds.
    const leadRow = () => db.query("select id from leads where id = $1", [lead.leadId]);
    expect((await leadRow()).rows).toHaveLength(1);
    clock.advance((RETENTION_DAYS.abandonedLeads - RETENTION_DAYS.abandonedDocuments) * DAY);
    expect((await run()).abandonedLeads).toBeGreaterThanOrEqual(1);
    expect((await leadRow()).rows).toHaveLength(0);
    for (const table of ["otp_codes", "consents", "documents"])
      expect(
        (await db.query(`select 1 from ${table} where lead_id = $1`, [lead.leadId])).rows,
        table,
      ).toHaveLength(0);
  });

  it("keeps a submitted lead's documents 30 days, its personal fields 180 days, then its order alone", async () => {
    await run();
    const lead = await submitted(ctx.app);
    const key = (await storageKey(lead.documentId))!.storage_key!;
    clock.advance(RETENTION_DAYS.submittedDocuments * DAY - 60);
    await run();
    expect(await exists(fileOf(key))).toBe(true);
    clock.advance(120);
    await run();
    expect(await exists(fileOf(key))).toBe(false);
    expect(await storageKey(lead.documentId)).toBeUndefined();
    clock.advance((RETENTION_DAYS.submittedLeads - RETENTION_DAYS.submittedDocuments) * DAY);
    expect((await run()).erasedLeads).toBeGreaterThanOrEqual(1);
    const { rows } = await db.query<Record<string, unknown>>("select * from leads where id = $1", [
      lead.leadId,
    ]);
    expect(rows[0]).toMatchObject({
      status: "submitted",
      name: null,
      phone_number: null,
      email: null,
      identity_card: null,
      address_id: null,
    });
    expect(rows[0]?.order_number).toMatch(/^SF\d{10}$/);
    expect(rows[0]?.erased_at).not.toBeNull();
  });

  it("deletes code records after 7 days, register-interest and contact-us after a year, ended identity counters", async () => {
    await run();
    const phone = nextPhone();
    const interest = await call(ctx.app, {
      method: "POST",
      url: `${SHOP}/v3/register-interest`,
      payload: {
        name: "Lim Wei",
        phoneNumber: phone,
        product: "fibre",
        postalCode: "45000",
        language: "en",
      },
    });
    expect(interest.status).toBe(200);
    const { token } = await createLead(ctx.app);
    await call(ctx.app, {
      method: "POST",
      url: `${SHOP}/v3/generate-otp`,
      token,
      payload: { phoneNumber: phone, mock: true },
    });
    await call(ctx.app, {
      method: "POST",
      url: "/content/api/v1/b40/verify",
      headers: {
        authorization: `Bearer ${(await call(ctx.app, { method: "POST", url: "/content/api/v1/b40/auth" })).body.response.token}`,
      },
      payload: { identityCard: "880412105123" },
    });
    const count = async (sql: string, params: unknown[]) =>
      (await db.query(sql, params)).rows.length;
    expect(await count("select 1 from otp_codes where phone_number = $1", [e164(phone)])).toBe(1);
    expect(
      await count("select 1 from abuse_counters where key = $1", ["b40card:880412105123"]),
    ).toBe(1);
    clock.advance(RETENTION_DAYS.otpCodes * DAY + 60);
    const report = await run();
    expect(report.otpCodes).toBeGreaterThanOrEqual(1);
    expect(report.abuseCounters).toBeGreaterThanOrEqual(1);
    expect(await count("select 1 from otp_codes where phone_number = $1", [e164(phone)])).toBe(0);
    expect(
      await count("select 1 from abuse_counters where key = $1", ["b40card:880412105123"]),
    ).toBe(0);
    expect(await count("select 1 from interests where phone_number = $1", [e164(phone)])).toBe(1);
    clock.advance(RETENTION_DAYS.interests * DAY);
    expect((await run()).interests).toBeGreaterThanOrEqual(1);
    expect(await count("select 1 from interests where phone_number = $1", [e164(phone)])).toBe(0);
  });
});

describe("export and erasure of one person", () => {
  const deps = () => ({
    db,
    storage: ctx.app.services.storage,
    keys: ctx.app.services.documentKeys,
    clock,
  });

  it("exports everything held about a phone number, documents opened, and audits without the data", async () => {
    const phone = nextPhone();
    const mine = await draft(ctx.app, phone, "850315145678");
    await call(ctx.app, {
      method: "POST",
      url: `${SHOP}/v3/register-interest`,
      payload: {
        name: "Aminah",
        phoneNumber: phone,
        product: "tv",
        postalCode: "45000",
        language: "bm",
      },
    });
    const other = await draft(ctx.app);
    const data = await exportPerson(
      deps(),
      { phone: `${phone.slice(0, 3)}-${phone.slice(3)}` },
      {
        ticket: "DSR-1",
        operator: "ops",
      },
    );
    expect(data.subject).toEqual({ phone: e164(phone) });
    expect(data.leads.map((l) => l.leadId)).toEqual([mine.leadId]);
    const [lead] = data.leads;
    expect(lead).toMatchObject({
      name: "Aminah binti Yusof",
      phoneNumber: e164(phone),
      identityCard: "850315145678",
      email: "aminah@example.my",
    });
    expect(lead?.consents).toHaveLength(1);
    expect(lead?.oneTimeCodes).toHaveLength(1);
    expect(Buffer.from(lead!.documents[0]!.contentBase64!, "base64")).toEqual(PNG);
    expect(data.registerInterest).toHaveLength(1);
    expect(JSON.stringify(data)).not.toContain(other.leadId);
    const audit = (
      await db.query<Record<string, unknown>>("select * from privacy_requests where id = $1", [
        data.auditId,
      ])
    ).rows[0];
    expect(audit).toMatchObject({
      kind: "export",
      matched_by: "phone",
      ticket: "DSR-1",
      operator: "ops",
    });
    expect(audit?.counts).toMatchObject({ leads: 1, documents: 1, interests: 1 });
    const text = JSON.stringify(audit);
    for (const personal of [phone.slice(-7), "Aminah", "850315145678", mine.leadId])
      expect(text).not.toContain(personal);
  });

  it("erases a person by MyKad: drafts deleted, a submitted lead's order kept without them, files gone", async () => {
    const card = "910723086789";
    const open = await draft(ctx.app, nextPhone(), card);
    const done = await submitted(ctx.app, nextPhone(), card);
    const other = await draft(ctx.app);
    const files = await Promise.all(
      [open.documentId, done.documentId].map(async (id) =>
        fileOf((await storageKey(id))!.storage_key!),
      ),
    );
    const { counts, auditId } = await erasePerson(
      deps(),
      { mykad: "910723-08-6789" },
      { ticket: "DSR-2" },
    );
    expect(counts).toMatchObject({ deletedLeads: 1, erasedLeads: 1, documents: 2 });
    for (const file of files) expect(await exists(file)).toBe(false);
    expect((await db.query("select 1 from leads where id = $1", [open.leadId])).rows).toHaveLength(
      0,
    );
    const kept = (
      await db.query<Record<string, unknown>>("select * from leads where id = $1", [done.leadId])
    ).rows[0];
    expect(kept).toMatchObject({
      status: "submitted",
      name: null,
      identity_card: null,
      phone_number: null,
    });
    expect(kept?.order_number).toMatch(/^SF/);
    // Someone else's lead is untouched, and the person is no longer found.
    expect((await db.query("select 1 from leads where id = $1", [other.leadId])).rows).toHaveLength(
      1,
    );
    expect((await exportPerson(deps(), { mykad: card })).leads).toEqual([]);
    const audit = (
      await db.query<Record<string, unknown>>("select * from privacy_requests where id = $1", [
        auditId,
      ])
    ).rows[0];
    expect(audit).toMatchObject({ kind: "erase", matched_by: "mykad", ticket: "DSR-2" });
    expect(JSON.stringify(audit)).not.toContain(card);
  });

  it("erases a person by phone: leads, codes, register-interest and contact details", async () => {
    const phone = nextPhone();
    const lead = await draft(ctx.app, phone);
    await call(ctx.app, {
      method: "POST",
      url: `${SHOP}/v3/register-interest`,
      payload: {
        name: "Aminah",
        phoneNumber: phone,
        product: "tv",
        postalCode: "45000",
        language: "bm",
      },
    });
    const { counts } = await erasePerson(deps(), { phone });
    expect(counts).toMatchObject({ deletedLeads: 1, interests: 1 });
    for (const [sql, param] of [
      ["select 1 from leads where id = $1", lead.leadId],
      ["select 1 from otp_codes where phone_number = $1", e164(phone)],
      ["select 1 from interests where phone_number = $1", e164(phone)],
    ] as const)
      expect((await db.query(sql, [param])).rows, sql).toHaveLength(0);
  });
});
