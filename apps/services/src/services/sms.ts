/**
 * SMS (issue 24): the messages, their texts in bm and en, and the providers that send them. Every
 * SMS is a job of the `sms` queue (services/sms-queue.ts); a worker renders it in the job's
 * language and hands it to the provider: a Twilio-compatible HTTP API, or outside production the
 * development stand-in that records it.
 */
import type { Queryable } from "../db/database.js";
import { maskPhone } from "../lib/logger.js";

/** An SMS as it is queued: `{ kind, phoneNumber, language, params }`. */
export type SmsMessage =
  | { kind: "otp"; phoneNumber: string; language: SmsLanguage; params: OtpParams }
  | { kind: "tracking"; phoneNumber: string; language: SmsLanguage; params: TrackingParams }
  | { kind: "reminder"; phoneNumber: string; language: SmsLanguage; params: ReminderParams }
  | { kind: "coverage"; phoneNumber: string; language: SmsLanguage; params: CoverageParams };

/** The languages of the texts. */
export type SmsLanguage = "bm" | "en";
/** What each kind of message is. */
export type SmsKind = SmsMessage["kind"];
export const SMS_KINDS: readonly SmsKind[] = ["otp", "tracking", "reminder", "coverage"];

/** The one-time code and when it stops being valid (an expired code is not sent). */
export interface OtpParams {
  otp: string;
  expiresAt: string;
}
/** The order and its absolute tracking link. */
export interface TrackingParams {
  orderNumber: string;
  link: string;
}
/** The booked slot the reminder is for (checked again when it is sent) and when it is due. */
export interface ReminderParams {
  orderNumber: string;
  date: string;
  slot: "morning" | "afternoon";
  link: string;
  sendAt: string;
}
/** "Notify me": the link that opens the journey at the address (sent by the coverage import). */
export interface CoverageParams {
  link: string;
}

const WINDOWS = { morning: "09:00-13:00", afternoon: "14:00-18:00" } as const;
const MONTHS = {
  bm: ["Jan", "Feb", "Mac", "Apr", "Mei", "Jun", "Jul", "Ogo", "Sep", "Okt", "Nov", "Dis"],
  en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
} as const;
const day = (date: string, language: SmsLanguage) =>
  `${Number(date.slice(8, 10))} ${MONTHS[language][Number(date.slice(5, 7)) - 1]}`;

/**
 * The text of a message in its language: short (one SMS segment but for a long link), and
 * nothing personal but what it needs (no name, no address).
 */
export function renderSms(message: SmsMessage): string {
  const en = message.language === "en";
  switch (message.kind) {
    case "otp":
      return en
        ? `Suria: your code is ${message.params.otp}. Valid for 10 minutes. Never share it.`
        : `Suria: kod anda ${message.params.otp}. Sah selama 10 minit. Jangan kongsi kod ini.`;
    case "tracking":
      return en
        ? `Suria: order ${message.params.orderNumber} received. Follow it here: ${message.params.link}`
        : `Suria: pesanan ${message.params.orderNumber} diterima. Ikuti di sini: ${message.params.link}`;
    case "reminder": {
      const { date, slot, link } = message.params;
      return en
        ? `Suria: your installation is tomorrow, ${day(date, "en")}, ${WINDOWS[slot]}. Details: ${link}`
        : `Suria: pemasangan anda esok, ${day(date, "bm")}, ${WINDOWS[slot]}. Butiran: ${link}`;
    }
    case "coverage":
      return en
        ? `Suria: fibre has reached your address. Sign up here: ${message.params.link}`
        : `Suria: gentian kini sampai ke alamat anda. Daftar di sini: ${message.params.link}`;
  }
}

/** Checks a job's data before it is rendered: undefined when it is a message we can send. */
export function invalidSms(data: unknown): string | undefined {
  const m = data as Partial<SmsMessage> | null;
  if (!m || typeof m !== "object") return "not a message";
  if (!SMS_KINDS.includes(m.kind as SmsKind)) return `unknown kind ${String(m.kind)}`;
  if (typeof m.phoneNumber !== "string" || !/\d{8,}/.test(m.phoneNumber.replace(/\D/g, "")))
    return "no phone number";
  if (m.language !== "bm" && m.language !== "en") return "language must be bm or en";
  const p = (m.params ?? {}) as Record<string, unknown>;
  const needs = {
    otp: ["otp", "expiresAt"],
    tracking: ["orderNumber", "link"],
    reminder: ["orderNumber", "date", "slot", "link", "sendAt"],
    coverage: ["link"],
  }[m.kind as SmsKind];
  const missing = needs.find((k) => typeof p[k] !== "string" || p[k] === "");
  if (missing) return `params.${missing} missing`;
  if (m.kind === "reminder" && !(p.slot === "morning" || p.slot === "afternoon"))
    return "params.slot must be morning or afternoon";
  return undefined;
}

