import { languageSchema } from "@portal/validation";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { OperationTable } from "../openapi/register.js";
import { rateLimited } from "../plugins/security.js";
import { badRequest } from "../lib/errors.js";
import { HANDOFF_MAX_JOURNEY_BYTES } from "../services/handoff.js";
import { DEFAULT_SLOT_DAYS, type SlotWindow } from "../services/installation.js";
import { parseWith } from "./validate.js";

/** Answers about one person's order or journey: never kept by a browser, proxy or CDN. */
const privately = (reply: FastifyReply) =>
  reply.header("cache-control", "private, no-store").header("x-robots-tag", "noindex");

/** `?lang=` of the plan's name: bm (default) or en; anything else is 400 naming `lang`. */
const langOf = (query: unknown) =>
  parseWith(languageSchema, (query as { lang?: string }).lang ?? "bm", "lang");

/**
 * Issue 24 (openapi/shop.yaml, tag `tracking`): the order's tracking link (timeline, cancel, its
 * slots and rescheduling) and
 * "continue on your phone" (handoff codes). Rules in src/services/tracking.ts and handoff.ts.
 */
export function trackingOperations(app: FastifyInstance): OperationTable {
  const { tokens, tracking, handoffs, catalog } = app.services;
  return {
    getOrderTracking: {
      options: { config: rateLimited() },
      async handler(request, reply) {
        const { token } = request.params as { token: string };
        privately(reply);
        return { response: await tracking.timeline(token, catalog, langOf(request.query)) };
      },
    },

    cancelOrder: {
      options: { config: rateLimited() },
      async handler(request, reply) {
        const { token } = request.params as { token: string };
        privately(reply);
        await tracking.cancel(token);
        return { response: await tracking.timeline(token, catalog, langOf(request.query)) };
      },
    },

    listOrderSlots: {
      options: { config: rateLimited() },
      async handler(request, reply) {
        const { token } = request.params as { token: string };
        const { days } = request.query as { days?: number };
        privately(reply);
        return { response: await tracking.slots(token, days ?? DEFAULT_SLOT_DAYS) };
      },
    },

    rescheduleOrder: {
      options: { config: rateLimited() },
      async handler(request, reply) {
        const { token } = request.params as { token: string };
        const lang = langOf(request.query);
        privately(reply);
        await tracking.reschedule(token, request.body as { date: string; slot: SlotWindow });
        return { response: await tracking.timeline(token, catalog, lang) };
      },
    },

    createHandoff: {
      options: { config: rateLimited() },
      async handler(request, reply) {
        const leadId = (await tokens.fromRequest("lead", request)).sub;
        const { journey } = request.body as { journey: Record<string, unknown> };
        if (JSON.stringify(journey).length > HANDOFF_MAX_JOURNEY_BYTES)
          throw badRequest("journey", "validation.journey.tooLarge");
        privately(reply);
        return { response: await handoffs.create(leadId, journey) };
      },
    },

    redeemHandoff: {
      options: { config: rateLimited() },
      async handler(request, reply) {
        const { code } = request.body as { code: string };
        privately(reply);
        return { response: await handoffs.redeem(code) };
      },
    },
  };
}
