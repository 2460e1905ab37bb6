import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startedClock } from "./clock.js";
import { packageRoot } from "./paths.js";
import {
  assertProductionFulfilment,
  assertProductionLinks,
  assertProductionSms,
  DEFAULT_LIMITS,
  DEFAULT_TIMEOUTS,
  ENV_VARIABLES,
  loadEnv,
  type Env,
} from "./env.js";

const PROD_SECRETS = {
  PORTAL_ENV: "production",
  TOKEN_SECRET: "t".repeat(40),
  UPLOAD_SECRET: "u".repeat(40),
  OTP_SECRET: "o".repeat(40),
  ALTCHA_HMAC_KEY: "a".repeat(40),
  MARKETING_API_KEY: "m".repeat(40),
  DOCUMENT_KEYS: `k1:${Buffer.alloc(32, 1).toString("base64")}`,
};

describe("CLOCK_START", () => {
  it("starts the clock at an instant outside production, and runs from there", () => {
    const env = loadEnv({ CLOCK_START: "2026-11-21T10:00:00+08:00" });
    expect(env.clockStart?.toISOString()).toBe("2026-11-21T02:00:00.000Z");
    let wall = Date.parse("2030-01-01T00:00:00Z");
    const clock = startedClock(env.clockStart!, () => wall);
    expect(clock.now().toISOString()).toBe("2026-11-21T02:00:00.000Z");
    wall += 90_000;
    expect(clock.now().toISOString()).toBe("2026-11-21T02:01:30.000Z");
    expect(loadEnv({}).clockStart).toBeUndefined();
  });

  it("is refused in production and when it is no date", () => {
    expect(() =>
      loadEnv({
        ...PROD_SECRETS,
        DATABASE_URL: "postgres://x/y",
        CLOCK_START: "2026-11-21T10:00:00Z",
      }),
    ).toThrow("Refusing to start in production with CLOCK_START");
    expect(() => loadEnv({ CLOCK_START: "tomorrow" })).toThrow(
      'CLOCK_START must be an ISO date-time, got "tomorrow"',
    );
  });
});

