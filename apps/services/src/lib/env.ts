import { resolve } from "node:path";
import * as v from "valibot";
import { parseDocumentKeys, type DocumentKey } from "./document-keys.js";

/** Where the services run; mock OTP is never honoured in production. */
export type PortalEnv = "production" | "development" | "test";

/** S3-compatible store settings, present when S3_BUCKET is set. */
export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** Abuse limits (README "Limits"); each holds across instances (counted in the database). */
export interface AbuseLimits {
  /** Distinct phone numbers one lead may send codes to. */
  otpPhonesPerLead: number;
  /** Codes sent to one phone per rolling hour. */
  otpSendsPerPhoneHour: number;
  /** Codes sent to one phone per rolling day. */
  otpSendsPerPhoneDay: number;
  /** Codes requested from one client address per rolling hour. */
  otpSendsPerClientHour: number;
  /** SMS sent by the whole service per hour from its first SMS (the budget); 0 sends none. */
  smsBudgetPerHour: number;
  /** Wrong identity cards for one account before `authenticate` locks it for the window. */
  authFailuresPerAccount: number;
  /** Lookups of one B40 token that find no household before the token is refused. */
  b40FailuresPerToken: number;
  /** Lookups of one identity card per rolling hour on B40 verify, from any client. */
  b40LookupsPerCardHour: number;
  /** Window of the identity-check limits, seconds. */
  identityWindowSeconds: number;
}

/** HTTP timeouts (README "Limits"), milliseconds. */
export interface HttpTimeouts {
  /** Whole request head must arrive within this (Node headersTimeout). */
  headersMs: number;
  /** A JSON or form body must arrive whole within this after the head. */
  bodyMs: number;
  /** An upload body must arrive whole within this. */
  uploadBodyMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number;
  /** A socket with no traffic at all is closed after this. */
  idleMs: number;
  /** Graceful shutdown: in-flight requests get this long before the process exits anyway. */
  shutdownMs: number;
}

/** The job queue (QUEUE_*). */
export interface QueueEnv {
  /** Schema of pg-boss's tables. */
  schema: string;
  /** Run the delivery workers in the services process (a separate `worker` process otherwise). */
  worker: boolean;
  /** How often an idle worker asks for jobs, seconds (at least 0.5). */
  pollSeconds: number;
}

/** Deliveries to the provider's fulfilment system (FULFILMENT_*). */
export interface FulfilmentEnv {
  /** The provider's endpoint; unset outside production: the development stand-in. */
  url?: string;
  /** HMAC-SHA256 key of the X-Portal-Signature header. */
  secret: string;
  timeoutMs: number;
  retryDelaySeconds: number;
  retryLimit: number;
  retryBackoff: boolean;
  expireSeconds: number;
  batchSize: number;
  concurrency: number;
}

/** Settings read from the environment (see README.md for each variable). */
export interface Env {
  portalEnv: PortalEnv;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** PGlite in production (it never fsyncs): refused unless the operator says so. */
  allowPgliteInProduction: boolean;
  dbPoolMax: number;
  dbConnectTimeoutMs: number;
  dbQueryTimeoutMs: number;
  corsOrigins: string[];
  publicUrl: string;
  /** The web portal's public origin: the tracking link sent by SMS (issue 24) points there. */
  webUrl: string;
  tokenSecret: string;
  uploadSecret: string;
  otpSecret: string;
  altchaHmacKey: string;
  marketingApiKey: string;
  /** Proof-of-work difficulty of ALTCHA challenges (largest secret number). */
  altchaMaxNumber: number;
  contactEnabled: boolean;
  whatsappNumber: string;
  logLevel: string;
  /** Fastify trustProxy: true, a hop count, or a list of proxy addresses (client IP for rate limits). */
  trustProxy: boolean | number | string;
  /** Requests per minute per client on rate-limited routes. */
  rateLimitMax: number;
  limits: AbuseLimits;
  timeouts: HttpTimeouts;
  /** OTLP/HTTP traces endpoint when tracing is on (OTEL_EXPORTER_OTLP_*ENDPOINT). */
  otelEndpoint?: string;
  otelServiceName: string;
  s3?: S3Settings;
  /**
   * AES-256-GCM keys of identity documents at rest (DOCUMENT_KEYS), the first sealing new files.
   * Required in production; unset elsewhere, a development key is kept in DATA_DIR.
   */
  documentKeys?: DocumentKey[];
  /** How often the retention job runs (ms); 0 turns it off (README "Personal data"). */
  retentionIntervalMs: number;
  /** The job queue (pg-boss) and its worker (README "Fulfilment and SMS queue"). */
  queue: QueueEnv;
  /** Where and how orders are delivered (README "Fulfilment and SMS queue"). */
  fulfilment: FulfilmentEnv;
  /** How long an Idempotency-Key's first answer is kept for replays (seconds). */
  idempotencyKeySeconds: number;
  /** Where every SMS goes (SMS_*) and the sms queue's retry policy (README "Fulfilment and SMS queue"). */
  sms: SmsEnv;
  /**
   * Outside production only: the clock starts at this instant and runs from there (demos and
   * browser tests of dated content, such as campaign prices). Unset: the wall clock.
   */
  clockStart?: Date;
}

