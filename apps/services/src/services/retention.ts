import type { FastifyBaseLogger } from "fastify";
import type { Database, Queryable } from "../db/database.js";
import type { Clock } from "../lib/clock.js";
import type { FileStorage } from "./storage.js";
import { TOKEN_TTL } from "./tokens.js";

/**
 * How long personal data is kept (README "Personal data"). A draft lead is **abandoned** when its
 * token expires (24 hours after it was made) without a purchase: nobody can change it after that.
 */
export const RETENTION_DAYS = {
  /** Identity documents of an abandoned draft, after abandonment. */
  abandonedDocuments: 7,
  /** An abandoned draft with everything it holds (contact details, identity card, consents...). */
  abandonedLeads: 30,
  /** Identity documents of a submitted lead, after submission. */
  submittedDocuments: 30,
  /** A submitted lead's personal fields (erased; order number, product and price stay). */
  submittedLeads: 180,
  /** One-time-code records (phone number, client address), after they were sent. */
  otpCodes: 7,
  /** Register-interest records, after registration. */
  interests: 365,
  /** Contact-us submissions, after submission. */
  contactUs: 365,
  /** What the development SMS stand-in recorded (codes and numbers), after sending. */
  smsStandinMessages: 1,
  /** Dead-lettered SMS (masked numbers, no codes), after they were given up. */
  smsDeadLetters: 30,
} as const;

/** What one run removed. */
export interface RetentionReport {
  documents: number;
  abandonedLeads: number;
  erasedLeads: number;
  otpCodes: number;
  interests: number;
  contactUs: number;
  abuseCounters: number;
}

const DAY = 86_400_000;
/** Rows per statement: each step runs in short transactions, whatever the backlog. */
const BATCH = 200;

/** The personal fields of a lead, emptied when it is erased (its order stays). */
export const ERASE_LEAD = `update leads set name = null, phone_number = null,
  alternate_phone_number = null, email = null, identity_card = null, address_id = null,
  unit_number = null, address_remarks = null, utm = '{}'::jsonb, erased_at = $2
  where id = any($1::uuid[])`;

/**
 * Deletes documents (files first, then rows: a file never outlives its row, and a run that stops
 * half-way leaves rows whose file is already gone, deleted again next time).
 */
export async function deleteDocuments(
  db: Queryable,
  storage: FileStorage,
  documents: { id: string; storage_key: string | null }[],
): Promise<number> {
  for (const d of documents) if (d.storage_key) await storage.delete(d.storage_key);
  if (documents.length === 0) return 0;
  await db.query("delete from documents where id = any($1::uuid[])", [documents.map((d) => d.id)]);
  return documents.length;
}

