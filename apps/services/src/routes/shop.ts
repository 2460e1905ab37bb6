import { randomUUID } from "node:crypto";
import {
  consentBodySchema,
  generateOtpBodySchema,
  leadCreateBodySchema,
  languageSchema,
  leadUpdateBodySchema,
  orderUpdateBodySchema,
  signedUrlBodySchema,
  validate,
  verifyOtpBodySchema,
} from "@portal/validation";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { describeAjvError } from "../openapi/ajv.js";
import type { OperationTable } from "../openapi/register.js";
import { rateLimited } from "../plugins/security.js";
import { malaysianDate } from "../lib/clock.js";
import { badRequest, forbidden, HttpError, notFound, reason } from "../lib/errors.js";
import { maskPhone } from "../lib/logger.js";
import { planFits, topSpeed, type CatalogSnapshot } from "../services/catalog.js";
import { EXTENSION_OF } from "../services/upload-signer.js";
import { LeadService, toApiAddress, type OrderData } from "../services/leads.js";
import { purchase, tooFast } from "../services/orders.js";
import { saveOrder } from "../repositories/orders.js";
import * as documents from "../repositories/documents.js";
import { insertConsent } from "../repositories/consents.js";
import { idempotent } from "../plugins/idempotency.js";
import { activeRules, priceItems } from "../services/pricing.js";
import { checkReferralForLead } from "../services/referrals.js";
import { parseWith } from "./validate.js";

/** Version of the privacy notice text the consent refers to. */
export const PRIVACY_NOTICE_VERSION = "2026-01";

/** Documents a lead may hold at once. */
export const MAX_DOCUMENTS_PER_LEAD = 5;

const LEAD_ERROR_KEYS = new Set(["phoneNumber", "alternatePhoneNumber", "email"]);

/** A LeadUpdateError (common.yaml) for the given context keys. */
function leadUpdateError(errors: { key: string; message: string }[]): HttpError {
  return new HttpError(400, "Lead update failed", {
    body: {
      statusCode: 400,
      error: reason(400),
      message: "Lead update failed",
      errors: errors.map((e) => ({ message: e.message, context: { key: e.key } })),
    },
  });
}

/** The plans of a product: its combo packages and, for fibre, the bundles. */
const plansOf = (catalog: CatalogSnapshot, product: string) =>
  catalog.plans.filter((p) => p.product === product);

interface LeadUpdateBody {
  name?: string;
  phoneNumber?: string;
  alternatePhoneNumber?: string;
  email?: string;
  identityCard?: string;
  address?: { addressId: string; unitNumber?: string; remarks?: string };
}

