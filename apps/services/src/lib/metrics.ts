import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { Database } from "../db/database.js";
import { backlog as outboxBacklog } from "../repositories/fulfilment.js";
import { smsBacklog } from "../repositories/sms.js";

/** Why an OTP send was refused (the `reason` label; each is a stable error code too). */
export type OtpRefusal =
  "resendTooSoon" | "hourlyLimit" | "dailyLimit" | "tooManyPhones" | "clientLimit" | "smsBudget";

/**
 * The Prometheus metrics of one app (prom-client, its own registry so several apps in one
 * process, as in the tests, keep apart). Exposed at `GET /metrics`.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer a request, by method, route template and status",
    labelNames: ["method", "route", "status_code"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly dbQueryDuration = new Histogram({
    name: "db_query_duration_seconds",
    help: "Time of each database statement, by outcome",
    labelNames: ["outcome"] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers: [this.registry],
  });
  readonly otpSends = new Counter({
    name: "otp_sends_total",
    help: "One-time codes issued, by channel (sms, or mock outside production)",
    labelNames: ["channel"] as const,
    registers: [this.registry],
  });
  readonly otpRefusals = new Counter({
    name: "otp_refusals_total",
    help: "One-time-code requests refused, by reason",
    labelNames: ["reason"] as const,
    registers: [this.registry],
  });
  readonly smsBudgetExhausted = new Gauge({
    name: "sms_budget_exhausted",
    help: "1 while the hourly SMS budget is spent (sending has stopped), else 0",
    registers: [this.registry],
  });
  readonly rateLimitRefusals = new Counter({
    name: "rate_limit_refusals_total",
    help: "Requests refused by the per-client rate limit, by route",
    labelNames: ["route"] as const,
    registers: [this.registry],
  });
  readonly identityRefusals = new Counter({
    name: "identity_check_refusals_total",
    help: "Identity checks refused by their limit, by check (authenticate, b40Token, b40Card)",
    labelNames: ["check"] as const,
    registers: [this.registry],
  });

  readonly deliveries = new Counter({
    name: "fulfilment_deliveries_total",
    help: "Order deliveries to the fulfilment system by outcome (acknowledged, retry, deadLettered)",
    labelNames: ["outcome"] as const,
    registers: [this.registry],
  });

  readonly smsMessages = new Counter({
    name: "sms_messages_total",
    help: "SMS handled by the workers, by kind (otp, tracking, reminder, coverage, invalid) and outcome (sent, retry, deadLettered, dropped)",
    labelNames: ["kind", "outcome"] as const,
    registers: [this.registry],
  });

  constructor(db?: Database, now: () => Date = () => new Date(), queueSchema = "pgboss") {
    collectDefaultMetrics({ register: this.registry });
    if (db) {
      new Gauge({
        name: "db_pool_connections",
        help: "Database connections by state (total, idle, waiting requests)",
        labelNames: ["state"] as const,
        registers: [this.registry],
        collect() {
          const stats = db.stats();
          this.set({ state: "total" }, stats.total);
          this.set({ state: "idle" }, stats.idle);
          this.set({ state: "waiting" }, stats.waiting);
        },
      });
      // Read from the outbox when scraped: every instance reports the same whole-queue figures.
      // Its statement is not counted in db_query_duration_seconds (a scrape would otherwise
      // change the figure it reads): one observation is skipped per backlog read. Under
      // concurrency the skipped duration may be another statement's; the count stays exact.
      let unobserved = 0;
      let backlog:
        Promise<{ pending: number; deadLettered: number; oldestSeconds: number }> | undefined;
      const read = () => {
        if (!backlog) {
          unobserved++;
          backlog = outboxBacklog(db, now()).finally(() =>
            setTimeout(() => (backlog = undefined), 500).unref(),
          );
        }
        return backlog;
      };
      new Gauge({
        name: "fulfilment_queue_depth",
        help: "Accepted orders not yet acknowledged by the fulfilment system, by state (pending, deadLettered)",
        labelNames: ["state"] as const,
        registers: [this.registry],
        async collect() {
          const b = await read().catch(() => undefined);
          if (!b) return;
          this.set({ state: "pending" }, b.pending);
          this.set({ state: "deadLettered" }, b.deadLettered);
        },
      });
      new Gauge({
        name: "fulfilment_oldest_undelivered_age_seconds",
        help: "Age of the oldest accepted order still waiting for delivery (0 when none waits)",
        registers: [this.registry],
        async collect() {
          const b = await read().catch(() => undefined);
          if (b) this.set(b.oldestSeconds);
        },
      });
      // The sms queue: pg-boss's job table and the dead letters, read when scraped like the outbox.
      let sms:
        | Promise<{
            pending: number;
            scheduled: number;
            deadLettered: number;
            oldestSeconds: number;
          }>
        | undefined;
      const readSms = () => {
        if (!sms) {
          unobserved++;
          sms = smsBacklog(db, queueSchema).finally(() =>
            setTimeout(() => (sms = undefined), 500).unref(),
          );
        }
        return sms;
      };
      new Gauge({
        name: "sms_queue_depth",
        help: "SMS not sent yet, by state (pending: due; scheduled: reminders not due yet; deadLettered: given up)",
        labelNames: ["state"] as const,
        registers: [this.registry],
        async collect() {
          const b = await readSms().catch(() => undefined);
          if (!b) return;
          this.set({ state: "pending" }, b.pending);
          this.set({ state: "scheduled" }, b.scheduled);
          this.set({ state: "deadLettered" }, b.deadLettered);
        },
      });
      new Gauge({
        name: "sms_oldest_unsent_age_seconds",
        help: "Age of the oldest due SMS not sent yet (0 when none waits)",
        registers: [this.registry],
        async collect() {
          const b = await readSms().catch(() => undefined);
          if (b) this.set(b.oldestSeconds);
        },
      });
      db.observe((seconds, failed) => {
        if (unobserved > 0) {
          unobserved--;
          return;
        }
        this.dbQueryDuration.observe({ outcome: failed ? "error" : "ok" }, seconds);
      });
    }
  }
}
