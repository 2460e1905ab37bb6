import { randomUUID } from "node:crypto";
import {
  consentBodySchema,
  generateOtpBodySchema,
  leadCreateBodySchema,
  leadUpdateBodySchema,
  registerInterestSchema,
  signedUrlBodySchema,
  validate,
  verifyOtpBodySchema,
} from "@portal/validation";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { describeAjvError } from "../openapi/ajv.js";
import type { OperationTable } from "../openapi/register.js";
import { rateLimited } from "../plugins/security.js";
import { badRequest, forbidden, HttpError, notFound, reason } from "../lib/errors.js";
import { maskPhone } from "../lib/logger.js";
import { EXTENSION_OF } from "../services/upload-signer.js";
import type { LeadRow, OrderData } from "../services/leads.js";
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

interface LeadUpdateBody {
  name?: string;
  phoneNumber?: string;
  alternatePhoneNumber?: string;
  email?: string;
  identityCard?: string;
  address?: { addressId: string; unitNumber?: string; remarks?: string };
}

/** The shop service: leads, OTP, consent, documents, order, purchase, register-interest. */
export function shopOperations(app: FastifyInstance): OperationTable {
  const { tokens, leads, otp, signer, storage } = app.services;
  const db = app.db;
  const now = () => app.clock.now();

  const leadOf = async (request: FastifyRequest) => (await tokens.fromRequest("lead", request)).sub;

  return {
    generateSbbLead: {
      options: { config: rateLimited() },
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
        const { product, language } = parseWith(leadCreateBodySchema, body);
        const utm = Object.fromEntries(
          (["utmSource", "utmMedium", "utmCampaign"] as const)
            .filter((k) => body[k])
            .map((k) => [k, body[k] as string]),
        );
        const leadId = await leads.create({
          product,
          language,
          packageId: body.packageId,
          referralCode: body.referralCode,
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

        return db.transaction(async (tx) => {
          const lead = await leads.getDraft(leadId, tx);
          const effectivePhone = phone ?? lead.phone_number ?? undefined;
          if (alternate && effectivePhone && alternate === effectivePhone) {
            errors.push({
              key: "alternatePhoneNumber",
              message: "alternatePhoneNumber must differ from phoneNumber",
            });
          }
          if (body.address) {
            const address = await leads.address(body.address.addressId, tx);
            const covered = address && (lead.product === "tv" || address.fibre_networks.length > 0);
            if (!covered)
              errors.push({ key: "address", message: "The address is not in coverage" });
          }
          if (errors.length > 0) throw leadUpdateError(errors);
          const at = now().toISOString();
          const phoneChanged = phone !== undefined && phone !== lead.phone_number;
          await tx.query(
            `update leads set
               name = coalesce($2, name),
               phone_number = coalesce($3, phone_number),
               alternate_phone_number = coalesce($4, alternate_phone_number),
               email = coalesce($5, email),
               identity_card = coalesce($6, identity_card),
               address_id = coalesce($7, address_id),
               unit_number = case when $7::text is null then unit_number else $8 end,
               address_remarks = case when $7::text is null then address_remarks else $9 end,
               phone_verified_at = case when $10 then null else phone_verified_at end,
               updated_at = $11
             where id = $1`,
            [
              leadId,
              body.name ?? null,
              phone ?? null,
              alternate ?? null,
              body.email ?? null,
              body.identityCard ?? null,
              body.address?.addressId ?? null,
              body.address?.unitNumber ?? null,
              body.address?.remarks ?? null,
              phoneChanged,
              at,
            ],
          );
          return { response: await leads.view(await leads.get(leadId, tx), tx) };
        });
      },
    },

    updateSbbOrder: {
      options: { config: rateLimited() },
      async handler(request) {
        const leadId = await leadOf(request);
        const body = request.body as {
          packageId: string;
          addOnIds?: string[];
          installationDate?: string;
          installationSlot?: "morning" | "afternoon";
        };
        const pkg = await app.services.catalog.find(body.packageId);
        if (!pkg) throw notFound(`Package ${body.packageId} not found`, "order.package.notFound");
        let total = pkg.priceRm;
        for (const id of body.addOnIds ?? []) {
          const addOn = await app.services.catalog.find(id);
          if (!addOn) throw notFound(`Add-on ${id} not found`, "order.addOn.notFound");
          total += addOn.priceRm;
        }
        if (body.installationDate) {
          const days =
            (Date.parse(`${body.installationDate}T00:00:00Z`) -
              Date.parse(now().toISOString().slice(0, 10))) /
            86_400_000;
          if (!(days >= 3 && days <= 60))
            throw badRequest(
              "installationDate",
              "validation.installationDate.invalid",
              "installationDate must be 3 to 60 days ahead",
            );
        }
        const order: OrderData = {
          packageId: body.packageId,
          addOnIds: body.addOnIds ?? [],
          ...(body.installationDate ? { installationDate: body.installationDate } : {}),
          ...(body.installationSlot ? { installationSlot: body.installationSlot } : {}),
          monthlyTotal: Math.round(total * 100) / 100,
          updatedAt: now().toISOString(),
        };
        await db.transaction(async (tx) => {
          await leads.getDraft(leadId, tx);
          await tx.query("update leads set order_data = $2::jsonb, updated_at = $3 where id = $1", [
            leadId,
            JSON.stringify(order),
            order.updatedAt,
          ]);
        });
        return { response: order };
      },
    },

    purchaseLead: {
      options: { config: rateLimited() },
      async handler(request) {
        const leadId = await leadOf(request);
        return db.transaction(async (tx) => {
          const lead: LeadRow = await leads.get(leadId, tx);
          if (lead.status === "submitted")
            throw new HttpError(409, "The lead is already submitted", { code: "lead.submitted" });
          const view = await leads.view(lead, tx);
          const missing: [boolean, string, string][] = [
            [
              !lead.name || !lead.phone_number || !lead.email,
              "lead.incomplete.contact",
              "Name, phone number and email are required",
            ],
            [!view.phoneVerified, "lead.incomplete.otp", "The phone number is not verified"],
            [!lead.address_id, "lead.incomplete.address", "A covered address is required"],
            [!view.consentGiven, "lead.incomplete.consent", "Consent is required"],
            [
              view.documents.length === 0,
              "lead.incomplete.document",
              "At least one document is required",
            ],
            [!lead.order_data, "lead.incomplete.order", "A package must be chosen"],
          ];
          const first = missing.find(([isMissing]) => isMissing);
          if (first) throw new HttpError(409, first[2], { code: first[1] });
          const at = now();
          const { rows } = await tx.query<{ n: string }>(
            "select nextval('order_number_seq')::text as n",
          );
          const yymmdd = at.toISOString().slice(2, 10).replace(/-/g, "");
          const orderNumber = `S${lead.product === "fibre" ? "F" : "T"}${yymmdd}${String(Number(rows[0]?.n ?? 1) % 10_000).padStart(4, "0")}`;
          await tx.query(
            "update leads set status = 'submitted', order_number = $2, submitted_at = $3, updated_at = $3 where id = $1",
            [leadId, orderNumber, at.toISOString()],
          );
          return {
            response: { leadId, orderNumber, status: "submitted", submittedAt: at.toISOString() },
          };
        });
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
          await leads.getDraft(leadId, tx);
          await tx.query("select id from leads where id = $1 for update", [leadId]);
          const { rows } = await tx.query<{ n: number }>(
            "select count(*)::int as n from documents where lead_id = $1 and status <> 'deleted'",
            [leadId],
          );
          if ((rows[0]?.n ?? 0) >= MAX_DOCUMENTS_PER_LEAD) {
            throw new HttpError(409, `A lead holds at most ${MAX_DOCUMENTS_PER_LEAD} documents`, {
              code: "document.limit",
            });
          }
          await tx.query(
            "insert into documents (id, lead_id, title, declared_type, extension, created_at) values ($1, $2, $3, $4, $5, $6)",
            [documentId, leadId, body.title, type, extension, now().toISOString()],
          );
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
          const { rows } = await tx.query<{
            lead_id: string;
            extension: string;
            storage_key: string | null;
            status: string;
          }>(
            "select lead_id, extension, storage_key, status from documents where id = $1 for update",
            [documentId],
          );
          const row = rows[0];
          if (!row || row.status === "deleted")
            throw notFound("Document not found", "document.notFound");
          if (row.lead_id !== leadId)
            throw forbidden("The document belongs to another lead", "document.forbidden");
          const sameType =
            row.extension === extension || (row.extension === "jpg" && extension === "jpeg");
          if (!sameType) throw notFound("Document not found", "document.notFound");
          await leads.getDraft(leadId, tx);
          await tx.query(
            "update documents set status = 'deleted', deleted_at = $2, storage_key = null where id = $1",
            [documentId, now().toISOString()],
          );
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
        await leads.getDraft(leadId);
        return {
          response: await otp.generate(leadId, body.phoneNumber, body.mock, request.ip),
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
        const { language } = parseWith(consentBodySchema, request.body);
        const id = randomUUID();
        const at = now().toISOString();
        await db.transaction(async (tx) => {
          await leads.getDraft(leadId, tx);
          await tx.query(
            "insert into consents (id, lead_id, language, text_version, accepted_at) values ($1, $2, $3, $4, $5)",
            [id, leadId, language, PRIVACY_NOTICE_VERSION, at],
          );
        });
        return {
          response: {
            consentId: id,
            language,
            textVersion: PRIVACY_NOTICE_VERSION,
            acceptedAt: at,
          },
        };
      },
    },

    registerInterest: {
      options: { config: rateLimited() },
      async handler(request) {
        const body = request.body as {
          name: string;
          phoneNumber: string;
          email?: string;
          product: string;
          postalCode: string;
          residenceType?: number;
          address?: string;
          language: string;
          remarks?: string;
        };
        const checked = parseWith(registerInterestSchema, body);
        const at = now();
        return db.transaction(async (tx) => {
          await tx.query("select pg_advisory_xact_lock(hashtext($1))", [
            `interest:${checked.phoneNumber}`,
          ]);
          const { rows } = await tx.query<{ id: string; created_at: string | Date }>(
            "select id, created_at from interests where phone_number = $1 and product = $2 and created_at > $3 order by created_at desc limit 1",
            [
              checked.phoneNumber,
              checked.product,
              new Date(at.getTime() - 30 * 86_400_000).toISOString(),
            ],
          );
          const earlier = rows[0];
          if (earlier)
            return {
              response: {
                interestId: earlier.id,
                createdAt: new Date(earlier.created_at).toISOString(),
              },
            };
          const id = randomUUID();
          await tx.query(
            `insert into interests (id, name, phone_number, email, product, postal_code, residence_type, address, language, remarks, created_at)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
            [
              id,
              checked.name,
              checked.phoneNumber,
              checked.email ?? null,
              checked.product,
              checked.postalCode,
              body.residenceType ?? null,
              body.address ?? null,
              body.language,
              body.remarks ?? null,
              at.toISOString(),
            ],
          );
          return { response: { interestId: id, createdAt: at.toISOString() } };
        });
      },
    },
  };
}
