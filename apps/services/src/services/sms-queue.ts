import type PgBoss from "pg-boss";
import type { Database, Queryable } from "../db/database.js";
import type { Clock } from "../lib/clock.js";
import * as smsRepo from "../repositories/sms.js";
import { SMS_QUEUE, type JobQueue } from "./queue.js";
import { invalidSms, renderSms, type SmsKind, type SmsMessage, type SmsProvider } from "./sms.js";

export { SMS_QUEUE };

/** The retry policy and workers of the sms queue (README "Fulfilment and SMS queue"). */
export interface SmsPolicy {
  /** Seconds before the first retry; doubled each time (pg-boss: x1 to x2 jitter). */
  retryDelaySeconds: number;
  retryLimit: number;
  /** A send in hand longer than this (a killed worker) is taken back and retried. */
  expireSeconds: number;
  batchSize: number;
  concurrency: number;
}

/** What happened to one message: sent, retried, given up, or dropped (no longer wanted). */
export type SmsOutcomeLabel = "sent" | "retry" | "deadLettered" | "dropped";

/** What the metrics hear from the workers. */
export type SmsListener = (kind: SmsKind | "invalid", outcome: SmsOutcomeLabel) => void;

/** The installation reminder is due at 18:00 Malaysian time the day before the booked date. */
export function reminderTime(date: string): Date {
  const dayBefore = new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000)
    .toISOString()
    .slice(0, 10);
  return new Date(`${dayBefore}T18:00:00+08:00`);
}

/**
 * Every SMS goes through the `sms` queue: it is sent as a job in the transaction that makes it
 * needed (the code with its otp_codes row, the tracking link and the reminder with the order),
 * so a message exists exactly when what it speaks of was committed. A worker renders it in its
 * language and sends it through the provider, retrying with backoff, and dead-letters what it
 * must give up (`sms_dead_letters`). A message that is no longer wanted when its turn comes (an
 * expired code, a reminder of a cancelled or moved slot) is dropped.
 */
export class SmsService {
  #workers: string[] = [];

  constructor(
    private readonly db: Database,
    private readonly queue: JobQueue,
    readonly provider: SmsProvider,
    private readonly clock: Clock,
    private readonly policy: SmsPolicy,
    private readonly heard: SmsListener = () => undefined,
    private readonly onError: (error: unknown, kind: string) => void = () => undefined,
  ) {}

  /** The queue and its retry policy (created or updated at start). */
  async prepare(): Promise<void> {
    await this.queue.ensureQueue({
      name: SMS_QUEUE,
      retryLimit: this.policy.retryLimit,
      retryDelay: this.policy.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: this.policy.expireSeconds,
      // Counted from the job's start: a reminder waits its turn, then has a week of retries.
      retentionDays: 7,
    });
  }

  /** In the caller's transaction: the message's job (`startAfter`: not sent before then). */
  async enqueue(tx: Queryable, message: SmsMessage, options: { startAfter?: Date } = {}) {
    await this.queue.sendIn(
      tx,
      SMS_QUEUE,
      message,
      options.startAfter ? { startAfter: options.startAfter } : {},
    );
  }

  /** Wakes the workers of this process (a message was just committed: a visitor waits for it). */
  nudge(): void {
    for (const id of this.#workers) this.queue.boss.notifyWorker(id);
  }

  /** Starts the workers of this process. */
  async startWorkers(): Promise<void> {
    await this.prepare();
    for (let i = 0; i < this.policy.concurrency; i++) {
      this.#workers.push(
        await this.queue.boss.work<SmsMessage>(
          SMS_QUEUE,
          { batchSize: this.policy.batchSize, includeMetadata: true },
          (jobs) => this.#handle(jobs as PgBoss.JobWithMetadata<SmsMessage>[]),
        ),
      );
    }
  }

  /** Stops this process's workers. */
  async stopWorkers(): Promise<void> {
    const ids = this.#workers.splice(0);
    await Promise.all(ids.map((id) => this.queue.boss.offWork({ id })));
  }

  async #handle(jobs: PgBoss.JobWithMetadata<SmsMessage>[]): Promise<void> {
    await Promise.all(jobs.map((job) => this.#sendOne(job)));
    if (jobs.length === this.policy.batchSize) this.nudge();
  }

  async #sendOne(job: PgBoss.JobWithMetadata<SmsMessage>): Promise<void> {
    const message = job.data;
    const invalid = invalidSms(message);
    const kind = invalid ? "invalid" : message.kind;
    try {
      if (invalid) return await this.#deadLetter(job, kind, `invalid message: ${invalid}`);
      if (await this.#unwanted(message)) {
        this.heard(kind, "dropped");
        return;
      }
      const outcome = await this.provider.send(message.phoneNumber, renderSms(message));
      if (outcome.ok) {
        this.heard(kind, "sent");
        return;
      }
      if (outcome.permanent || job.retryCount >= job.retryLimit)
        return await this.#deadLetter(job, kind, outcome.error);
      this.heard(kind, "retry");
      await this.queue.boss.fail(SMS_QUEUE, job.id, { error: outcome.error });
    } catch (error) {
      // Our own database failed: leave the job to pg-boss (it is retried).
      this.onError(error, kind);
      await this.queue.boss
        .fail(SMS_QUEUE, job.id, { error: (error as Error).message })
        .catch(() => undefined);
    }
  }

  async #deadLetter(
    job: PgBoss.JobWithMetadata<SmsMessage>,
    kind: SmsKind | "invalid",
    error: string,
  ): Promise<void> {
    const data = (job.data ?? {}) as Partial<SmsMessage>;
    await smsRepo.recordDeadLetter(this.db, {
      jobId: job.id,
      kind,
      language: typeof data.language === "string" ? data.language : "",
      phoneNumber: typeof data.phoneNumber === "string" ? data.phoneNumber : "",
      attempts: job.retryCount + 1,
      error,
      queuedAt: job.createdOn,
      at: this.clock.now(),
    });
    this.heard(kind, "deadLettered");
  }

  /** An expired code, or a reminder whose order was cancelled or moved to another slot. */
  async #unwanted(message: SmsMessage): Promise<boolean> {
    const now = this.clock.now().getTime();
    if (message.kind === "otp") return Date.parse(message.params.expiresAt) <= now;
    if (message.kind !== "reminder") return false;
    const { orderNumber, date, slot } = message.params;
    if (Date.parse(`${date}T00:00:00+08:00`) <= now) return true;
    const booked = await smsRepo.bookedSlot(this.db, orderNumber);
    return !booked || booked.cancelled || booked.date !== date || booked.slot !== slot;
  }
}
