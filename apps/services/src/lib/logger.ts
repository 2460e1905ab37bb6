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
        // Signed upload URLs carry their signature in the query string.
        return {
          method: req.method,
          url: req.url.replace(/([?&]sig=)[^&]*/g, "$1[Redacted]"),
          ip: req.ip,
          id: req.id,
        };
      },
    },
    ...(pretty ? { transport: { target: "pino-pretty" } } : {}),
  };
}
