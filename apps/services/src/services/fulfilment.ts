import { createHmac } from "node:crypto";
import type PgBoss from "pg-boss";
import type { Database, Queryable } from "../db/database.js";
import type { Clock } from "../lib/clock.js";
import * as outbox from "../repositories/fulfilment.js";
import { orderForFulfilment, type FulfilmentOrderRow } from "../repositories/orders.js";
import type { JobQueue } from "./queue.js";

/** The queue of order deliveries. */
export const FULFILMENT_QUEUE = "fulfilment";

/** How one delivery went: acknowledged, failed (retried), or refused for good. */
export type DeliveryOutcome =
  { ok: true; status: number } | { ok: false; permanent: boolean; error: string };

/** The provider's fulfilment system (or its development stand-in). */
export interface FulfilmentTarget {
  readonly name: string;
  deliver(request: { idempotencyKey: string; body: string }): Promise<DeliveryOutcome>;
}

/**
 * The signature of a delivery: hex HMAC-SHA256 with FULFILMENT_SECRET over
 * `<X-Portal-Timestamp>.<body>`, sent as `X-Portal-Signature: sha256=<hex>`.
 */
export function signDelivery(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/** Statuses that will never turn into an acknowledgement by retrying the same request. */
const permanentStatus = (status: number) =>
  status >= 400 && status < 500 && ![408, 409, 425, 429].includes(status);

/** Posts each order as signed JSON to FULFILMENT_URL. */
export class HttpFulfilment implements FulfilmentTarget {
  readonly name = "http";
  constructor(
    private readonly url: string,
    private readonly secret: string,
    private readonly timeoutMs: number,
    private readonly clock: Clock,
  ) {}

  async deliver({ idempotencyKey, body }: { idempotencyKey: string; body: string }) {
    const timestamp = String(Math.floor(this.clock.now().getTime() / 1000));
    try {
      const res = await fetch(this.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "idempotency-key": idempotencyKey,
          "x-portal-timestamp": timestamp,
          "x-portal-signature": signDelivery(this.secret, timestamp, body),
        },
        body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      await res.arrayBuffer().catch(() => undefined);
      if (res.ok) return { ok: true as const, status: res.status };
      return {
        ok: false as const,
        permanent: permanentStatus(res.status),
        error: `HTTP ${res.status}`,
      };
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      return { ok: false as const, permanent: false, error: cause ?? (error as Error).message };
    }
  }
}

/**
 * The development stand-in (FULFILMENT_URL unset, never in production): records each delivery
 * in fulfilment_standin_deliveries and acknowledges it.
 */
export class StandinFulfilment implements FulfilmentTarget {
  readonly name = "standin";
  constructor(private readonly db: Queryable) {}
  async deliver({ idempotencyKey, body }: { idempotencyKey: string; body: string }) {
    const { orderNumber } = JSON.parse(body) as { orderNumber: string };
    await outbox.recordStandinDelivery(this.db, orderNumber, idempotencyKey, body);
    return { ok: true as const, status: 200 };
  }
}

/** The retry policy of deliveries (README "Fulfilment and SMS queue"). */
export interface DeliveryPolicy {
  /** Seconds before the first retry; doubled each time with backoff (pg-boss: x1 to x2 jitter). */
  retryDelaySeconds: number;
  retryLimit: number;
  retryBackoff: boolean;
  /** A delivery in hand longer than this (a killed worker) is taken back and retried. */
  expireSeconds: number;
  /** Jobs fetched at once by each worker. */
  batchSize: number;
  /** Workers in this process. */
  concurrency: number;
}

/** The Idempotency-Key of a revision: the order number, then `<order number>-r<n>`. */
export const deliveryKey = (orderNumber: string, revision: number) =>
  revision === 0 ? orderNumber : `${orderNumber}-r${revision}`;

/**
 * The JSON body sent for a revision of an order: what the provider needs to install it, nothing
 * more. Every revision carries the whole order as it is now (the provider keeps the highest
 * revision): `status` is `cancelled` once the visitor cancelled, and `installation.slot` the
 * booked date and window (null without one, or once cancelled).
 */
export function deliveryBody(row: FulfilmentOrderRow, revision = 0): string {
  return JSON.stringify({
    orderNumber: row.order_number,
    revision,
    status: row.cancelled ? "cancelled" : "received",
    leadId: row.lead_id,
    product: row.product,
    language: row.language,
    submittedAt: new Date(row.submitted_at).toISOString(),
    customer: { name: row.name, phoneNumber: row.phone_number, email: row.email },
    installation: {
      addressId: row.address_id,
      unitNumber: row.unit_number,
      slot: row.slot_date && row.slot ? { date: row.slot_date, window: row.slot } : null,
    },
    order: row.order_data,
  });
}

/** What the metrics hear from deliveries. */
export type DeliveryListener = (outcome: "acknowledged" | "retry" | "deadLettered") => void;

/**
 * A delivery job: the order number and the revision (the order is read when it is delivered;
 * jobs queued before revisions existed have none: revision 0).
 */
interface FulfilmentJob {
  orderNumber: string;
  revision?: number;
}

/**
 * Every order reaches fulfilment exactly once (as far as the provider honours Idempotency-Key):
 * the purchase writes the order, its outbox record and its pg-boss job in one transaction; a
 * worker delivers each, retrying with backoff, and dead-letters what it must give up.
 */
export class FulfilmentService {
  #workers: string[] = [];

  constructor(
    private readonly db: Database,
    private readonly queue: JobQueue,
    readonly target: FulfilmentTarget,
    private readonly clock: Clock,
    private readonly policy: DeliveryPolicy,
    private readonly heard: DeliveryListener = () => undefined,
    private readonly onError: (error: unknown, orderNumber: string) => void = () => undefined,
  ) {}

  /** The queue and its retry policy (created or updated at start). */
  async prepare(): Promise<void> {
    await this.queue.ensureQueue({
      name: FULFILMENT_QUEUE,
      retryLimit: this.policy.retryLimit,
      retryDelay: this.policy.retryDelaySeconds,
      retryBackoff: this.policy.retryBackoff,
      expireInSeconds: this.policy.expireSeconds,
      // A job waits at most this long in the queue (the longest retry schedule fits).
      retentionDays: 14,
    });
  }

  /** In the purchase's transaction: the outbox record and the delivery job of the order. */
  async enqueue(tx: Queryable, order: { orderNumber: string; leadId: string; at: Date }) {
    await outbox.acceptOrder(tx, order.orderNumber, order.leadId, order.at);
    await this.queue.sendIn(tx, FULFILMENT_QUEUE, { orderNumber: order.orderNumber });
  }

  /**
   * In the transaction of a change the visitor made after the order (a new slot, a
   * cancellation): the order's next revision and its delivery job.
   */
  async revise(tx: Queryable, orderNumber: string): Promise<void> {
    const revision = await outbox.revise(tx, orderNumber);
    if (revision === undefined) return;
    await this.queue.sendIn(tx, FULFILMENT_QUEUE, { orderNumber, revision });
  }

  /** Wakes the workers of this process (an order was just committed). */
  nudge(): void {
    for (const id of this.#workers) this.queue.boss.notifyWorker(id);
  }

  /** Starts the workers of this process. */
  async startWorkers(): Promise<void> {
    await this.prepare();
    for (let i = 0; i < this.policy.concurrency; i++) {
      this.#workers.push(
        await this.queue.boss.work<FulfilmentJob>(
          FULFILMENT_QUEUE,
          { batchSize: this.policy.batchSize, includeMetadata: true },
          (jobs) => this.#handle(jobs as PgBoss.JobWithMetadata<FulfilmentJob>[]),
        ),
      );
    }
  }

  async #handle(jobs: PgBoss.JobWithMetadata<FulfilmentJob>[]): Promise<void> {
    await Promise.all(jobs.map((job) => this.#deliverOne(job)));
    // A full batch: there may be more waiting; ask again at once instead of after the interval.
    if (jobs.length === this.policy.batchSize) this.nudge();
  }

  async #deliverOne(job: PgBoss.JobWithMetadata<FulfilmentJob>): Promise<void> {
    const { orderNumber } = job.data;
    const revision = job.data.revision ?? 0;
    try {
      // A newer revision is queued: it carries this change too.
      const current = await outbox.currentRevision(this.db, orderNumber);
      if (current !== undefined && current > revision) return;
      const outcome = await this.deliver(orderNumber, revision);
      if (outcome.ok) {
        await outbox.acknowledge(this.db, orderNumber, revision, this.clock.now());
        this.heard("acknowledged");
        return;
      }
      if (outcome.permanent || job.retryCount >= job.retryLimit) {
        await outbox.deadLetter(this.db, orderNumber, revision, outcome.error, this.clock.now());
        this.heard("deadLettered");
        return;
      }
      await outbox.attemptFailed(this.db, orderNumber, outcome.error);
      this.heard("retry");
      await this.queue.boss.fail(FULFILMENT_QUEUE, job.id, { error: outcome.error });
    } catch (error) {
      // Our own database failed: leave the job to pg-boss (it expires and is retried).
      this.onError(error, orderNumber);
      await this.queue.boss
        .fail(FULFILMENT_QUEUE, job.id, { error: (error as Error).message })
        .catch(() => undefined);
    }
  }

  /** One delivery of a revision of an order (no bookkeeping but the attempt count). */
  async deliver(orderNumber: string, revision = 0): Promise<DeliveryOutcome> {
    await outbox.attemptStarted(this.db, orderNumber);
    const row = await orderForFulfilment(this.db, orderNumber);
    if (!row) return { ok: false, permanent: true, error: "order not found" };
    return this.target.deliver({
      idempotencyKey: deliveryKey(orderNumber, revision),
      body: deliveryBody(row, revision),
    });
  }

  /** Operators: puts a dead-lettered order back into delivery; false when it is not dead. */
  async redeliver(orderNumber: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const revived = await outbox.revive(tx, orderNumber);
      if (!revived) return false;
      await this.queue.sendIn(tx, FULFILMENT_QUEUE, { orderNumber, revision: revived.revision });
      return true;
    });
  }

  /** Stops this process's workers. */
  async stopWorkers(): Promise<void> {
    const ids = this.#workers.splice(0);
    await Promise.all(ids.map((id) => this.queue.boss.offWork({ id })));
  }
}
