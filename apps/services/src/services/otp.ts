import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Database, Queryable } from "../db/database.js";
import type { KeyLocks } from "../db/key-locks.js";
import type { Clock } from "../lib/clock.js";
import { HttpError } from "../lib/errors.js";
import type { AbuseLimits } from "../lib/env.js";
import { maskPhone } from "../lib/logger.js";
import type { OtpRefusal } from "../lib/metrics.js";
import type { SmsLanguage } from "./sms.js";
import type { SmsService } from "./sms-queue.js";

/** Where a code's SMS goes: a job of the sms queue, in the code's transaction (SmsService). */
export type OtpSms = Pick<SmsService, "enqueue" | "nudge">;

/** OTP rules (SPEC sections 3 and 9; shop.yaml). The abuse limits are in the environment. */
export const OTP_RULES = {
  validitySeconds: 600,
  resendGapSeconds: 180,
  maxWrongAttempts: 5,
  mockOtp: "123456",
} as const;

/** The send limits of {@link OtpService} (AbuseLimits of the environment). */
export type OtpLimits = Pick<
  AbuseLimits,
  | "otpPhonesPerLead"
  | "otpSendsPerPhoneHour"
  | "otpSendsPerPhoneDay"
  | "otpSendsPerClientHour"
  | "smsBudgetPerHour"
>;

interface OtpRow {
  code: string;
  lead_id: string;
  phone_number: string;
  otp_hash: string;
  attempts: number;
  created_at: string | Date;
  expires_at: string | Date;
  verified_at: string | null;
  dead_at: string | null;
}

const ms = (v: string | Date) => new Date(v).getTime();
const HOUR = 3600_000;
const DAY = 24 * HOUR;

// Everything the per-key send limits need, in one round trip: the phone's sends of the last day,
// the lead's phones of the last day and the client's sends of the last hour.
const USAGE = `
select
  (select coalesce(json_agg(created_at order by created_at desc), '[]') from otp_codes
     where phone_number = $1 and created_at > $5) as phone_sends,
  (select coalesce(json_agg(json_build_object('phone', phone_number, 'first', first)), '[]') from (
     select phone_number, min(created_at) as first from otp_codes
     where lead_id = $2 and created_at > $5 group by phone_number) p) as lead_phones,
  (select json_build_object('n', count(*), 'first', min(created_at)) from (
     select created_at from otp_codes where client_address = $3 and created_at > $4
     order by created_at limit $6) c) as client_sends`;

interface Usage {
  phone_sends: string[];
  lead_phones: { phone: string; first: string }[];
  client_sends: { n: number; first: string | null };
}

// The hourly SMS budget: one counter for the whole service, a window of an hour from its first
// SMS, counted only while under the budget. The row is locked from this statement to the commit
// right after it, so concurrent sends queue on it for one round trip at most.
const SPEND_SMS = `
insert into abuse_counters as c (key, hits, window_end) values ('sms:budget', 1, $1::bigint + $3::bigint)
on conflict (key) do update set
  hits = case when c.window_end <= $1::bigint then 1 else c.hits + 1 end,
  window_end = case when c.window_end <= $1::bigint then excluded.window_end else c.window_end end
where c.window_end <= $1::bigint or c.hits < $2
returning hits`;
const BUDGET_END = "select window_end from abuse_counters where key = 'sms:budget'";

/** What {@link OtpService} reports to the metrics and the log. */
export interface OtpEvents {
  sent(channel: "sms" | "mock"): void;
  refused(reason: OtpRefusal): void;
  /** The hourly SMS budget is spent (true) or available again (false). */
  budget(exhausted: boolean): void;
}

/**
 * One-time codes: hashed, expiring, single use, locked after 5 misses, and capped against SMS
 * pumping: distinct phones per lead, sends per phone per hour and per day, sends per client
 * address per hour, and a global hourly SMS budget. Every cap is counted in the database, so it
 * holds across instances and under concurrency: a send holds the keys of its phone, lead and
 * client address ({@link KeyLocks}: no pool connection is held while waiting for them), and
 * spends the budget with one conditional counter update just before it commits.
 */