/** The SMS provider and the retry policy of the sms queue (SMS_*). */
export interface SmsEnv {
  /** `standin` (development only: records each message) or `twilio-compatible`. */
  provider: "standin" | "twilio-compatible";
  url?: string;
  accountSid?: string;
  authToken?: string;
  from?: string;
  /** One send's HTTP timeout. */
  timeoutMs: number;
  /** Seconds before the first retry; doubled each time (pg-boss: x1 to x2 jitter). */
  retryDelaySeconds: number;
  /** Retries before a message is dead-lettered. */
  retryLimit: number;
}

/** Development defaults of the secrets: the services refuse to start with them in production. */
export const DEV_SECRETS = {
  tokenSecret: "dev-only-token-secret-change-me-0123456789",
  uploadSecret: "dev-only-upload-secret-change-me-0123456789",
  otpSecret: "dev-only-otp-secret-change-me-0123456789",
  altchaHmacKey: "dev-only-altcha-hmac-key-change-me-0123456789",
  marketingApiKey: "dev-marketing-key",
} as const;

/** Development key of the fulfilment signature: refused in production. */
export const DEV_FULFILMENT_SECRET = "dev-only-fulfilment-secret-change-me-0123456789";

/**
 * Refuses production without the provider's fulfilment endpoint (the development stand-in only
 * records deliveries) or with the development signing key. Checked when the services are made.
 */
export function assertProductionFulfilment(env: Env): void {
  if (env.portalEnv !== "production") return;
  if (!env.fulfilment.url)
    throw new Error(
      "Refusing to start in production without FULFILMENT_URL: the development stand-in would only record orders, never deliver them",
    );
  if (env.fulfilment.secret === DEV_FULFILMENT_SECRET || env.fulfilment.secret.length < 32)
    throw new Error(
      "Refusing to start in production: set FULFILMENT_SECRET to a real secret of at least 32 characters",
    );
}

/**
 * Refuses production without WEB_URL: the tracking and coverage links the SMS carry are built on
 * it, and a default would send visitors to localhost. Checked when the services are made.
 */
export function assertProductionLinks(env: Env): void {
  if (env.portalEnv === "production" && !env.webUrl)
    throw new Error(
      "Refusing to start in production without WEB_URL: the links the SMS carry (order tracking, coverage has arrived) are built on the portal's public origin, e.g. https://www.suria.com.my",
    );
}

/**
 * Refuses production with the development SMS stand-in, which only records messages: a visitor
 * would never receive a code. Checked when the services are made, like the fulfilment endpoint.
 */
export function assertProductionSms(env: Env): void {
  if (env.portalEnv === "production" && env.sms.provider === "standin")
    throw new Error(
      "Refusing to start in production without an SMS provider: set SMS_PROVIDER=twilio-compatible with SMS_API_URL, SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM (the development stand-in only records messages, never sends them)",
    );
}

/** Defaults of the abuse limits. */
export const DEFAULT_LIMITS: AbuseLimits = {
  otpPhonesPerLead: 3,
  otpSendsPerPhoneHour: 5,
  otpSendsPerPhoneDay: 10,
  otpSendsPerClientHour: 20,
  smsBudgetPerHour: 2000,
  authFailuresPerAccount: 5,
  b40FailuresPerToken: 3,
  b40LookupsPerCardHour: 10,
  identityWindowSeconds: 900,
};

