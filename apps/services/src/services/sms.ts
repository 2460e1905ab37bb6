import type { SmsSender } from "./otp.js";

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

/** The OTP message (the code and its validity; nothing else about the person). */
export const otpMessage = (otp: string) =>
  `Suria: kod anda ${otp} / your code ${otp}. Sah 10 minit / valid 10 minutes.`;

/**
 * Sends SMS through a Twilio-compatible HTTP API: POST
 * `{baseUrl}/2010-04-01/Accounts/{accountSid}/Messages.json`, form-encoded `To`, `From`, `Body`,
 * HTTP Basic auth with the account id and token. A 2xx answer is sent; anything else throws
 * (naming the status and the provider's `code` when it gives one, never the message).
 */
export class TwilioCompatibleSms implements SmsSender {
  constructor(private readonly settings: TwilioCompatibleSettings) {}

  async send(phoneNumber: string, otp: string): Promise<void> {
    const s = this.settings;
    const url = `${s.baseUrl.replace(/\/$/, "")}/2010-04-01/Accounts/${encodeURIComponent(s.accountSid)}/Messages.json`;
    const res = await fetch(url, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${s.accountSid}:${s.authToken}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ To: toE164(phoneNumber), From: s.from, Body: otpMessage(otp) }),
      signal: AbortSignal.timeout(s.timeoutMs),
    });
    const text = await res.text();
    if (!res.ok) {
      let code: unknown;
      try {
        code = (JSON.parse(text) as { code?: unknown }).code;
      } catch {
        // not JSON
      }
      throw new Error(
        `SMS provider answered ${res.status}${code ? ` (code ${String(code)})` : ""}`,
      );
    }
  }
}

/** A Malaysian mobile number as E.164: 0123456789 -> +60123456789. */
export function toE164(phoneNumber: string): string {
  const digits = phoneNumber.replace(/\D/g, "");
  if (digits.startsWith("60")) return `+${digits}`;
  return `+6${digits}`;
}
