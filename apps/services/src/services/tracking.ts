/**
 * Issue 24, "Follow the order anywhere": the order's signed tracking link, its timeline and the
 * cancellation within the rules. The link is a `tracking` token of TokenService (HS256, `sub` the
 * order number) issued as of the purchase, so it is the same in every purchase answer and ends
 * 180 days after the purchase, when the lead's personal fields are erased (README "Order
 * tracking").
 */
import type { Database, Queryable } from "../db/database.js";
import type { Clock } from "../lib/clock.js";
import { HttpError, notFound } from "../lib/errors.js";
import { maskPhone } from "../lib/logger.js";
import type { PlanCatalog } from "./catalog.js";
import type { SlotWindow } from "./installation.js";
import type { LeadRow } from "./leads.js";
import { moveBooking, orderSlots, reschedulingOf, type BookedSlot } from "./rescheduling.js";
import { TOKEN_TTL, type TokenService } from "./tokens.js";

/** The timeline's steps, in order. `received` is the purchase (leads.submitted_at). */
export const ORDER_STEPS = [
  "received",
  "verified",
  "installationBooked",
  "technicianOnTheWay",
  "installed",
] as const;
export type OrderStep = (typeof ORDER_STEPS)[number];
/** What an order's status may be: a step, or cancelled (before the installation is booked). */
export type OrderStatus = OrderStep | "cancelled";
export const ORDER_STATUSES: readonly OrderStatus[] = [...ORDER_STEPS, "cancelled"];

/** The visitor may cancel while the order is at one of these steps (no technician booked yet). */
export const CANCELLABLE: ReadonlySet<OrderStatus> = new Set(["received", "verified"]);

/** The tracking token of a submitted lead: the same for every answer of its purchase. */
export function trackingToken(
  tokens: TokenService,
  lead: Pick<LeadRow, "order_number" | "submitted_at">,
) {
  return tokens.signCompact("tracking", lead.order_number!, new Date(lead.submitted_at!));
}

/** The `tracking` field of the purchase answer (openapi/shop.yaml `Purchase`). */
export function trackingOf(tokens: TokenService, lead: LeadRow) {
  return {
    tracking: {
      token: trackingToken(tokens, lead),
      expiresAt: new Date(
        new Date(lead.submitted_at!).getTime() + TOKEN_TTL.tracking * 1000,
      ).toISOString(),
    },
  };
}

/** The link's page in the web portal (`/track/<token>`, `?language=en` for English). */
export const trackingPath = (token: string) => `/track/${token}`;

interface OrderRow {
  id: string;
  order_number: string;
  product: string;
  language: "bm" | "en";
  phone_number: string | null;
  submitted_at: string | Date;
  order_data: {
    packageId: string;
    installationDate?: string;
    installationSlot?: "morning" | "afternoon";
  } | null;
}

const iso = (value: string | Date) => new Date(value).toISOString();

/** What a change listener hears of the order. */
const changedOrder = (order: OrderRow) => ({
  order_number: order.order_number,
  phone_number: order.phone_number,
  language: order.language,
  submitted_at: iso(order.submitted_at),
});

/** The booked installation slot of an order, if it has one. */
const bookedOf = (order: OrderRow): BookedSlot | undefined =>
  order.order_data?.installationDate && order.order_data.installationSlot
    ? { date: order.order_data.installationDate, slot: order.order_data.installationSlot }
    : undefined;

/** What the visitor changed after the order, from the tracking link. */
export type OrderChange =
  { kind: "rescheduled"; slot: { date: string; slot: SlotWindow } } | { kind: "cancelled" };

/**
 * Hears the visitor's changes to an order: `changed` in the change's transaction (the next
 * fulfilment revision, the reminder of the new slot), `committed` once it has committed (wake
 * the workers).
 */
export interface OrderChangeListener {
  changed(
    tx: Queryable,
    order: {
      order_number: string;
      phone_number: string | null;
      language: "bm" | "en";
      submitted_at: string;
    },
    change: OrderChange,
    at: Date,
  ): Promise<void>;
  committed(): void;
}

/** The order's timeline and status transitions, on the database. */
export class TrackingService {
  constructor(
    private readonly db: Database,
    private readonly tokens: TokenService,
    private readonly clock: Clock,
    private readonly webUrl: string,
    private readonly changes?: OrderChangeListener,
  ) {}