/** Defaults of the HTTP timeouts. */
export const DEFAULT_TIMEOUTS: HttpTimeouts = {
  headersMs: 10_000,
  bodyMs: 10_000,
  uploadBodyMs: 120_000,
  keepAliveMs: 5_000,
  idleMs: 30_000,
  shutdownMs: 10_000,
};

const BOOLEAN_WORDS: Record<string, boolean> = {
  true: true,
  false: false,
  "1": true,
  "0": false,
  yes: true,
  no: false,
  on: true,
  off: false,
};

// Each variable's schema: a string from the environment, turned into its value, or an issue that
// says what was expected. An unset (or empty) variable takes its default.
const bool = (fallback: boolean) =>
  v.pipe(
    v.optional(v.string(), ""),
    v.check(
      (s) => s === "" || s.toLowerCase() in BOOLEAN_WORDS,
      "must be true or false (or 1/0, yes/no, on/off)",
    ),
    v.transform((s) => (s === "" ? fallback : (BOOLEAN_WORDS[s.toLowerCase()] as boolean))),
  );
const int = (fallback: number, min: number, max: number) =>
  v.pipe(
    v.optional(v.string(), ""),
    v.check(
      (s) => s === "" || (/^\d+$/.test(s) && Number(s) >= min && Number(s) <= max),
      `must be a whole number from ${min} to ${max}`,
    ),
    v.transform((s) => (s === "" ? fallback : Number(s))),
  );
const text = (fallback: string) =>
  v.pipe(
    v.optional(v.string(), ""),
    v.transform((s) => (s === "" ? fallback : s)),
  );
const optionalText = v.pipe(
  v.optional(v.string(), ""),
  v.transform((s) => (s === "" ? undefined : s)),
);
const url = (protocols: RegExp, what: string) =>
  v.pipe(
    v.optional(v.string(), ""),
    v.check((s) => {
      if (s === "") return true;
      try {
        return protocols.test(new URL(s).protocol);
      } catch {
        return false;
      }
    }, `must be ${what}`),
    v.transform((s) => (s === "" ? undefined : s)),
  );

const ms = (fallback: number) => int(fallback, 1, 3_600_000);

