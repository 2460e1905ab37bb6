import { registerInterestSchema } from "@portal/validation";
import type { FastifyInstance } from "fastify";
import type { OperationTable } from "../openapi/register.js";
import { rateLimited } from "../plugins/security.js";
import { parseWith } from "./validate.js";

/**
 * Register interest and the link of its "coverage has arrived" SMS (issue 24; openapi/shop.yaml,
 * tag `interest`). Rules in src/services/interests.ts.
 */
export function interestOperations(app: FastifyInstance): OperationTable {
  const { interests } = app.services;
  return {
    registerInterest: {
      options: { config: rateLimited() },
      async handler(request) {
        const body = request.body as { residenceType?: number; address?: string; remarks?: string };
        const { residenceType, address, remarks } = body;
        // The shared rules; the free texts as sent (the contract bounds them).
        const checked = parseWith(registerInterestSchema, body);
        const input = { ...checked, residenceType, address, remarks };
        return { response: await interests.register(input, app.clock.now()) };
      },
    },

    getCoverageNotice: {
      options: { config: rateLimited() },
      async handler(request, reply) {
        const { token } = request.params as { token: string };
        // One person's registration: never kept by a browser, proxy or CDN.
        reply.header("cache-control", "private, no-store").header("x-robots-tag", "noindex");
        return { response: await interests.notice(token) };
      },
    },
  };
}
