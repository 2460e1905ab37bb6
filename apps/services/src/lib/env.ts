import { resolve } from "node:path";

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

/** Settings read from the environment (see README.md for each variable). */
export interface Env {
  portalEnv: PortalEnv;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  corsOrigins: string[];
  publicUrl: string;
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
  s3?: S3Settings;
}

/** Development defaults of the secrets: the services refuse to start with them in production. */
export const DEV_SECRETS = {
  tokenSecret: "dev-only-token-secret-change-me-0123456789",
  uploadSecret: "dev-only-upload-secret-change-me-0123456789",
  otpSecret: "dev-only-otp-secret-change-me-0123456789",
  altchaHmacKey: "dev-only-altcha-hmac-key-change-me-0123456789",
  marketingApiKey: "dev-marketing-key",
} as const;

const PORTAL_ENVS: readonly PortalEnv[] = ["production", "development", "test"];

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback;
  return ["1", "true", "yes", "on"].includes(value.toLowerCase());
}

/** Reads and checks the environment; throws with the variable at fault. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const portalEnv = (source.PORTAL_ENV ?? "development") as PortalEnv;
  if (!PORTAL_ENVS.includes(portalEnv)) {
    throw new Error(`PORTAL_ENV must be one of ${PORTAL_ENVS.join(", ")}, got "${portalEnv}"`);
  }
  const port = Number(source.PORT ?? 4000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got "${source.PORT}"`);
  }
  const env: Env = {
    portalEnv,
    port,
    host: source.HOST ?? "0.0.0.0",
    dataDir: resolve(source.DATA_DIR ?? "./data"),
    databaseUrl: source.DATABASE_URL || undefined,
    corsOrigins: (source.CORS_ORIGIN ?? "http://localhost:3000")
      .split(",")
      .map((o) => o.trim())
      .filter(Boolean),
    publicUrl: (source.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ""),
    tokenSecret: source.TOKEN_SECRET ?? DEV_SECRETS.tokenSecret,
    uploadSecret: source.UPLOAD_SECRET ?? DEV_SECRETS.uploadSecret,
    otpSecret: source.OTP_SECRET ?? DEV_SECRETS.otpSecret,
    altchaHmacKey: source.ALTCHA_HMAC_KEY ?? DEV_SECRETS.altchaHmacKey,
    marketingApiKey: source.MARKETING_API_KEY ?? DEV_SECRETS.marketingApiKey,
    altchaMaxNumber: Number(source.ALTCHA_MAX_NUMBER ?? 100_000),
    contactEnabled: bool(source.CONTACT_ENABLED, true),
    whatsappNumber: source.WHATSAPP_NUMBER ?? "60312345678",
    trustProxy: parseTrustProxy(source.TRUST_PROXY),
    logLevel: source.LOG_LEVEL ?? (portalEnv === "test" ? "silent" : "info"),
    s3: source.S3_BUCKET
      ? {
          bucket: source.S3_BUCKET,
          region: source.S3_REGION ?? "us-east-1",
          endpoint: source.S3_ENDPOINT || undefined,
          accessKeyId: source.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: source.S3_SECRET_ACCESS_KEY || undefined,
          forcePathStyle: bool(source.S3_FORCE_PATH_STYLE, true),
        }
      : undefined,
  };
  assertProductionSecrets(env);
  return env;
}

/** Refuses production with a development secret or a short one. */
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
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (!value) return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (["true", "false"].includes(value.toLowerCase())) return value.toLowerCase() === "true";
  return value;
}