describe("environment schema", () => {
  it("takes every default when nothing is set", () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      portalEnv: "development",
      port: 4000,
      host: "0.0.0.0",
      altchaMaxNumber: 100_000,
      contactEnabled: true,
      rateLimitMax: 30,
      dbPoolMax: 10,
      dbConnectTimeoutMs: 2000,
      dbQueryTimeoutMs: 5000,
      allowPgliteInProduction: false,
      publicUrl: "http://localhost:4000",
    });
    expect(env.limits).toEqual(DEFAULT_LIMITS);
    expect(env.timeouts).toEqual(DEFAULT_TIMEOUTS);
  });

  it("parses numbers and booleans strictly", () => {
    const env = loadEnv({
      ALTCHA_MAX_NUMBER: "5000",
      CONTACT_ENABLED: "off",
      OTP_PHONES_PER_LEAD: "2",
    });
    expect(env.altchaMaxNumber).toBe(5000);
    expect(env.contactEnabled).toBe(false);
    expect(env.limits.otpPhonesPerLead).toBe(2);
  });

  it("refuses to start naming every bad variable and its value", () => {
    expect(() => loadEnv({ ALTCHA_MAX_NUMBER: "abc" })).toThrow(
      'Invalid environment: ALTCHA_MAX_NUMBER must be a whole number from 1000 to 10000000, got "abc"',
    );
    expect(() => loadEnv({ CONTACT_ENABLED: "maybe" })).toThrow(
      'Invalid environment: CONTACT_ENABLED must be true or false (or 1/0, yes/no, on/off), got "maybe"',
    );
    let message = "";
    try {
      loadEnv({
        PORT: "70000",
        PORTAL_ENV: "staging",
        DATABASE_URL: "mysql://x",
        BODY_TIMEOUT_MS: "-1",
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('PORTAL_ENV must be production, development or test, got "staging"');
    expect(message).toContain('PORT must be a whole number from 0 to 65535, got "70000"');
    expect(message).toContain('DATABASE_URL must be a postgres:// URL, got "mysql://x"');
    expect(message).toContain('BODY_TIMEOUT_MS must be a whole number from 1 to 3600000, got "-1"');
  });

  it("refuses production on PGlite unless the operator accepts it", () => {
    expect(() => loadEnv(PROD_SECRETS)).toThrow(
      /Refusing to start in production on the embedded PGlite database, which never calls fsync/,
    );
    expect(loadEnv({ ...PROD_SECRETS, ALLOW_PGLITE_IN_PRODUCTION: "true" }).portalEnv).toBe(
      "production",
    );
    expect(
      loadEnv({ ...PROD_SECRETS, DATABASE_URL: "postgres://u:p@db.internal:5432/portal" })
        .databaseUrl,
    ).toBe("postgres://u:p@db.internal:5432/portal");
  });

  it("lists every variable it reads, and the README's operations section names each", () => {
    expect(ENV_VARIABLES).toContain("SMS_BUDGET_PER_HOUR");
    expect(ENV_VARIABLES).toContain("OTEL_EXPORTER_OTLP_ENDPOINT");
    expect(new Set(ENV_VARIABLES).size).toBe(ENV_VARIABLES.length);
    const readme = readFileSync(join(packageRoot(), "README.md"), "utf8");
    const operations = readme.slice(
      readme.indexOf("## Operations"),
      readme.indexOf("## How it is built"),
    );
    expect(ENV_VARIABLES.filter((name) => !operations.includes(`\`${name}\``))).toEqual([]);
  });
});

describe("DOCUMENT_KEYS", () => {
  const key = (byte: number) => Buffer.alloc(32, byte).toString("base64");
  it("reads id:base64 keys, the first sealing new documents", () => {
    const env = loadEnv({ DOCUMENT_KEYS: `k2:${key(2)}, k1:${key(1)}` });
    expect(env.documentKeys?.map((k) => k.id)).toEqual(["k2", "k1"]);
    expect(env.documentKeys?.[0]?.key).toEqual(Buffer.alloc(32, 2));
    expect(loadEnv({}).documentKeys).toBeUndefined();
  });

  it("names what is wrong without echoing the keys", () => {
    const short = `k1:${Buffer.alloc(16).toString("base64")}`;
    expect(() => loadEnv({ DOCUMENT_KEYS: short })).toThrow(
      `Invalid environment: DOCUMENT_KEYS key k1 must be 32 bytes in base64 (openssl rand -base64 32), got ${short.length} characters`,
    );
    expect(() => loadEnv({ DOCUMENT_KEYS: key(1) })).toThrow(/must be id:base64key entries/);
    expect(() => loadEnv({ DOCUMENT_KEYS: `a:${key(1)},a:${key(2)}` })).toThrow(/given twice/);
  });

  it("is required in production", () => {
    const { DOCUMENT_KEYS: _keys, ...withoutKeys } = PROD_SECRETS;
    expect(() => loadEnv({ ...withoutKeys, DATABASE_URL: "postgres://u@db/p" })).toThrow(
      /Refusing to start in production without DOCUMENT_KEYS/,
    );
  });
});

describe("FULFILMENT_URL and FULFILMENT_SECRET (issue 24)", () => {
  const production = (fulfilment: Partial<Env["fulfilment"]>): Env => {
    const env = loadEnv({});
    return { ...env, portalEnv: "production", fulfilment: { ...env.fulfilment, ...fulfilment } };
  };

  it("refuse production without the endpoint, or with the development or a short secret", () => {
    expect(() => assertProductionFulfilment(production({}))).toThrow(
      "Refusing to start in production without FULFILMENT_URL: the development stand-in would only record orders, never deliver them",
    );
    const url = "https://fulfilment.example.my/orders";
    const short =
      "Refusing to start in production: set FULFILMENT_SECRET to a real secret of at least 32 characters";
    expect(() => assertProductionFulfilment(production({ url }))).toThrow(short);
    expect(() => assertProductionFulfilment(production({ url, secret: "s".repeat(31) }))).toThrow(
      short,
    );
    expect(() =>
      assertProductionFulfilment(production({ url, secret: "s".repeat(32) })),
    ).not.toThrow();
    // Development: the stand-in.
    expect(() => assertProductionFulfilment(loadEnv({}))).not.toThrow();
  });

  it("parse the queue and retry settings", () => {
    const env = loadEnv({
      FULFILMENT_URL: "http://127.0.0.1:9000/orders",
      FULFILMENT_RETRY_LIMIT: "5",
      QUEUE_WORKER: "false",
      QUEUE_POLL_SECONDS: "0.5",
      QUEUE_SCHEMA: "jobs",
    });
    expect(env.fulfilment).toMatchObject({ url: "http://127.0.0.1:9000/orders", retryLimit: 5 });
    expect(env.queue).toEqual({ schema: "jobs", worker: false, pollSeconds: 0.5 });
    expect(() => loadEnv({ QUEUE_POLL_SECONDS: "0.1" })).toThrow(
      'Invalid environment: QUEUE_POLL_SECONDS must be a number of seconds from 0.5 to 60, got "0.1"',
    );
    expect(() => loadEnv({ FULFILMENT_URL: "ftp://x" })).toThrow(
      'Invalid environment: FULFILMENT_URL must be an http(s) URL, got "ftp://x"',
    );
  });
});

describe("SMS_PROVIDER (issue 24)", () => {
  it("is the stand-in by default; twilio-compatible needs its URL, account, token and sender", () => {
    expect(loadEnv({}).sms).toEqual({
      provider: "standin",
      timeoutMs: 10_000,
      retryDelaySeconds: 5,
      retryLimit: 8,
    });
    expect(() => loadEnv({ SMS_PROVIDER: "twilio-compatible" })).toThrow(
      "Invalid environment: SMS_PROVIDER=twilio-compatible needs SMS_API_URL, SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM",
    );
    expect(() => loadEnv({ SMS_PROVIDER: "pigeon" })).toThrow(
      'Invalid environment: SMS_PROVIDER must be standin or twilio-compatible, got "pigeon"',
    );
    expect(
      loadEnv({
        SMS_PROVIDER: "twilio-compatible",
        SMS_API_URL: "https://sms.example.my",
        SMS_ACCOUNT_SID: "AC1",
        SMS_AUTH_TOKEN: "t",
        SMS_FROM: "SURIA",
      }).sms,
    ).toEqual({
      provider: "twilio-compatible",
      url: "https://sms.example.my",
      accountSid: "AC1",
      authToken: "t",
      from: "SURIA",
      timeoutMs: 10_000,
      retryDelaySeconds: 5,
      retryLimit: 8,
    });
    expect(
      loadEnv({ SMS_RETRY_LIMIT: "2", SMS_RETRY_DELAY_SECONDS: "1", SMS_TIMEOUT_MS: "500" }).sms,
    ).toEqual({ provider: "standin", timeoutMs: 500, retryDelaySeconds: 1, retryLimit: 2 });
    expect(() => loadEnv({ SMS_RETRY_LIMIT: "-1" })).toThrow(
      'Invalid environment: SMS_RETRY_LIMIT must be a whole number from 0 to 100, got "-1"',
    );
  });

  it("refuses production with the stand-in, which never sends", () => {
    const env = loadEnv({});
    expect(() => assertProductionSms({ ...env, portalEnv: "production" })).toThrow(
      "Refusing to start in production without an SMS provider: set SMS_PROVIDER=twilio-compatible with SMS_API_URL, SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM (the development stand-in only records messages, never sends them)",
    );
    expect(() =>
      assertProductionSms({
        ...env,
        portalEnv: "production",
        sms: { ...env.sms, provider: "twilio-compatible" },
      }),
    ).not.toThrow();
    expect(() => assertProductionSms(env)).not.toThrow();
  });

  it("refuses production without WEB_URL, which the SMS links are built on", () => {
    const production = loadEnv({ ...PROD_SECRETS, ALLOW_PGLITE_IN_PRODUCTION: "true" });
    expect(production.webUrl).toBe("");
    expect(() => assertProductionLinks(production)).toThrow(
      "Refusing to start in production without WEB_URL: the links the SMS carry (order tracking, coverage has arrived) are built on the portal's public origin, e.g. https://www.suria.com.my",
    );
    const set = loadEnv({
      ...PROD_SECRETS,
      ALLOW_PGLITE_IN_PRODUCTION: "true",
      WEB_URL: "https://www.suria.com.my/",
    });
    expect(set.webUrl).toBe("https://www.suria.com.my");
    expect(() => assertProductionLinks(set)).not.toThrow();
    expect(loadEnv({}).webUrl).toBe("http://localhost:3000");
  });
});