/** The schema of every environment variable the services read. */
export const ENV_SCHEMA = v.object({
  PORTAL_ENV: v.pipe(
    v.optional(v.string(), "development"),
    v.picklist(["production", "development", "test"], "must be production, development or test"),
  ),
  PORT: int(4000, 0, 65535),
  HOST: text("0.0.0.0"),
  DATA_DIR: text("./data"),
  DATABASE_URL: url(/^postgres(ql)?:$/, "a postgres:// URL"),
  ALLOW_PGLITE_IN_PRODUCTION: bool(false),
  DB_POOL_MAX: int(10, 1, 1000),
  DB_CONNECT_TIMEOUT_MS: ms(2000),
  DB_QUERY_TIMEOUT_MS: ms(5000),
  CORS_ORIGIN: text("http://localhost:3000"),
  PUBLIC_URL: url(/^https?:$/, "an http(s) URL"),
  WEB_URL: url(/^https?:$/, "an http(s) URL"),
  TOKEN_SECRET: text(DEV_SECRETS.tokenSecret),
  UPLOAD_SECRET: text(DEV_SECRETS.uploadSecret),
  OTP_SECRET: text(DEV_SECRETS.otpSecret),
  ALTCHA_HMAC_KEY: text(DEV_SECRETS.altchaHmacKey),
  MARKETING_API_KEY: text(DEV_SECRETS.marketingApiKey),
  ALTCHA_MAX_NUMBER: int(100_000, 1000, 10_000_000),
  CONTACT_ENABLED: bool(true),
  WHATSAPP_NUMBER: v.pipe(
    v.optional(v.string(), ""),
    v.check((s) => s === "" || /^\d{8,15}$/.test(s), "must be 8 to 15 digits"),
    v.transform((s) => (s === "" ? "60312345678" : s)),
  ),
  LOG_LEVEL: v.pipe(
    v.optional(v.string(), ""),
    v.check(
      (s) => s === "" || ["fatal", "error", "warn", "info", "debug", "trace", "silent"].includes(s),
      "must be fatal, error, warn, info, debug, trace or silent",
    ),
  ),
  TRUST_PROXY: optionalText,
  RATE_LIMIT_MAX: int(30, 1, 1_000_000_000),
  OTP_PHONES_PER_LEAD: int(DEFAULT_LIMITS.otpPhonesPerLead, 1, 100),
  OTP_SENDS_PER_PHONE_HOUR: int(DEFAULT_LIMITS.otpSendsPerPhoneHour, 1, 1000),
  OTP_SENDS_PER_PHONE_DAY: int(DEFAULT_LIMITS.otpSendsPerPhoneDay, 1, 10_000),
  OTP_SENDS_PER_CLIENT_HOUR: int(DEFAULT_LIMITS.otpSendsPerClientHour, 1, 1_000_000),
  SMS_BUDGET_PER_HOUR: int(DEFAULT_LIMITS.smsBudgetPerHour, 0, 100_000_000),
  AUTH_FAILURES_PER_ACCOUNT: int(DEFAULT_LIMITS.authFailuresPerAccount, 1, 1000),
  B40_FAILURES_PER_TOKEN: int(DEFAULT_LIMITS.b40FailuresPerToken, 1, 1000),
  B40_LOOKUPS_PER_CARD_HOUR: int(DEFAULT_LIMITS.b40LookupsPerCardHour, 1, 100_000),
  IDENTITY_WINDOW_SECONDS: int(DEFAULT_LIMITS.identityWindowSeconds, 60, 86_400),
  HEADERS_TIMEOUT_MS: ms(DEFAULT_TIMEOUTS.headersMs),
  BODY_TIMEOUT_MS: ms(DEFAULT_TIMEOUTS.bodyMs),
  UPLOAD_BODY_TIMEOUT_MS: ms(DEFAULT_TIMEOUTS.uploadBodyMs),
  KEEP_ALIVE_TIMEOUT_MS: ms(DEFAULT_TIMEOUTS.keepAliveMs),
  IDLE_TIMEOUT_MS: ms(DEFAULT_TIMEOUTS.idleMs),
  SHUTDOWN_TIMEOUT_MS: ms(DEFAULT_TIMEOUTS.shutdownMs),
  // Read where they are used (content cache, seed and contract folders); checked here.
  CONTENT_CACHE_MAX: int(2000, 0, 1_000_000),
  CONTENT_CACHE_RECHECK_MS: int(5000, 0, 3_600_000),
  SEED_DIR: optionalText,
  OPENAPI_DIR: optionalText,
  // OpenTelemetry's standard variables: traces are exported when an endpoint is set.
  OTEL_EXPORTER_OTLP_ENDPOINT: url(/^https?:$/, "an http(s) URL"),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: url(/^https?:$/, "an http(s) URL"),
  OTEL_SERVICE_NAME: text("portal-services"),
  S3_BUCKET: optionalText,
  S3_REGION: text("us-east-1"),
  S3_ENDPOINT: url(/^https?:$/, "an http(s) URL"),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: bool(true),
  DOCUMENT_KEYS: v.pipe(
    v.optional(v.string(), ""),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed || dataset.value === "") return;
      const parsed = parseDocumentKeys(dataset.value);
      if (typeof parsed === "string") addIssue({ message: parsed });
    }),
    v.transform((s) => (s === "" ? undefined : (parseDocumentKeys(s) as DocumentKey[]))),
  ),
  RETENTION_INTERVAL_MS: int(3_600_000, 0, 86_400_000),
  QUEUE_SCHEMA: v.pipe(
    v.optional(v.string(), ""),
    v.check((s) => s === "" || /^[a-z_][a-z0-9_]{0,49}$/.test(s), "must be a lower-case SQL name"),
    v.transform((s) => (s === "" ? "pgboss" : s)),
  ),
  QUEUE_WORKER: bool(true),
  QUEUE_POLL_SECONDS: v.pipe(
    v.optional(v.string(), ""),
    v.check(
      (s) => s === "" || (/^\d+(\.\d+)?$/.test(s) && Number(s) >= 0.5 && Number(s) <= 60),
      "must be a number of seconds from 0.5 to 60",
    ),
    v.transform((s) => (s === "" ? 1 : Number(s))),
  ),
  FULFILMENT_URL: url(/^https?:$/, "an http(s) URL"),
  FULFILMENT_SECRET: text(DEV_FULFILMENT_SECRET),
  FULFILMENT_TIMEOUT_MS: ms(10_000),
  FULFILMENT_RETRY_DELAY_SECONDS: int(15, 1, 86_400),
  FULFILMENT_RETRY_LIMIT: int(13, 0, 100),
  FULFILMENT_RETRY_BACKOFF: bool(true),
  FULFILMENT_EXPIRE_SECONDS: int(60, 1, 86_400),
  FULFILMENT_BATCH_SIZE: int(10, 1, 1000),
  FULFILMENT_CONCURRENCY: int(1, 1, 100),
  IDEMPOTENCY_KEY_SECONDS: int(86_400, 60, 30 * 86_400),
  SMS_PROVIDER: v.pipe(
    v.optional(v.string(), ""),
    v.check(
      (s) => s === "" || s === "standin" || s === "twilio-compatible",
      "must be standin or twilio-compatible",
    ),
    v.transform((s) => (s === "" ? "standin" : s)),
  ),
  SMS_API_URL: url(/^https?:$/, "an http(s) URL"),
  SMS_ACCOUNT_SID: optionalText,
  SMS_AUTH_TOKEN: optionalText,
  SMS_FROM: optionalText,
  SMS_TIMEOUT_MS: ms(10_000),
  SMS_RETRY_DELAY_SECONDS: int(5, 1, 86_400),
  SMS_RETRY_LIMIT: int(8, 0, 100),
  CLOCK_START: v.pipe(
    v.optional(v.string(), ""),
    v.check((s) => s === "" || !Number.isNaN(Date.parse(s)), "must be an ISO date-time"),
    v.transform((s) => (s === "" ? undefined : new Date(s))),
  ),
});

