import type { Queryable } from "../db/database.js";
import { malaysianDate } from "../lib/clock.js";
import { HttpError } from "../lib/errors.js";
import * as orders from "../repositories/orders.js";
import { planFits, topSpeed, type Plan } from "./catalog.js";
import type { FulfilmentService } from "./fulfilment.js";
import { reminderTime, type SmsService } from "./sms-queue.js";
import { confirmHold } from "./installation.js";
import type { TokenService } from "./tokens.js";
import { trackingOf, type TrackingService } from "./tracking.js";
import {
  hasOrder,
  type AddressRow,
  type LeadRow,
  type LeadService,
  type OrderData,
} from "./leads.js";

/** 409 for a plan the address cannot get (the rule of openapi/shop.yaml, "plans matched"). */
export function tooFast(plan: Pick<Plan, "id" | "speedMbps">, address: AddressRow): HttpError {
  return new HttpError(
    409,
    `${plan.id} needs ${plan.speedMbps} Mbps; the address gets up to ${topSpeed(address.fibre_networks)} Mbps`,
    { code: "order.plan.tooFast" },
  );
}

/** The purchase answer of a submitted lead (the same for every repeat), with its tracking link. */
export function submitted(lead: LeadRow, tokens: TokenService) {
  return {
    leadId: lead.id,
    orderNumber: lead.order_number!,
    status: "submitted" as const,
    submittedAt: new Date(lead.submitted_at!).toISOString(),
    order: lead.order_data!,
    ...trackingOf(tokens, lead),
  };
}

/** The purchase answer (openapi/shop.yaml PurchaseResponse). */
export type PurchaseAnswer = ReturnType<typeof submitted>;

/** S + F (fibre) or T (TV) + yymmdd of the Malaysian day + the day's serial (4 digits or more). */
export const orderNumberOf = (product: string, day: string, serial: number) =>
  `S${product === "fibre" ? "F" : "T"}${day.slice(2).replace(/-/g, "")}${String(serial).padStart(4, "0")}`;

/** Refuses (409, the first missing step's code) a lead that cannot be purchased yet. */
async function assertComplete(
  leads: LeadService,
  tx: Queryable,
  lead: LeadRow,
): Promise<LeadRow & { order_data: OrderData }> {
  const view = await leads.view(lead, tx);
  const address = lead.address_id ? await leads.address(lead.address_id, tx) : undefined;
  const missing: [boolean, string, string][] = [
    [
      !lead.name || !lead.phone_number || !lead.email,
      "lead.incomplete.contact",
      "Name, phone number and email are required",
    ],
    [!view.phoneVerified, "lead.incomplete.otp", "The phone number is not verified"],
    [!address, "lead.incomplete.address", "A covered address is required"],
    [!view.consentGiven, "lead.incomplete.consent", "Consent is required"],
    [view.documents.length === 0, "lead.incomplete.document", "At least one document is required"],
    [!hasOrder(lead), "lead.incomplete.order", "A package must be chosen"],
  ];
  const first = missing.find(([isMissing]) => isMissing);
  if (first) throw new HttpError(409, first[2], { code: first[1] });
  const complete = lead as LeadRow & { order_data: OrderData };
  const order = complete.order_data;
  if (lead.product === "fibre" && address && !planFits(order, address.fibre_networks))
    throw tooFast({ id: order.packageId, speedMbps: order.speedMbps }, address);
  return complete;
}

/**
 * The purchase, in the caller's transaction, as one sequence: lock the lead (concurrent
 * purchases of one lead queue here and the later ones answer the same order), check it is
 * complete, book the held installation slot (409 order.slot.taken), number the order, submit the
 * lead, count the referral, write the order's outbox record and delivery job, and queue the
 * SMS with the tracking link and, with a booked slot, the reminder at 18:00 Malaysian time the
 * day before (not when that time has passed). Everything commits together or not at all.
 */
export async function purchase(
  deps: {
    leads: LeadService;
    fulfilment: FulfilmentService;
    tokens: TokenService;
    tracking: TrackingService;
    sms: SmsService;
  },
  tx: Queryable,
  leadId: string,
  at: Date,
): Promise<PurchaseAnswer> {
  const lead = await deps.leads.get(leadId, tx, true);
  if (lead.status === "submitted") return submitted(lead, deps.tokens);
  const { order_data: order } = await assertComplete(deps.leads, tx, lead);
  const booked = await confirmHold(tx, leadId, at);
  const day = malaysianDate(at);
  const orderNumber = orderNumberOf(lead.product, day, await orders.nextOrderSerial(tx, day));
  const updated = await orders.markSubmitted(tx, leadId, orderNumber, at);
  if (order.referralCode && lead.phone_number)
    await orders.recordReferral(tx, order.referralCode, lead.phone_number, at);
  await deps.fulfilment.enqueue(tx, { orderNumber, leadId, at });
  await queueOrderSms(deps, tx, updated, booked, at);
  return submitted(updated, deps.tokens);
}

/**
 * The SMS of a new order, in the purchase's transaction: the tracking link at once, and with a
 * booked slot the reminder at 18:00 Malaysian time the day before (none when that has passed).
 */
async function queueOrderSms(
  deps: { tracking: TrackingService; sms: SmsService },
  tx: Queryable,
  order: LeadRow,
  booked: { date: string; slot: "morning" | "afternoon" } | undefined,
  at: Date,
): Promise<void> {
  const orderNumber = order.order_number!;
  const base = { phoneNumber: order.phone_number!, language: order.language };
  const link = deps.tracking.linkFor(order);
  await deps.sms.enqueue(tx, { kind: "tracking", ...base, params: { orderNumber, link } });
  if (booked) await queueReminder(deps, tx, order, booked, at);
}

/**
 * The installation reminder of a booked slot at 18:00 Malaysian time the day before (none when
 * that has passed), in the caller's transaction: at the purchase, and again when the visitor
 * moves the slot (the worker drops the old slot's reminder: its slot is no longer booked).
 */
export async function queueReminder(
  deps: { tracking: TrackingService; sms: SmsService },
  tx: Queryable,
  order: Pick<LeadRow, "order_number" | "phone_number" | "language" | "submitted_at">,
  booked: { date: string; slot: "morning" | "afternoon" },
  at: Date,
): Promise<void> {
  const orderNumber = order.order_number!;
  const base = { phoneNumber: order.phone_number!, language: order.language };
  const link = deps.tracking.linkFor(order);
  const sendAt = reminderTime(booked.date);
  if (sendAt.getTime() <= at.getTime()) return;
  await deps.sms.enqueue(
    tx,
    {
      kind: "reminder",
      ...base,
      params: {
        orderNumber,
        date: booked.date,
        slot: booked.slot,
        link,
        sendAt: sendAt.toISOString(),
      },
    },
    { startAfter: sendAt },
  );
}
