import { maskPersonalData, maskUrl } from "@portal/validation";
import type { FastifyServerOptions } from "fastify";

/** Masks all but the last three digits of a phone number. */
export function maskPhone(value: unknown): string {
  const text = String(value ?? "");
  if (text.includes("*")) return text; // already masked
  const digits = text.replace(/\D/g, "");
  return digits.length <= 3 ? "***" : `${"*".repeat(digits.length - 3)}${digits.slice(-3)}`;
}

/** Masks all but the last `keep` characters of a value (identity cards, accounts). */
export function maskTail(value: string, keep = 4): string {
  return value.length <= keep
    ? "*".repeat(value.length)
    : `${"*".repeat(value.length - keep)}${value.slice(-keep)}`;
}

const PHONE_KEYS = [
  "phoneNumber",
  "alternatePhoneNumber",
  "phone",
  "first_contact_number",
  "second_contact_number",
];
const SECRET_KEYS = [
  "otp",
  "token",
  "identityCard",
  "password",
  "authorization",
  "x-api-key",
  "sig",
];

const paths = [
  "req.headers.authorization",
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((k) => [k, `*.${k}`]),
  ...PHONE_KEYS.flatMap((k) => [k, `*.${k}`]),
];

/**
 * A request URL as logged: the signature of a signed upload URL and a tracking token redacted, and what looks like a
 * MyKad, a phone number or an email masked in the path (a referral code is a path segment) and
 * in the query (a site search's keyword), decoded first (`maskUrl` of @portal/validation).
 */
export function loggedUrl(url: string): string {
  const signed = url
    .replace(/([?&]sig=)[^&]*/g, "$1[Redacted]")
    // An order's tracking token is the credential of its page (issue 24).
    .replace(/(\/order-tracking\/)[^/?]*/, "$1[Redacted]");
  const masked = maskUrl(signed);
  const at = masked.indexOf("?");
  const path = at < 0 ? masked : masked.slice(0, at);
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape: masked as written.
  }
  const safePath = maskPersonalData(decoded) === decoded ? path : maskPersonalData(decoded);
  return at < 0 ? safePath : `${safePath}${masked.slice(at)}`;
}

/** Pino options: never a token, OTP, identity card, API key or whole phone number. */
export function loggerOptions(level: string, pretty = false): FastifyServerOptions["logger"] {
  return {
    level,
    redact: {
      paths,
      censor: (value: unknown, path: string[]) =>
        PHONE_KEYS.includes(path[path.length - 1] ?? "") ? maskPhone(value) : "[Redacted]",
    },
    serializers: {
      req(req: { method: string; url: string; ip?: string; id?: string }) {
        return {
          method: req.method,
          url: loggedUrl(req.url),
          ip: req.ip,
          id: req.id,
        };
      },
    },
    ...(pretty ? { transport: { target: "pino-pretty" } } : {}),
  };
}