export class OtpService {
  constructor(
    private readonly db: Database,
    private readonly locks: KeyLocks,
    private readonly clock: Clock,
    private readonly secret: string,
    private readonly allowMock: boolean,
    private readonly sms: OtpSms,
    private readonly log: FastifyBaseLogger,
    private readonly limits: OtpLimits,
    private readonly events: OtpEvents,
  ) {}

  #hash(code: string, otp: string): string {
    return createHmac("sha256", this.secret).update(`${code}:${otp}`).digest("hex");
  }

  #refuse(reason: OtpRefusal, waitMs: number, message: string): HttpError {
    this.events.refused(reason);
    return new HttpError(429, message, {
      code: `otp.${reason}`,
      headers: { "retry-after": String(Math.max(1, Math.ceil(waitMs / 1000))) },
    });
  }

  /** Counts one SMS against the hourly budget, or refuses (and alerts) when it is spent. */
  async #spendSms(tx: Queryable, t: number): Promise<void> {
    const budget = this.limits.smsBudgetPerHour;
    const spent = budget > 0 && (await tx.query(SPEND_SMS, [t, budget, HOUR])).rows.length > 0;
    if (spent) {
      this.events.budget(false);
      return;
    }
    const { rows } = await tx.query<{ window_end: string | number }>(BUDGET_END);
    this.events.budget(true);
    this.log.error(
      { budget, alert: "smsBudgetExhausted" },
      "ALERT: the hourly SMS budget is spent; no code is sent until it frees up",
    );
    throw this.#refuse(
      "smsBudget",
      rows[0] ? Number(rows[0].window_end) - t : HOUR,
      "Codes cannot be sent right now; try again later",
    );
  }

  /**
   * Generates an OTP for the lead and phone and queues its SMS in the lead's language (in the
   * same transaction as the code, then the workers are woken); answers the reference code.
   */
  async generate(
    leadId: string,
    phoneNumber: string,
    mock: boolean,
    clientAddress = "unknown",
    language: SmsLanguage = "bm",
  ) {
    const now = this.clock.now();
    const t = now.getTime();
    const useMock = mock && this.allowMock;
    const otp = useMock ? OTP_RULES.mockOtp : String(randomInt(0, 1_000_000)).padStart(6, "0");
    const code = randomBytes(12).toString("base64url");
    const limits = this.limits;
    const keys = [`otp:phone:${phoneNumber}`, `otp:lead:${leadId}`, `otp:client:${clientAddress}`];
    await this.locks.transaction(keys, async (tx) => {
      const { rows } = await tx.query<Usage>(USAGE, [
        phoneNumber,
        leadId,
        clientAddress,
        new Date(t - HOUR).toISOString(),
        new Date(t - DAY).toISOString(),
        limits.otpSendsPerClientHour,
      ]);
      const usage = rows[0] as Usage;
      const phoneSends = usage.phone_sends.map(ms);
      const last = phoneSends[0];
      if (last !== undefined && last + OTP_RULES.resendGapSeconds * 1000 > t)
        throw this.#refuse(
          "resendTooSoon",
          last + OTP_RULES.resendGapSeconds * 1000 - t,
          "Please wait before requesting another code",
        );
      const lastHour = phoneSends.filter((at) => at > t - HOUR);
      if (lastHour.length >= limits.otpSendsPerPhoneHour)
        throw this.#refuse(
          "hourlyLimit",
          (lastHour[lastHour.length - 1] as number) + HOUR - t,
          "Too many codes requested for this number; try again later",
        );
      if (phoneSends.length >= limits.otpSendsPerPhoneDay)
        throw this.#refuse(
          "dailyLimit",
          (phoneSends[phoneSends.length - 1] as number) + DAY - t,
          "Too many codes requested for this number today; try again tomorrow",
        );
      const phones = usage.lead_phones;
      if (!phones.some((p) => p.phone === phoneNumber) && phones.length >= limits.otpPhonesPerLead)
        throw this.#refuse(
          "tooManyPhones",
          Math.min(...phones.map((p) => ms(p.first))) + DAY - t,
          `A lead may verify at most ${limits.otpPhonesPerLead} phone numbers a day`,
        );
      if (usage.client_sends.n >= limits.otpSendsPerClientHour)
        throw this.#refuse(
          "clientLimit",
          ms(usage.client_sends.first as string) + HOUR - t,
          "Too many codes requested from this address; try again later",
        );
      // A new send supersedes the phone's earlier codes.
      await tx.query(
        "update otp_codes set dead_at = $2 where phone_number = $1 and verified_at is null and dead_at is null",
        [phoneNumber, now.toISOString()],
      );
      await tx.query(
        `insert into otp_codes (code, lead_id, phone_number, otp_hash, created_at, expires_at, client_address, sms)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          code,
          leadId,
          phoneNumber,
          this.#hash(code, otp),
          now.toISOString(),
          new Date(t + OTP_RULES.validitySeconds * 1000).toISOString(),
          clientAddress,
          !useMock,
        ],
      );
      if (!useMock) {
        const expiresAt = new Date(t + OTP_RULES.validitySeconds * 1000).toISOString();
        await this.sms.enqueue(tx, {
          kind: "otp",
          phoneNumber,
          language,
          params: { otp, expiresAt },
        });
        // Last, so the budget's row stays locked only until the commit that follows.
        await this.#spendSms(tx, t);
      }
    });
    if (useMock) {
      this.events.sent("mock");
      this.log.info(
        { mockOtp: otp, phone: maskPhone(phoneNumber) },
        "mock OTP issued (non-production)",
      );
    } else {
      // Committed: the visitor is waiting for it, so the workers go now rather than at their poll.
      this.sms.nudge();
      this.events.sent("sms");
    }
    return { code, expiresIn: OTP_RULES.validitySeconds, resendAfter: OTP_RULES.resendGapSeconds };
  }

  /** Checks an OTP; a wrong one counts an attempt, the 5th kills the code. */
  async verify(leadId: string, phoneNumber: string, code: string, otp: string) {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<OtpRow>(
        "select * from otp_codes where code = $1 for update",
        [code],
      );
      const row = rows[0];
      if (!row || row.lead_id !== leadId || row.phone_number !== phoneNumber) {
        throw new HttpError(404, "Unknown code for this phone number", { code: "otp.notFound" });
      }
      if (row.verified_at)
        throw new HttpError(410, "The code was already used", { code: "otp.used" });
      if (row.attempts >= OTP_RULES.maxWrongAttempts) {
        throw new HttpError(410, "Too many wrong attempts; request a new code", {
          code: "otp.locked",
        });
      }
      if (row.dead_at)
        throw new HttpError(410, "The code was replaced by a newer one", { code: "otp.expired" });
      if (ms(row.expires_at) <= now.getTime())
        throw new HttpError(410, "The code has expired", { code: "otp.expired" });
      const expected = Buffer.from(row.otp_hash, "hex");
      const actual = Buffer.from(this.#hash(code, otp), "hex");
      if (!timingSafeEqual(expected, actual)) {
        const attempts = row.attempts + 1;
        await tx.query(
          "update otp_codes set attempts = $2, dead_at = coalesce($3::timestamptz, dead_at) where code = $1",
          [code, attempts, attempts >= OTP_RULES.maxWrongAttempts ? now.toISOString() : null],
        );
        return {
          verified: false,
          attemptsLeft: Math.max(0, OTP_RULES.maxWrongAttempts - attempts),
        };
      }
      await tx.query("update otp_codes set verified_at = $2 where code = $1", [
        code,
        now.toISOString(),
      ]);
      await tx.query(
        "update leads set phone_number = $2, phone_verified_at = $3, updated_at = $3 where id = $1",
        [leadId, phoneNumber, now.toISOString()],
      );
      return { verified: true, attemptsLeft: OTP_RULES.maxWrongAttempts - row.attempts };
    });
  }
}
