import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/database.js";
import type { Clock } from "../lib/clock.js";
import { HttpError } from "../lib/errors.js";
import { maskPhone } from "../lib/logger.js";

/** Sends an OTP by SMS. The default sender only logs that a code went out (never the code). */
export interface SmsSender {
  send(phoneNumber: string, otp: string): Promise<void>;
}

/** OTP rules (SPEC sections 3 and 9; shop.yaml). */
export const OTP_RULES = {
  validitySeconds: 600,
  resendGapSeconds: 180,
  sendsPerHour: 5,
  maxWrongAttempts: 5,
  mockOtp: "123456",
} as const;

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

/** One-time codes: hashed, expiring, rate-limited per phone, single use, locked after 5 misses. */
export class OtpService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly secret: string,
    private readonly allowMock: boolean,
    private readonly sms: SmsSender,
    private readonly log: FastifyBaseLogger,
  ) {}

  #hash(code: string, otp: string): string {
    return createHmac("sha256", this.secret).update(`${code}:${otp}`).digest("hex");
  }

  /** Generates and sends an OTP for the lead and phone; answers the reference code. */
  async generate(leadId: string, phoneNumber: string, mock: boolean) {
    const now = this.clock.now();
    const useMock = mock && this.allowMock;
    const otp = useMock ? OTP_RULES.mockOtp : String(randomInt(0, 1_000_000)).padStart(6, "0");
    const code = randomBytes(12).toString("base64url");
    await this.db.transaction(async (tx) => {
      // Serialise sends per phone so the gap and hourly limit hold under concurrency.
      await tx.query("select pg_advisory_xact_lock(hashtext($1))", [phoneNumber]);
      const { rows } = await tx.query<{ created_at: string | Date }>(
        "select created_at from otp_codes where phone_number = $1 and created_at > $2 order by created_at desc",
        [phoneNumber, new Date(now.getTime() - 3600_000).toISOString()],
      );
      const last = rows[0];
      if (last) {
        const wait = Math.ceil(
          (ms(last.created_at) + OTP_RULES.resendGapSeconds * 1000 - now.getTime()) / 1000,
        );
        if (wait > 0)
          throw tooMany(wait, "otp.resendTooSoon", "Please wait before requesting another code");
      }
      if (rows.length >= OTP_RULES.sendsPerHour) {
        const oldest = rows[rows.length - 1]!;
        const wait = Math.max(
          1,
          Math.ceil((ms(oldest.created_at) + 3600_000 - now.getTime()) / 1000),
        );
        throw tooMany(
          wait,
          "otp.hourlyLimit",
          "Too many codes requested for this number; try again later",
        );
      }
      // A new send supersedes the phone's earlier codes.
      await tx.query(
        "update otp_codes set dead_at = $2 where phone_number = $1 and verified_at is null and dead_at is null",
        [phoneNumber, now.toISOString()],
      );
      await tx.query(
        `insert into otp_codes (code, lead_id, phone_number, otp_hash, created_at, expires_at)
         values ($1, $2, $3, $4, $5, $6)`,
        [
          code,
          leadId,
          phoneNumber,
          this.#hash(code, otp),
          now.toISOString(),
          new Date(now.getTime() + OTP_RULES.validitySeconds * 1000).toISOString(),
        ],
      );
    });
    if (useMock) {
      this.log.info(
        { mockOtp: otp, phone: maskPhone(phoneNumber) },
        "mock OTP issued (non-production)",
      );
    } else {
      await this.sms.send(phoneNumber, otp);
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

function tooMany(seconds: number, code: string, message: string): HttpError {
  return new HttpError(429, message, { code, headers: { "retry-after": String(seconds) } });
}

/** The default SMS sender: logs a masked phone number, never the code. */
export function loggingSmsSender(log: FastifyBaseLogger): SmsSender {
  return {
    async send(phoneNumber) {
      log.info({ phone: maskPhone(phoneNumber) }, "OTP sent (no SMS gateway configured)");
    },
  };
}
