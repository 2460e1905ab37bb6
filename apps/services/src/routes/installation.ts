import type { FastifyInstance } from "fastify";
import type { OperationTable } from "../openapi/register.js";
import { rateLimited } from "../plugins/security.js";
import {
  DEFAULT_SLOT_DAYS,
  holdSlot,
  listSlots,
  type SlotWindow,
} from "../services/installation.js";

/** The shop service's installation slots (issue 24): list them, hold one for the lead. */
export function installationOperations(app: FastifyInstance): OperationTable {
  const { tokens } = app.services;
  const db = app.db;
  return {
    listInstallationSlots: {
      options: { config: rateLimited() },
      async handler(request) {
        const leadId = (await tokens.fromRequest("lead", request)).sub;
        const { days } = request.query as { days?: number };
        return {
          response: await listSlots(db, leadId, app.clock.now(), days ?? DEFAULT_SLOT_DAYS),
        };
      },
    },

    holdInstallationSlot: {
      options: { config: rateLimited() },
      async handler(request) {
        const leadId = (await tokens.fromRequest("lead", request)).sub;
        const body = request.body as { date: string; slot: SlotWindow };
        const at = app.clock.now();
        return { response: await db.transaction((tx) => holdSlot(tx, leadId, body, at)) };
      },
    },
  };
}