/** How one send went: sent, failed (retried), or refused for good. */
export type SmsOutcome = { ok: true } | { ok: false; permanent: boolean; error: string };

/** Where SMS go: `send(to, body)`. */
export interface SmsProvider {
  readonly name: string;
  send(to: string, body: string): Promise<SmsOutcome>;
}

/** Settings of a Twilio-compatible SMS API (the Messages resource of the 2010-04-01 API). */
export interface TwilioCompatibleSettings {
  /** Base URL, e.g. https://api.twilio.com (or a compatible provider's). */
  baseUrl: string;
  accountSid: string;
  authToken: string;
  /** The sender number or id. */
  from: string;
  timeoutMs: number;
}

/** Statuses that will never turn into a sent message by retrying the same request. */
const permanentStatus = (status: number) =>
  status >= 400 && status < 500 && ![408, 409, 425, 429].includes(status);

/**
 * Sends SMS through a Twilio-compatible HTTP API: POST
 * `{baseUrl}/2010-04-01/Accounts/{accountSid}/Messages.json`, form-encoded `To`, `From`, `Body`,
 * HTTP Basic auth with the account id and token. A 2xx answer is sent; a network error, a
 * timeout, a 5xx, 408, 409, 425 or 429 is retried; any other 4xx is refused for good. The error
 * names the status and the provider's `code` when it gives one, never its message (which may
 * repeat the number).
 */
export class TwilioCompatibleSms implements SmsProvider {
  readonly name = "twilio-compatible";
  constructor(private readonly settings: TwilioCompatibleSettings) {}

  async send(to: string, body: string): Promise<SmsOutcome> {
    const s = this.settings;
    const url = `${s.baseUrl.replace(/\/$/, "")}/2010-04-01/Accounts/${encodeURIComponent(s.accountSid)}/Messages.json`;
    try {
      const res = await fetch(url, {
        method: "POST",
        headers: {
          authorization: `Basic ${Buffer.from(`${s.accountSid}:${s.authToken}`).toString("base64")}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ To: toE164(to), From: s.from, Body: body }),
        signal: AbortSignal.timeout(s.timeoutMs),
      });
      const text = await res.text();
      if (res.ok) return { ok: true };
      let code: unknown;
      try {
        code = (JSON.parse(text) as { code?: unknown }).code;
      } catch {
        // not JSON
      }
      return {
        ok: false,
        permanent: permanentStatus(res.status),
        error: `SMS provider answered ${res.status}${code ? ` (code ${String(code)})` : ""}`,
      };
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      return {
        ok: false,
        permanent: false,
        error: cause?.code ?? cause?.message ?? (error as Error).message,
      };
    }
  }
}

/**
 * The development stand-in (SMS_PROVIDER=standin, refused in production): records each message
 * in `sms_standin_messages` (codes included, so a developer can read them) and logs that one went
 * out with the number masked.
 */
export class StandinSms implements SmsProvider {
  readonly name = "standin";
  constructor(
    private readonly db: Queryable,
    private readonly log: (obj: Record<string, unknown>, msg: string) => void,
  ) {}

  async send(to: string, body: string): Promise<SmsOutcome> {
    await this.db.query("insert into sms_standin_messages (phone_number, body) values ($1, $2)", [
      to,
      body,
    ]);
    this.log({ phone: maskPhone(to) }, "SMS recorded by the stand-in (no SMS gateway configured)");
    return { ok: true };
  }
}

/** A Malaysian mobile number as E.164: 0123456789 -> +60123456789. */
export function toE164(phoneNumber: string): string {
  const digits = phoneNumber.replace(/\D/g, "");
  if (digits.startsWith("60")) return `+${digits}`;
  return `+6${digits}`;
}
