import PgBoss from "pg-boss";
import type { Database, Queryable } from "../db/database.js";

/** pg-boss's connection interface over a statement runner (ours, or a transaction's). */
export function bossDb(q: Queryable & { simple?: Database["simple"] }): PgBoss.Db {
  return {
    executeSql: (text: string, values?: unknown[]) =>
      // Without parameters pg-boss may send several statements at once (its migrations): the
      // simple protocol runs them (PGlite's exec, pg's simple query).
      values && values.length > 0
        ? q.query(text, values)
        : q.simple
          ? q.simple(text)
          : q.query(text, []),
  };
}

/** The queue of SMS messages (issue 24): its worker and retry policy are the SMS sender's. */
export const SMS_QUEUE = "sms";

/** Settings of the job queue (README "Fulfilment and SMS queue"). */
export interface QueueSettings {
  /** The schema of pg-boss's tables (QUEUE_SCHEMA, default pgboss). */
  schema: string;
  /** Runs pg-boss's maintenance (expiring jobs of a dead worker, archiving) in this process. */
  supervise: boolean;
  /** How often an idle worker asks for jobs (QUEUE_POLL_SECONDS, at least 0.5). */
  pollSeconds: number;
}

/**
 * The job queue: pg-boss 10 on the services' own database, PGlite or PostgreSQL, through our
 * connection (its `db` option), so a job can be sent in the transaction that makes it needed.
 */
export class JobQueue {
  readonly boss: PgBoss;
  #started?: Promise<void>;

  constructor(
    private readonly db: Database,
    readonly settings: QueueSettings,
    onError: (error: Error) => void,
  ) {
    this.boss = new PgBoss({
      db: bossDb(db),
      schema: settings.schema,
      schedule: false,
      supervise: settings.supervise,
      maintenanceIntervalSeconds: 1,
      pollingIntervalSeconds: settings.pollSeconds,
      // Completed jobs carry nothing personal (an order number); keep them a day for support.
      archiveCompletedAfterSeconds: 3600,
      deleteAfterDays: 1,
    });
    this.boss.on("error", onError);
  }

  /** Creates pg-boss's schema (its own migrations, under its advisory lock) and starts it. */
  start(): Promise<void> {
    this.#started ??= this.boss.start().then(() => undefined);
    return this.#started;
  }

  /** Creates or updates a queue's retry policy. */
  async ensureQueue(queue: PgBoss.Queue): Promise<void> {
    await this.start();
    if (await this.boss.getQueue(queue.name)) await this.boss.updateQueue(queue.name, queue);
    else await this.boss.createQueue(queue.name, queue);
  }

  /** Sends a job inside the caller's transaction: it exists exactly when the transaction commits. */
  async sendIn(
    tx: Queryable,
    name: string,
    data: object,
    options: Pick<PgBoss.SendOptions, "startAfter"> = {},
  ): Promise<void> {
    await this.boss.send(name, data, { ...options, db: bossDb(tx) });
  }

  /** Sends a job on its own. */
  async send(name: string, data: object): Promise<void> {
    await this.boss.send(name, data);
  }

  /** Stops the workers (waiting for jobs in hand, at most `timeoutMs`) and the maintenance. */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (!this.#started) return;
    await this.#started.catch(() => undefined);
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
  }
}
