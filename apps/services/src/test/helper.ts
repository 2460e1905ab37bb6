import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, InjectOptions } from "fastify";
import { buildApp, type BuildAppOptions } from "../app.js";
import { openPglite, openPostgres, type Database } from "../db/database.js";
import { ManualClock } from "../lib/clock.js";
import { DEFAULT_LIMITS, loadEnv } from "../lib/env.js";
import type { SmsOutcome, SmsProvider } from "../services/sms.js";

/** The document key of test apps in production mode. */
export const TEST_DOCUMENT_KEY = { id: "test", key: Buffer.alloc(32, 9) };

/** One database per test file: PGlite in memory, or a fresh schema on DATABASE_URL. */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) return openPglite("memory");
  return openPostgres(url, { schema: `t_${randomBytes(6).toString("hex")}` });
}

/** Drops the test schema and its queue schema (PostgreSQL) and closes the database. */
export async function closeTestDatabase(db: Database): Promise<void> {
  if (db.kind === "postgres") {
    const { rows } = await db.query<{ s: string }>("select current_schema() as s");
    const schema = rows[0]?.s;
    if (schema?.startsWith("t_")) {
      await db.exec(`drop schema if exists ${schema}_q cascade`);
      await db.exec(`drop schema ${schema} cascade`);
    }
  }
  await db.close();
}

/** The queue schema of a test database: its own beside the test schema on PostgreSQL. */
export async function testQueueSchema(db: Database): Promise<string> {
  if (db.kind !== "postgres") return "pgboss";
  const { rows } = await db.query<{ s: string }>("select current_schema() as s");
  return `${rows[0]!.s}_q`;
}

// One store for every app of a test file: apps on one database share its sms queue, so any of
// their workers may send a message.
const capturedOtps = new Map<string, string>();
const capturedMessages: { to: string; body: string }[] = [];

/**
 * The SMS provider of test apps: remembers every message, and the last code per phone (shared by
 * the apps of a test file). SMS go through the queue: `otpFor` waits for the workers.
 */
export class CapturingSms implements SmsProvider {
  readonly name = "capturing";
  readonly sent = capturedOtps;
  readonly messages = capturedMessages;
  async send(to: string, body: string): Promise<SmsOutcome> {
    this.messages.push({ to, body });
    const otp = /(?:code is|kod anda) (\d{6})\./.exec(body)?.[1];
    if (otp) this.sent.set(to, otp);
    return { ok: true };
  }
  /** The code sent to `phone`, once a worker has sent it (at most `timeoutMs`). */
  async otpFor(phone: string, timeoutMs = 15_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (!this.sent.has(phone)) {
      if (Date.now() > deadline) throw new Error(`no code was sent to ${phone}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return this.sent.get(phone)!;
  }
}

/** What a test gets: the app, its clock, its SMS sink and its data folder. */
export interface TestContext {
  app: FastifyInstance;
  clock: ManualClock;
  sms: CapturingSms;
  dataDir: string;
  close(): Promise<void>;
}

/** Builds the app on a shared test database with a manual clock and response validation on. */
export async function buildTestApp(
  db: Database,
  options: BuildAppOptions & {
    dataDir?: string;
    extraRoutes?: (app: FastifyInstance) => void;
    /** Start the SMS workers (the queue's fulfilment workers stay off unless env.queue says). */
    smsWorkers?: boolean;
  } = {},
): Promise<TestContext> {
  const { extraRoutes, smsWorkers, ...buildOptions } = options;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), "portal-services-")));
  const clock = (options.clock as ManualClock | undefined) ?? new ManualClock();
  const sms = new CapturingSms();
  const app = await buildApp({
    db,
    clock,
    sms,
    logger: false,
    validateResponses: true,
    rateLimitMax: 10_000,
    ...buildOptions,
    env: {
      portalEnv: "test",
      dataDir,
      publicUrl: "http://localhost:4000",
      // Cheap proof of work: tests solve many challenges on a busy machine.
      altchaMaxNumber: 2_000,
      // The retention job runs when a test calls it (app.services.retention.run()).
      retentionIntervalMs: 0,
      // Deliveries run when a test starts the workers (outbox.test.ts); the queue itself is on.
      queue: { schema: await testQueueSchema(db), worker: false, pollSeconds: 0.5 },
      fulfilment: {
        ...loadEnv({}).fulfilment,
        ...(options.env?.portalEnv === "production"
          ? {
              url: "http://127.0.0.1:9/fulfilment",
              secret: "test-fulfilment-secret-0123456789abcdef",
            }
          : {}),
      },
      // Production refuses the SMS stand-in; the captured provider replaces this one anyway.
      ...(options.env?.portalEnv === "production"
        ? {
            sms: {
              ...loadEnv({}).sms,
              provider: "twilio-compatible" as const,
              url: "http://127.0.0.1:9",
              accountSid: "ACtest",
              authToken: "test",
              from: "SURIA",
            },
          }
        : {}),
      // Production refuses to start without document keys; development makes its own.
      ...(options.env?.portalEnv === "production" ? { documentKeys: [TEST_DOCUMENT_KEY] } : {}),
      // Every request of a test comes from one address and reuses a few accounts: the abuse
      // limits are tested on their own (abuse-limits.test.ts), high everywhere else.
      limits: {
        ...DEFAULT_LIMITS,
        otpPhonesPerLead: 100,
        otpSendsPerClientHour: 1_000_000,
        smsBudgetPerHour: 1_000_000,
        authFailuresPerAccount: 1000,
        b40FailuresPerToken: 1000,
        b40LookupsPerCardHour: 1000,
      },
      ...options.env,
    },
  });
  extraRoutes?.(app);
  await app.ready();
  if (smsWorkers && !app.env.queue.worker) await app.services.sms.startWorkers();
  return {
    app,
    clock,
    sms,
    dataDir,
    async close() {
      await app.close();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Injects a request and parses a JSON answer. */
export async function call(app: FastifyInstance, opts: InjectOptions & { token?: string }) {
  const { token, ...rest } = opts;
  const res = await app.inject({
    ...rest,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...rest.headers },
  });
  let body: unknown;
  try {
    body = res.body ? JSON.parse(res.body) : undefined;
  } catch {
    body = res.body;
  }
  return {
    status: res.statusCode,
    headers: res.headers,
    // Tests read JSON answers loosely; the contract check has already validated their shape.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    body: body as Record<string, any>,
    raw: res,
  };
}

/** Creates a lead and returns its id and token. */
export async function createLead(app: FastifyInstance, product: "fibre" | "tv" = "fibre") {
  const res = await call(app, {
    method: "POST",
    url: "/shop/api/v1/greenfield/generate-sbb-lead",
    payload: { product, language: "bm" },
  });
  if (res.status !== 200)
    throw new Error(`generate-sbb-lead: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.response as { leadId: string; token: string };
}
