import {
  consentBodySchema,
  generateOtpBodySchema,
  leadCreateBodySchema,
  languageSchema,
  orderUpdateBodySchema,
  signedUrlBodySchema,
  verifyOtpBodySchema,
} from "@portal/validation";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { OperationTable } from "../openapi/register.js";
import { rateLimited } from "../plugins/security.js";
import { maskPhone } from "../lib/logger.js";
import { purchase } from "../services/orders.js";
import { idempotent } from "../plugins/idempotency.js";
import { deleteDocument, signDocument } from "../services/shop-documents.js";
import {
  giveConsent,
  leadContractError,
  startLead,
  updateLead,
  type LeadCreateRequest,
  type LeadUpdateRequest,
} from "../services/shop-leads.js";
import { chooseOrder, offersFor } from "../services/shop-orders.js";
import { parseWith } from "./validate.js";

/**
 * The shop service: leads, OTP, consent, documents, order, purchase (interest: interests.ts).
 * Rules in src/services/shop-leads.ts, shop-orders.ts, shop-documents.ts and orders.ts.
 */
export function shopOperations(app: FastifyInstance): OperationTable {
  const { tokens, leads, otp, fulfilment, sms } = app.services;
  const db = app.db;
  const now = () => app.clock.now();
  // What the rules of src/services/shop-*.ts reach; the clock read when they need the time.
  const deps = { ...app.services, db, clock: { now } };

  const leadOf = async (request: FastifyRequest) => (await tokens.fromRequest("lead", request)).sub;

  return {
    generateSbbLead: {
      options: { config: rateLimited(), ...idempotent(app, "generateSbbLead") },
      async handler(request) {
        const body = request.body as LeadCreateRequest;
        const checked = parseWith(leadCreateBodySchema, body);
        const leadId = await startLead(deps, body, checked);
        const token = await tokens.issue("lead", leadId);
        return { response: { leadId, token } };
      },
    },

    updateSbbLead: {
      // Contract errors on the contact fields become LeadUpdateError, the rest ValidationErrorBody.
      options: { config: rateLimited(), attachValidation: true },
      async handler(request) {
        const leadId = await leadOf(request);
        if (request.validationError) throw leadContractError(request.validationError);
        const body = request.body as LeadUpdateRequest;
        return { response: await updateLead(deps, leadId, body) };
      },
    },

    getSbbOffers: {
      options: { config: rateLimited() },
      async handler(request) {
        const leadId = await leadOf(request);
        const lang = parseWith(
          languageSchema,
          (request.query as { lang?: string }).lang ?? "bm",
          "lang",
        );
        return { response: await offersFor(deps, leadId, lang) };
      },
    },

    updateSbbOrder: {
      options: { config: rateLimited() },
      async handler(request) {
        const leadId = await leadOf(request);
        const body = parseWith(orderUpdateBodySchema, request.body);
        return { response: await chooseOrder(deps, leadId, body) };
      },
    },

    purchaseLead: {
      options: {
        config: rateLimited(),
        ...idempotent(app, "purchaseLead", async (request) => leadOf(request)),
      },
      async handler(request) {
        const leadId = await leadOf(request);
        const at = now();
        const answer = await db.transaction((tx) => purchase(app.services, tx, leadId, at));
        fulfilment.nudge();
        sms.nudge();
        return { response: answer };
      },
    },

    generateSignedUrl: {
      options: { config: rateLimited() },
      async handler(request) {
        const leadId = await leadOf(request);
        const body = parseWith(signedUrlBodySchema, request.body);
        return { response: await signDocument(deps, leadId, body) };
      },
    },

    deleteDocument: {
      options: { config: rateLimited() },
      async handler(request) {
        const leadId = await leadOf(request);
        const { documentId, extension } = request.params as {
          documentId: string;
          extension: string;
        };
        return { response: await deleteDocument(deps, leadId, documentId, extension) };
      },
    },

    generateOtp: {
      options: { config: rateLimited() },
      async handler(request) {
        const leadId = await leadOf(request);
        const body = parseWith(generateOtpBodySchema, request.body);
        const { language } = await leads.getDraft(leadId);
        return {
          response: await otp.generate(leadId, body.phoneNumber, body.mock, request.ip, language),
        };
      },
    },

    verifyOtp: {
      options: { config: rateLimited() },
      async handler(request) {
        const leadId = await leadOf(request);
        const body = parseWith(verifyOtpBodySchema, request.body);
        await leads.getDraft(leadId);
        const result = await otp.verify(leadId, body.phoneNumber, body.code, body.otp);
        request.log.info(
          { phone: maskPhone(body.phoneNumber), verified: result.verified },
          "OTP verify",
        );
        return { response: result };
      },
    },

    submitConsent: {
      options: { config: rateLimited() },
      async handler(request) {
        const leadId = await leadOf(request);
        const consent = parseWith(consentBodySchema, request.body);
        return { response: await giveConsent(deps, leadId, consent) };
      },
    },
  };
}