/** Deletes leads and every row that hangs off them (documents with their files first). */
export async function deleteLeads(
  db: Database,
  storage: FileStorage,
  ids: string[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const { rows } = await db.query<{ id: string; storage_key: string | null }>(
    "select id, storage_key from documents where lead_id = any($1::uuid[])",
    [ids],
  );
  await deleteDocuments(db, storage, rows);
  await db.transaction(async (tx) => {
    await tx.query("delete from otp_codes where lead_id = any($1::uuid[])", [ids]);
    await tx.query("delete from consents where lead_id = any($1::uuid[])", [ids]);
    await tx.query("delete from documents where lead_id = any($1::uuid[])", [ids]);
    await tx.query("delete from leads where id = any($1::uuid[])", [ids]);
  });
  return ids.length;
}

/**
 * The retention job: removes personal data past its period ({@link RETENTION_DAYS}) on the
 * injected clock. Every step is idempotent, so instances running it at the same time only
 * repeat each other's work; it runs every `RETENTION_INTERVAL_MS` (and by hand in tests).
 */
export class RetentionService {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<RetentionReport> | undefined;

  constructor(
    private readonly db: Database,
    private readonly storage: FileStorage,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Runs the job once (a run already under way is shared). */
  run(): Promise<RetentionReport> {
    this.#running ??= this.#run().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #run(): Promise<RetentionReport> {
    const now = this.clock.now().getTime();
    const ago = (days: number) => new Date(now - days * DAY).toISOString();
    // A draft made before this was abandoned `days` ago (its token lived TOKEN_TTL.lead).
    const abandonedBefore = (days: number) =>
      new Date(now - TOKEN_TTL.lead * 1000 - days * DAY).toISOString();
    const report: RetentionReport = {
      documents: 0,
      abandonedLeads: 0,
      erasedLeads: 0,
      otpCodes: 0,
      interests: 0,
      contactUs: 0,
      abuseCounters: 0,
    };
    for (;;) {
      const { rows } = await this.db.query<{ id: string; storage_key: string | null }>(
        `select d.id, d.storage_key from documents d join leads l on l.id = d.lead_id
         where (l.status = 'draft' and l.created_at < $1)
            or (l.status = 'submitted' and l.submitted_at < $2)
         limit ${BATCH}`,
        [
          abandonedBefore(RETENTION_DAYS.abandonedDocuments),
          ago(RETENTION_DAYS.submittedDocuments),
        ],
      );
      report.documents += await deleteDocuments(this.db, this.storage, rows);
      if (rows.length < BATCH) break;
    }
    for (;;) {
      const { rows } = await this.db.query<{ id: string }>(
        `select id from leads where status = 'draft' and created_at < $1 limit ${BATCH}`,
        [abandonedBefore(RETENTION_DAYS.abandonedLeads)],
      );
      report.abandonedLeads += await deleteLeads(
        this.db,
        this.storage,
        rows.map((r) => r.id),
      );
      if (rows.length < BATCH) break;
    }
    for (;;) {
      const ids = (
        await this.db.query<{ id: string }>(
          `select id from leads where status = 'submitted' and erased_at is null and submitted_at < $1
           limit ${BATCH}`,
          [ago(RETENTION_DAYS.submittedLeads)],
        )
      ).rows.map((r) => r.id);
      if (ids.length > 0)
        await this.db.transaction(async (tx) => {
          await tx.query("delete from otp_codes where lead_id = any($1::uuid[])", [ids]);
          await tx.query(ERASE_LEAD, [ids, new Date(now).toISOString()]);
        });
      report.erasedLeads += ids.length;
      if (ids.length < BATCH) break;
    }
    report.otpCodes = await this.#deleteOlder("otp_codes", "code", ago(RETENTION_DAYS.otpCodes));
    report.interests = await this.#deleteOlder("interests", "id", ago(RETENTION_DAYS.interests));
    report.contactUs = await this.#deleteOlder(
      "marketing_submissions",
      "id",
      ago(RETENTION_DAYS.contactUs),
    );
    // The SMS records of issue 24: the stand-in's (development) and the dead letters.
    await this.db.query("delete from sms_standin_messages where sent_at < $1", [
      ago(RETENTION_DAYS.smsStandinMessages),
    ]);
    await this.db.query("delete from sms_dead_letters where dead_lettered_at < $1", [
      ago(RETENTION_DAYS.smsDeadLetters),
    ]);
    // Expired "continue on your phone" codes (issue 24): their saved journey goes with them.
    await this.db.query("delete from lead_handoffs where expires_at <= $1", [
      new Date(now).toISOString(),
    ]);
    // Identity-check counters are keyed by account and MyKad numbers: gone when their window is.
    report.abuseCounters = (
      await this.db.query(
        "delete from abuse_counters where window_end <= $1::bigint returning key",
        [now],
      )
    ).rows.length;
    if (Object.values(report).some((n) => n > 0)) this.log.info({ retention: report }, "retention");
    return report;
  }

  async #deleteOlder(table: string, key: string, before: string): Promise<number> {
    let total = 0;
    for (;;) {
      const { rows } = await this.db.query(
        `delete from ${table} where ${key} in (select ${key} from ${table} where created_at < $1 limit ${BATCH}) returning ${key}`,
        [before],
      );
      total += rows.length;
      if (rows.length < BATCH) return total;
    }
  }

  /** Runs the job every `intervalMs` (the first run a minute after start); 0 does nothing. */
  start(intervalMs: number): void {
    if (intervalMs <= 0 || this.#timer) return;
    const tick = (delay: number) => {
      this.#timer = setTimeout(() => {
        this.run()
          .catch((error: unknown) => this.log.warn({ err: error }, "retention run failed"))
          .finally(() => {
            if (this.#timer) tick(intervalMs);
          });
      }, delay);
      this.#timer.unref();
    };
    tick(Math.min(60_000, intervalMs));
  }

  /** Stops the timer and waits for a run under way. */
  async stop(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#running?.catch(() => undefined);
  }
}