  async #order(orderNumber: string, db: Queryable = this.db, lock = false) {
    const { rows } = await db.query<OrderRow>(
      `select id, order_number, product, language, phone_number, submitted_at, order_data from leads
       where order_number = $1 and status = 'submitted'${lock ? " for update" : ""}`,
      [orderNumber],
    );
    return rows[0];
  }

  async #events(leadId: string, db: Queryable = this.db) {
    const { rows } = await db.query<{ status: OrderStatus; at: string | Date }>(
      "select status, at from order_events where lead_id = $1",
      [leadId],
    );
    return rows;
  }

  /**
   * The tracking URL of a submitted order, for the SMS the confirmation sends (the queue of
   * another issue calls it); undefined for an unknown order.
   */
  async trackingUrl(orderNumber: string): Promise<string | undefined> {
    const { rows } = await this.db.query<Pick<LeadRow, "order_number" | "submitted_at">>(
      "select order_number, submitted_at from leads where order_number = $1 and status = 'submitted'",
      [orderNumber],
    );
    const lead = rows[0];
    return lead ? `${this.webUrl}${trackingPath(trackingToken(this.tokens, lead))}` : undefined;
  }

  /**
   * The absolute tracking link of a submitted lead, in its language (`?language=en` for
   * English): the link the purchase's SMS carries.
   */
  linkFor(lead: Pick<LeadRow, "order_number" | "submitted_at" | "language">): string {
    const path = trackingPath(trackingToken(this.tokens, lead));
    return `${this.webUrl}${path}${lead.language === "en" ? "?language=en" : ""}`;
  }

  /** The order number of a valid tracking token; a bad or expired one is a 404 saying nothing. */
  async #orderNumberOf(token: string): Promise<string> {
    const orderNumber = this.tokens.verifyCompact("tracking", token);
    if (!orderNumber) throw notFound();
    return orderNumber;
  }

  /** The tracking page's data: no personal data but the masked phone number. */
  async timeline(token: string, catalog: PlanCatalog, lang: "bm" | "en") {
    const orderNumber = await this.#orderNumberOf(token);
    const order = await this.#order(orderNumber);
    if (!order) throw notFound();
    const events = await this.#events(order.id);
    const at = new Map(events.map((e) => [e.status, iso(e.at)]));
    at.set("received", iso(order.submitted_at));
    const cancelled = at.get("cancelled");
    const timeline = ORDER_STATUSES.filter((s) => s !== "cancelled" || cancelled).map((s) => ({
      status: s,
      ...(at.has(s) ? { at: at.get(s) } : {}),
    }));
    const status: OrderStatus = cancelled
      ? "cancelled"
      : ([...ORDER_STEPS].reverse().find((s) => at.has(s)) ?? "received");
    const packageId = order.order_data?.packageId;
    const plan = packageId
      ? (await catalog.load(this.db, lang)).plans.find((p) => p.id === packageId)
      : undefined;
    const submittedAt = new Date(order.submitted_at).getTime();
    const booked = cancelled ? undefined : bookedOf(order);
    const rescheduling = booked
      ? await reschedulingOf(this.db, order.id, status, booked, this.clock.now())
      : undefined;
    return {
      orderNumber: order.order_number,
      product: order.product,
      ...(packageId ? { plan: { id: packageId, name: plan?.name ?? packageId } } : {}),
      ...(order.phone_number ? { phoneNumber: maskPhone(order.phone_number) } : {}),
      submittedAt: iso(order.submitted_at),
      status,
      cancellable: CANCELLABLE.has(status),
      ...(booked ? { installation: booked } : {}),
      ...(rescheduling ? { rescheduling } : {}),
      timeline,
      expiresAt: new Date(submittedAt + TOKEN_TTL.tracking * 1000).toISOString(),
    };
  }

  /**
   * The slots the order of a tracking token can move to, with its booking and whether it can be
   * changed now (`rescheduling`; absent without a booked slot or once cancelled).
   */
  async slots(token: string, days: number) {
    const orderNumber = await this.#orderNumberOf(token);
    const order = await this.#order(orderNumber);
    if (!order) throw notFound();
    const status = statusOf(await this.#events(order.id));
    const booked = status === "cancelled" ? undefined : bookedOf(order);
    const at = this.clock.now();
    const { leadTimeDays, slots } = await orderSlots(this.db, order.id, booked, at, days);
    return {
      leadTimeDays,
      ...(booked ? { booked } : {}),
      ...(booked
        ? { rescheduling: await reschedulingOf(this.db, order.id, status, booked, at) }
        : {}),
      slots,
    };
  }

  /** Moves the booked slot of the order of a tracking token, within the rules (rescheduling.ts). */
  async reschedule(token: string, choice: { date: string; slot: SlotWindow }): Promise<void> {
    const orderNumber = await this.#orderNumberOf(token);
    const { changed } = await this.db.transaction((tx) =>
      this.rescheduleIn(tx, orderNumber, choice),
    );
    if (changed) this.changes?.committed();
  }

  /**
   * The change inside a transaction: the order's row is locked first (as the purchase and the
   * cancellation do), then the new slot's row by the booking (`take`).
   */
  async rescheduleIn(
    tx: Queryable,
    orderNumber: string,
    choice: { date: string; slot: SlotWindow },
  ): Promise<{ changed: boolean }> {
    const order = await this.#order(orderNumber, tx, true);
    if (!order) throw notFound();
    const status = statusOf(await this.#events(order.id, tx));
    const at = this.clock.now();
    const moved = await moveBooking(
      tx,
      { leadId: order.id, status, booked: bookedOf(order) },
      choice,
      at,
    );
    if (moved.changed)
      await this.changes?.changed(
        tx,
        changedOrder(order),
        { kind: "rescheduled", slot: choice },
        at,
      );
    return moved;
  }

  /** Cancels the order of a tracking token while it is cancellable (409 `order.notCancellable`). */
  async cancel(token: string): Promise<void> {
    const orderNumber = await this.#orderNumberOf(token);
    const changed = await this.db.transaction(async (tx) => {
      const order = await this.#order(orderNumber, tx, true);
      if (!order) throw notFound();
      const current = statusOf(await this.#events(order.id, tx));
      if (current === "cancelled") return false; // cancelling again changes nothing
      if (!CANCELLABLE.has(current))
        throw new HttpError(409, "The installation is booked: call us to change it", {
          code: "order.notCancellable",
        });
      await tx.query(
        "insert into order_events (lead_id, status, at) values ($1, 'cancelled', $2)",
        [order.id, this.clock.now().toISOString()],
      );
      await releaseSlot(tx, order.id);
      await this.changes?.changed(tx, changedOrder(order), { kind: "cancelled" }, this.clock.now());
      return true;
    });
    if (changed) this.changes?.committed();
  }

  /**
   * Records a step of an order (operators, fulfilment: `ops order-status`). Steps only go
   * forward; a step recorded again changes nothing; a cancelled or installed order takes none.
   */
  async record(orderNumber: string, status: OrderStatus): Promise<{ changed: boolean }> {
    if (!ORDER_STATUSES.includes(status) || status === "received")
      throw new Error(
        `status must be one of ${ORDER_STATUSES.filter((s) => s !== "received").join(", ")}`,
      );
    return this.db.transaction(async (tx) => {
      const order = await this.#order(orderNumber, tx, true);
      if (!order) throw new Error(`no submitted order ${orderNumber}`);
      const events = await this.#events(order.id, tx);
      if (events.some((e) => e.status === status)) return { changed: false };
      const current = statusOf(events);
      if (current === "cancelled") throw new Error(`order ${orderNumber} is cancelled`);
      if (status !== "cancelled" && ORDER_STEPS.indexOf(status) <= ORDER_STEPS.indexOf(current))
        throw new Error(`order ${orderNumber} is already ${current}`);
      if (status === "cancelled" && current === "installed")
        throw new Error(`order ${orderNumber} is installed`);
      await tx.query("insert into order_events (lead_id, status, at) values ($1, $2, $3)", [
        order.id,
        status,
        this.clock.now().toISOString(),
      ]);
      if (status === "cancelled") await releaseSlot(tx, order.id);
      return { changed: true };
    });
  }
}

/** A cancelled order's booked installation slot goes back to the area's capacity. */
async function releaseSlot(tx: Queryable, leadId: string): Promise<void> {
  await tx.query("delete from installation_holds where lead_id = $1", [leadId]);
}

/** The status the events of an order give (no event: received). */
function statusOf(events: readonly { status: OrderStatus }[]): OrderStatus {
  if (events.some((e) => e.status === "cancelled")) return "cancelled";
  let current: OrderStep = "received";
  for (const e of events)
    if (ORDER_STEPS.indexOf(e.status as OrderStep) > ORDER_STEPS.indexOf(current))
      current = e.status as OrderStep;
  return current;
}
