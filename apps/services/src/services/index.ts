import { chmod } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/database.js";
import { KeyLocks } from "../db/key-locks.js";
import type { Clock } from "../lib/clock.js";
import type { Env } from "../lib/env.js";
import type { Metrics } from "../lib/metrics.js";
import { contentCatalog, type PlanCatalog } from "./catalog.js";
import { LeadService } from "./leads.js";
import { OtpService } from "./otp.js";
import { DocumentKeyring, developmentKey } from "../lib/document-keys.js";
import { localStorage, s3Storage, tightenFolder, type FileStorage } from "./storage.js";
import { RetentionService } from "./retention.js";
import { HandoffService } from "./handoff.js";
import { InterestService } from "./interests.js";
import { TokenService } from "./tokens.js";
import { TrackingService } from "./tracking.js";
import { queueReminder } from "./orders.js";
import {
  assertProductionFulfilment,
  assertProductionLinks,
  assertProductionSms,
} from "../lib/env.js";
import {
  FulfilmentService,
  HttpFulfilment,
  StandinFulfilment,
  type FulfilmentTarget,
} from "./fulfilment.js";
import { JobQueue } from "./queue.js";
import { StandinSms, TwilioCompatibleSms, type SmsProvider } from "./sms.js";
import { SmsService } from "./sms-queue.js";
import { UploadSigner } from "./upload-signer.js";

/** The shared services every route module reaches through `app.services`. */
export interface Services {
  /** Per-key serialisation across instances that holds no connection while waiting. */
  locks: KeyLocks;
  tokens: TokenService;
  leads: LeadService;
  otp: OtpService;
  signer: UploadSigner;
  storage: FileStorage;
  /** Plans, packs and campaign price rules of the imported content (offers and orders). */
  catalog: PlanCatalog;
  /** Folder for partial uploads (same file system as local storage, so a rename finishes them). */
  uploadTempDir: string;
  /** Keys that seal identity documents at rest (DOCUMENT_KEYS, or the development key). */
  documentKeys: DocumentKeyring;
  /** Removes personal data past its retention period (README "Personal data"). */
  retention: RetentionService;
  /** The order's tracking link and timeline (issue 24; `trackingUrl(orderNumber)` for the SMS). */
  tracking: TrackingService;
  /** "Continue on your phone": single-use codes that hand a journey to another device. */
  handoffs: HandoffService;
  /** Register interest, the coverage import's SMS and its link (issue 24). */
  interests: InterestService;
  /** pg-boss on the services' database. */
  queue: JobQueue;
  /** Orders to the provider's fulfilment system through the queue. */
  fulfilment: FulfilmentService;
  /** Every SMS (codes, tracking links, reminders, coverage news) through the queue. */
  sms: SmsService;
}

/**
 * SMS_PROVIDER: a Twilio-compatible HTTP API, or outside production the stand-in that records
 * each message in sms_standin_messages (production refuses to start with it).
 */
export function smsProvider(
  env: Env,
  db: Database,
  log: Pick<FastifyBaseLogger, "info">,
): SmsProvider {
  assertProductionSms(env);
  assertProductionLinks(env);
  const s = env.sms;
  if (s.provider !== "twilio-compatible")
    return new StandinSms(db, (obj, msg) => log.info(obj, msg));
  return new TwilioCompatibleSms({
    baseUrl: s.url!,
    accountSid: s.accountSid!,
    authToken: s.authToken!,
    from: s.from!,
    timeoutMs: s.timeoutMs,
  });
}

/** FULFILMENT_URL, or outside production the stand-in that records deliveries in a table. */
export function fulfilmentTarget(env: Env, db: Database, clock: Clock): FulfilmentTarget {
  assertProductionFulfilment(env);
  const f = env.fulfilment;
  return f.url
    ? new HttpFulfilment(f.url, f.secret, f.timeoutMs, clock)
    : new StandinFulfilment(db);
}

/**
 * The queue and the services over it, fulfilment and SMS (the services, the worker and the ops
 * command). `sms` replaces the provider of SMS_PROVIDER (tests); production still refuses the
 * stand-in's settings.
 */