/** The shop service: leads, OTP, consent, documents, order, purchase (interest: interests.ts). */
export function shopOperations(app: FastifyInstance): OperationTable {
  const { tokens, leads, otp, signer, storage, fulfilment, sms } = app.services;
  const db = app.db;
  const now = () => app.clock.now();

  const leadOf = async (request: FastifyRequest) => (await tokens.fromRequest("lead", request)).sub;

  return {
    generateSbbLead: {
      options: { config: rateLimited(), ...idempotent(app, "generateSbbLead") },
      async handler(request) {
        const body = request.body as {
          product: string;
          language: string;
          packageId?: string;
          referralCode?: string;
          utmSource?: string;
          utmMedium?: string;
          utmCampaign?: string;
        };
        const { product, language, referralCode } = parseWith(leadCreateBodySchema, body);
        if (referralCode)
          await checkReferralForLead(db, referralCode, product, malaysianDate(now()));
        const utm = Object.fromEntries(
          (["utmSource", "utmMedium", "utmCampaign"] as const)
            .filter((k) => body[k])
            .map((k) => [k, body[k] as string]),
        );
        const leadId = await leads.create({
          product,
          language,
          packageId: body.packageId,
          referralCode,
          utm,
        });
        const token = await tokens.issue("lead", leadId);
        return { response: { leadId, token } };
      },
    },

    updateSbbLead: {
      // Contract errors on the contact fields become LeadUpdateError, the rest ValidationErrorBody.
      options: { config: rateLimited(), attachValidation: true },
      async handler(request) {
        const leadId = await leadOf(request);
        if (request.validationError) {
          const validation = (request.validationError as { validation?: never[] }).validation ?? [];
          const described = describeAjvError(validation[0], "body");
          if (LEAD_ERROR_KEYS.has(described.field) && !described.code.endsWith(".type")) {
            throw leadUpdateError([
              { key: described.field, message: `${described.field} is invalid` },
            ]);
          }
          throw badRequest(described.field, described.code, described.message);
        }
        const body = request.body as LeadUpdateBody;
        // The shared rules: contact fields answer LeadUpdateError, the others ValidationErrorBody.
        const checked = validate(leadUpdateBodySchema, body);
        const errors: { key: string; message: string }[] = [];
        if (!checked.success) {
          const other = checked.errors.find((e) => !LEAD_ERROR_KEYS.has(e.field));
          if (other) throw badRequest(other.field || "body", other.code);
          for (const e of checked.errors)
            errors.push({ key: e.field, message: `${e.field} is invalid` });
        }
        const phone = checked.success ? checked.output.phoneNumber : undefined;
        const alternate = checked.success ? checked.output.alternatePhoneNumber : undefined;

        // One statement (LeadService.update): the row locked, checked and written, and what the
        // answer shows read, in one round trip.
        const outcome = await leads.update(leadId, {
          name: body.name,
          phoneNumber: phone,
          alternatePhoneNumber: alternate,
          email: body.email,
          identityCard: body.identityCard,
          address: body.address,
          at: now().toISOString(),
          refused: errors.length > 0,
        });
        const checks = outcome.checks as NonNullable<typeof outcome.checks>;
        if (!checks.alternateOk)
          errors.push({
            key: "alternatePhoneNumber",
            message: "alternatePhoneNumber must differ from phoneNumber",
          });
        if (!checks.covered)
          errors.push({ key: "address", message: "The address is not in coverage" });
        if (errors.length > 0 || !outcome.lead) throw leadUpdateError(errors);
        return {
          response: LeadService.viewOf(outcome.lead, {
            documents: outcome.documents,
            consent: outcome.consent,
            address: outcome.address,
          }),
        };
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
        const lead = await leads.get(leadId);
        const address = lead.address_id ? await leads.address(lead.address_id) : undefined;
        if (!address)
          throw new HttpError(409, "The lead has no address yet", {
            code: "lead.incomplete.address",
          });
        const catalog = await app.services.catalog.load(db, lang);
        const day = malaysianDate(now());
        const rules = activeRules(catalog.campaigns, day);
        const networks = lead.product === "fibre" ? address.fibre_networks : [];
        const plans = plansOf(catalog, lead.product);
        return {
          response: {
            product: lead.product,
            pricedOn: day,
            address: toApiAddress(address),
            ...(lead.product === "fibre" ? { maxSpeedMbps: topSpeed(networks) } : {}),
            networks,
            plans: plans
              .filter((p) => planFits(p, networks))
              .map((p) => ({
                id: p.id,
                kind: p.kind,
                name: p.name,
                tagline: p.tagline,
                ...(p.speedMbps !== undefined ? { speedMbps: p.speedMbps } : {}),
                contractMonths: p.contractMonths,
                includedPackIds: p.includedPackIds,
                highlights: p.highlights,
                recommended: p.recommended,
                price: priceItems([p], rules),
              })),
            unavailablePlans: plans
              .filter((p) => !planFits(p, networks))
              .map((p) => ({
                id: p.id,
                kind: p.kind,
                name: p.name,
                speedMbps: p.speedMbps!,
                reason: "order.plan.tooFast" as const,
              })),
            addOns: catalog.packs.map((pack) => ({
              id: pack.id,
              name: pack.name,
              price: priceItems([pack], rules),
            })),
          },
        };
      },
    },

    updateSbbOrder: {
      options: { config: rateLimited() },
      async handler(request) {
        const leadId = await leadOf(request);
        const body = parseWith(orderUpdateBodySchema, request.body);
        const at = now();
        const day = malaysianDate(at);
        if (body.installationDate) {
          const days = (Date.parse(body.installationDate) - Date.parse(day)) / 86_400_000;
          if (!(days >= 3 && days <= 60))
            throw badRequest(
              "installationDate",
              "validation.installationDate.invalid",
              "installationDate must be 3 to 60 days ahead",
            );
        }
        const order = await db.transaction(async (tx) => {
          // Locked: the plan is judged against the address this transaction reads.
          const lead = await leads.getDraft(leadId, tx, true);
          const catalog = await app.services.catalog.load(tx, "en");
          const plan = catalog.plans.find((p) => p.id === body.packageId);
          if (!plan)
            throw notFound(`Package ${body.packageId} not found`, "order.package.notFound");
          const addOns = (body.addOnIds ?? []).map((id) => {
            const pack = catalog.packs.find((p) => p.id === id);
            if (!pack) throw notFound(`Add-on ${id} not found`, "order.addOn.notFound");
            if (plan.includedPackIds.includes(id))
              throw badRequest(
                "addOnIds",
                "order.addOn.included",
                `${plan.id} already includes ${id}`,
              );
            return pack;
          });
          const referralCode = body.referralCode ?? lead.referral_code ?? undefined;
          if (body.referralCode)
            await checkReferralForLead(tx, body.referralCode, lead.product, day);
          const address = lead.address_id ? await leads.address(lead.address_id, tx) : undefined;
          if (!address)
            throw new HttpError(409, "The lead has no address yet", {
              code: "lead.incomplete.address",
            });
          if (plan.product !== lead.product)
            throw new HttpError(409, `${plan.id} is a ${plan.product} plan, not ${lead.product}`, {
              code: "order.plan.product",
            });
          if (lead.product === "fibre" && !planFits(plan, address.fibre_networks))
            throw tooFast(plan, address);
          const rules = activeRules(catalog.campaigns, day);
          const recorded: OrderData = {
            packageId: plan.id,
            addOnIds: addOns.map((a) => a.id),
            ...(body.installationDate ? { installationDate: body.installationDate } : {}),
            ...(body.installationSlot ? { installationSlot: body.installationSlot } : {}),
            ...(referralCode ? { referralCode } : {}),
            ...(plan.speedMbps !== undefined ? { speedMbps: plan.speedMbps } : {}),
            contractMonths: plan.contractMonths,
            items: [
              { id: plan.id, kind: "plan", price: priceItems([plan], rules) },
              ...addOns.map((a) => ({
                id: a.id,
                kind: "addOn" as const,
                price: priceItems([a], rules),
              })),
            ],
            price: priceItems([plan, ...addOns], rules),
            pricedOn: day,
            updatedAt: at.toISOString(),
          };
          await saveOrder(tx, leadId, recorded, referralCode);
          return recorded;
        });
        return { response: order };
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
        const type = body.type.split(";")[0]!.trim().toLowerCase();
        const extension = EXTENSION_OF[type];
        if (!extension) throw badRequest("type", "validation.upload.type");
        const documentId = randomUUID();
        await db.transaction(async (tx) => {
          // Locked: two concurrent signings cannot both pass the limit.
          await leads.getDraft(leadId, tx, true);
          if ((await documents.countLive(tx, leadId)) >= MAX_DOCUMENTS_PER_LEAD) {
            throw new HttpError(409, `A lead holds at most ${MAX_DOCUMENTS_PER_LEAD} documents`, {
              code: "document.limit",
            });
          }
          await documents.insertPending(tx, {
            id: documentId,
            leadId,
            title: body.title,
            type,
            extension,
            at: now(),
          });
        });
        const { url, expiresAt } = signer.sign(documentId, type);
        return {
          response: {
            signedUploadUrl: url,
            documentId,
            extension,
            expiresAt: expiresAt.toISOString(),
          },
        };
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
        const doc = await db.transaction(async (tx) => {
          const row = await documents.getForUpdate(tx, documentId);
          if (!row || row.status === "deleted")
            throw notFound("Document not found", "document.notFound");
          if (row.lead_id !== leadId)
            throw forbidden("The document belongs to another lead", "document.forbidden");
          const sameType =
            row.extension === extension || (row.extension === "jpg" && extension === "jpeg");
          if (!sameType) throw notFound("Document not found", "document.notFound");
          await leads.getDraft(leadId, tx, true);
          await documents.markDeleted(tx, documentId, now());
          return row;
        });
        if (doc.storage_key) await storage.delete(doc.storage_key);
        return { response: { documentId, extension, deleted: true } };
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
        const { language, consentTextHash } = parseWith(consentBodySchema, request.body);
        const id = randomUUID();
        const at = now().toISOString();
        await db.transaction(async (tx) => {
          await leads.getDraft(leadId, tx, true);
          await insertConsent(tx, {
            id,
            leadId,
            language,
            textVersion: PRIVACY_NOTICE_VERSION,
            textHash: consentTextHash,
            at,
          });
        });
        return {
          response: {
            consentId: id,
            language,
            textVersion: PRIVACY_NOTICE_VERSION,
            consentTextHash,
            acceptedAt: at,
          },
        };
      },
    },
  };
}