/** Names of every variable {@link ENV_SCHEMA} reads (the README lists each). */
export const ENV_VARIABLES = Object.keys(ENV_SCHEMA.entries);

/** Reads and checks the environment; throws one error naming every bad variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const picked = Object.fromEntries(ENV_VARIABLES.map((k) => [k, source[k]]));
  const parsed = v.safeParse(ENV_SCHEMA, picked);
  if (!parsed.success) {
    const problems = parsed.issues.map((issue) => {
      const name = issue.path?.[0]?.key as string | undefined;
      const value = String(source[name ?? ""] ?? "");
      // Keys are never echoed into logs.
      const got = name === "DOCUMENT_KEYS" ? `${value.length} characters` : `"${value}"`;
      return `${name ?? "environment"} ${issue.message}, got ${got}`;
    });
    throw new Error(`Invalid environment: ${problems.join("; ")}`);
  }
  const e = parsed.output;
  const portalEnv = e.PORTAL_ENV as PortalEnv;
  const env: Env = {
    portalEnv,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    allowPgliteInProduction: e.ALLOW_PGLITE_IN_PRODUCTION,
    dbPoolMax: e.DB_POOL_MAX,
    dbConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    dbQueryTimeoutMs: e.DB_QUERY_TIMEOUT_MS,
    corsOrigins: e.CORS_ORIGIN.split(",")
      .map((o) => o.trim())
      .filter(Boolean),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    // No default in production: the links of the SMS (tracking, coverage) would point at
    // localhost (assertProductionLinks).
    webUrl: (e.WEB_URL ?? (portalEnv === "production" ? "" : "http://localhost:3000")).replace(
      /\/$/,
      "",
    ),
    tokenSecret: e.TOKEN_SECRET,
    uploadSecret: e.UPLOAD_SECRET,
    otpSecret: e.OTP_SECRET,
    altchaHmacKey: e.ALTCHA_HMAC_KEY,
    marketingApiKey: e.MARKETING_API_KEY,
    altchaMaxNumber: e.ALTCHA_MAX_NUMBER,
    contactEnabled: e.CONTACT_ENABLED,
    whatsappNumber: e.WHATSAPP_NUMBER,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL || (portalEnv === "test" ? "silent" : "info"),
    rateLimitMax: e.RATE_LIMIT_MAX,
    limits: {
      otpPhonesPerLead: e.OTP_PHONES_PER_LEAD,
      otpSendsPerPhoneHour: e.OTP_SENDS_PER_PHONE_HOUR,
      otpSendsPerPhoneDay: e.OTP_SENDS_PER_PHONE_DAY,
      otpSendsPerClientHour: e.OTP_SENDS_PER_CLIENT_HOUR,
      smsBudgetPerHour: e.SMS_BUDGET_PER_HOUR,
      authFailuresPerAccount: e.AUTH_FAILURES_PER_ACCOUNT,
      b40FailuresPerToken: e.B40_FAILURES_PER_TOKEN,
      b40LookupsPerCardHour: e.B40_LOOKUPS_PER_CARD_HOUR,
      identityWindowSeconds: e.IDENTITY_WINDOW_SECONDS,
    },
    timeouts: {
      headersMs: e.HEADERS_TIMEOUT_MS,
      bodyMs: e.BODY_TIMEOUT_MS,
      uploadBodyMs: e.UPLOAD_BODY_TIMEOUT_MS,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS,
      idleMs: e.IDLE_TIMEOUT_MS,
      shutdownMs: e.SHUTDOWN_TIMEOUT_MS,
    },
    otelEndpoint: e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? e.OTEL_EXPORTER_OTLP_ENDPOINT,
    otelServiceName: e.OTEL_SERVICE_NAME,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    documentKeys: e.DOCUMENT_KEYS,
    retentionIntervalMs: e.RETENTION_INTERVAL_MS,
    queue: { schema: e.QUEUE_SCHEMA, worker: e.QUEUE_WORKER, pollSeconds: e.QUEUE_POLL_SECONDS },
    fulfilment: {
      url: e.FULFILMENT_URL,
      secret: e.FULFILMENT_SECRET,
      timeoutMs: e.FULFILMENT_TIMEOUT_MS,
      retryDelaySeconds: e.FULFILMENT_RETRY_DELAY_SECONDS,
      retryLimit: e.FULFILMENT_RETRY_LIMIT,
      retryBackoff: e.FULFILMENT_RETRY_BACKOFF,
      expireSeconds: e.FULFILMENT_EXPIRE_SECONDS,
      batchSize: e.FULFILMENT_BATCH_SIZE,
      concurrency: e.FULFILMENT_CONCURRENCY,
    },
    idempotencyKeySeconds: e.IDEMPOTENCY_KEY_SECONDS,
    sms: {
      provider: e.SMS_PROVIDER as Env["sms"]["provider"],
      url: e.SMS_API_URL,
      accountSid: e.SMS_ACCOUNT_SID,
      authToken: e.SMS_AUTH_TOKEN,
      from: e.SMS_FROM,
      timeoutMs: e.SMS_TIMEOUT_MS,
      retryDelaySeconds: e.SMS_RETRY_DELAY_SECONDS,
      retryLimit: e.SMS_RETRY_LIMIT,
    },
    ...(e.CLOCK_START ? { clockStart: e.CLOCK_START } : {}),
  };
  if (env.clockStart && portalEnv === "production") {
    throw new Error(
      "Refusing to start in production with CLOCK_START: production runs on real time",
    );
  }
  assertProductionSecrets(env);
  assertProductionStorage(env);
  if (
    env.sms.provider === "twilio-compatible" &&
    !(env.sms.url && env.sms.accountSid && env.sms.authToken && env.sms.from)
  )
    throw new Error(
      "Invalid environment: SMS_PROVIDER=twilio-compatible needs SMS_API_URL, SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM",
    );
  return env;
}

/** Refuses production with a development secret or a short one, or without document keys. */
export function assertProductionSecrets(env: Env): void {
  if (env.portalEnv !== "production") return;
  for (const key of Object.keys(DEV_SECRETS) as (keyof typeof DEV_SECRETS)[]) {
    const value = env[key];
    if (value === DEV_SECRETS[key] || value.length < 32) {
      throw new Error(
        `Refusing to start in production: set ${key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()} to a real secret of at least 32 characters`,
      );
    }
  }
  if (!env.documentKeys)
    throw new Error(
      "Refusing to start in production without DOCUMENT_KEYS: identity documents are encrypted at rest with them (id:base64key, 32 bytes: openssl rand -base64 32)",
    );
}

/**
 * Refuses production on embedded PGlite unless the operator opts in: PGlite never calls fsync,
 * so it survives a killed process but an OS crash or power cut can lose acknowledged leads.
 */
export function assertProductionStorage(env: Env): void {
  if (env.portalEnv !== "production" || env.databaseUrl || env.allowPgliteInProduction) return;
  throw new Error(
    "Refusing to start in production on the embedded PGlite database, which never calls fsync (an OS crash can lose acknowledged leads): set DATABASE_URL to a PostgreSQL server, or ALLOW_PGLITE_IN_PRODUCTION=true to accept that risk",
  );
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (!value) return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (["true", "false"].includes(value.toLowerCase())) return value.toLowerCase() === "true";
  return value;
}