export function createFulfilment(deps: {
  env: Env;
  db: Database;
  clock: Clock;
  log: Pick<FastifyBaseLogger, "warn" | "info">;
  metrics?: Metrics;
  sms?: SmsProvider;
}): { queue: JobQueue; fulfilment: FulfilmentService; sms: SmsService } {
  const { env, db, clock, log, metrics } = deps;
  const queue = new JobQueue(
    db,
    { schema: env.queue.schema, supervise: env.queue.worker, pollSeconds: env.queue.pollSeconds },
    (err) => log.warn({ err }, "queue error"),
  );
  const fulfilment = new FulfilmentService(
    db,
    queue,
    fulfilmentTarget(env, db, clock),
    clock,
    { ...env.fulfilment },
    (outcome) => metrics?.deliveries.inc({ outcome }),
    (err, orderNumber) => log.warn({ err, orderNumber }, "fulfilment delivery failed"),
  );
  const provider = smsProvider(env, db, log);
  const sms = new SmsService(
    db,
    queue,
    deps.sms ?? provider,
    clock,
    {
      retryDelaySeconds: env.sms.retryDelaySeconds,
      retryLimit: env.sms.retryLimit,
      expireSeconds: 60,
      batchSize: 10,
      concurrency: 1,
    },
    (kind, outcome) => metrics?.smsMessages.inc({ kind, outcome }),
    (err, kind) => log.warn({ err, kind }, "SMS send failed"),
  );
  return { queue, fulfilment, sms };
}

/** The document keys: DOCUMENT_KEYS, or outside production the data folder's generated key. */
export async function documentKeyring(env: Env): Promise<DocumentKeyring> {
  if (!env.documentKeys && env.portalEnv === "production")
    throw new Error("Refusing to start in production without DOCUMENT_KEYS");
  return new DocumentKeyring(env.documentKeys ?? [await developmentKey(env.dataDir)]);
}

/** Where documents are stored: the S3 bucket, or DATA_DIR/uploads (0700 folders, 0600 files). */
export async function fileStorage(env: Env): Promise<FileStorage> {
  if (env.s3) return s3Storage(env.s3);
  // The data folder and the uploads in it are the process's own.
  await chmod(env.dataDir, 0o700).catch(() => undefined);
  await tightenFolder(join(env.dataDir, "uploads"));
  return localStorage(join(env.dataDir, "uploads"));
}

/** Creates the services from the settings; S3 storage when S3_BUCKET is set. */
export async function createServices(deps: {
  env: Env;
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  sms?: SmsProvider;
  metrics: Metrics;
}): Promise<Services> {
  const { env, db, clock, log, metrics } = deps;
  const documentKeys = await documentKeyring(env);
  const storage = await fileStorage(env);
  const locks = new KeyLocks(db, { waitMs: env.dbQueryTimeoutMs });
  const tokens = new TokenService(env.tokenSecret, clock);
  const { queue, fulfilment, sms } = createFulfilment({
    env,
    db,
    clock,
    log,
    metrics,
    ...(deps.sms ? { sms: deps.sms } : {}),
  });
  // A change the visitor makes from the tracking link (a new slot, a cancellation) is the
  // order's next fulfilment revision, and a new slot gets its own reminder.
  const tracking: TrackingService = new TrackingService(db, tokens, clock, env.webUrl, {
    async changed(tx, order, change, at) {
      await fulfilment.revise(tx, order.order_number);
      if (change.kind === "rescheduled")
        await queueReminder({ tracking, sms }, tx, order, change.slot, at);
    },
    committed() {
      fulfilment.nudge();
      sms.nudge();
    },
  });
  return {
    queue,
    fulfilment,
    sms,
    locks,
    tokens,
    leads: new LeadService(db, clock),
    otp: new OtpService(
      db,
      locks,
      clock,
      env.otpSecret,
      env.portalEnv !== "production",
      sms,
      log,
      env.limits,
      {
        sent: (channel) => metrics.otpSends.inc({ channel }),
        refused: (reason) => metrics.otpRefusals.inc({ reason }),
        budget: (exhausted) => metrics.smsBudgetExhausted.set(exhausted ? 1 : 0),
      },
    ),
    signer: new UploadSigner(env.uploadSecret, clock, env.publicUrl),
    storage,
    catalog: contentCatalog,
    uploadTempDir: join(env.dataDir, "uploads", ".partial"),
    documentKeys,
    retention: new RetentionService(db, storage, clock, log),
    tracking,
    handoffs: new HandoffService(db, tokens, clock),
    interests: new InterestService(db, locks, sms, tokens, clock, env.webUrl),
  };
}
