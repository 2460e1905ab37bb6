/**
 * The lead steps of the shop (openapi/shop.yaml): a new lead, a change of its contact fields and
 * address, and the privacy consent. The route handlers in src/routes/shop.ts parse and answer.
 */
import { randomUUID } from "node:crypto";
import { leadUpdateBodySchema, validate } from "@portal/validation";
import type { Database, Queryable } from "../db/database.js";
import { malaysianDate, type Clock } from "../lib/clock.js";
import { badRequest, HttpError, reason } from "../lib/errors.js";
import { describeAjvError } from "../openapi/ajv.js";
import { insertConsent } from "../repositories/consents.js";
import { LeadService, type LeadChange } from "./leads.js";
import { checkReferralForLead } from "./referrals.js";

/** Version of the privacy notice text the consent refers to. */
export const PRIVACY_NOTICE_VERSION = "2026-01";

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

/** A new lead as sent (openapi/shop.yaml `generateSbbLead`). */
export interface LeadCreateRequest {
  product: string;
  language: string;
  packageId?: string;
  referralCode?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
}

/**
 * Creates a draft lead and returns its id: `checked` holds the product, language and referral
 * code as the shared rules read them; the package and the UTM fields are kept as sent.
 */
export async function startLead(
  deps: { db: Queryable; leads: LeadService; clock: Clock },
  body: LeadCreateRequest,
  checked: { product: string; language: string; referralCode?: string },
): Promise<string> {
  const { product, language, referralCode } = checked;
  if (referralCode)
    await checkReferralForLead(deps.db, referralCode, product, malaysianDate(deps.clock.now()));
  const utm = Object.fromEntries(
    (["utmSource", "utmMedium", "utmCampaign"] as const)
      .filter((k) => body[k])
      .map((k) => [k, body[k] as string]),
  );
  return deps.leads.create({ product, language, packageId: body.packageId, referralCode, utm });
}

/**
 * The answer to a lead update the contract refused: contract errors on the contact fields become
 * LeadUpdateError, the rest ValidationErrorBody.
 */
export function leadContractError(validationError: Error): HttpError {
  const validation = (validationError as { validation?: never[] }).validation ?? [];
  const described = describeAjvError(validation[0], "body");
  if (LEAD_ERROR_KEYS.has(described.field) && !described.code.endsWith(".type")) {
    return leadUpdateError([{ key: described.field, message: `${described.field} is invalid` }]);
  }
  return badRequest(described.field, described.code, described.message);
}

/** A lead update as sent (openapi/shop.yaml `updateSbbLead`), past the contract's check. */
export type LeadUpdateRequest = Omit<LeadChange, "at" | "refused">;

/** Changes a draft lead (its contact fields, MyKad, address) and returns its Lead view. */
export async function updateLead(
  deps: { leads: LeadService; clock: Clock },
  leadId: string,
  body: LeadUpdateRequest,
) {
  // The shared rules: contact fields answer LeadUpdateError, the others ValidationErrorBody.
  const checked = validate(leadUpdateBodySchema, body);
  const errors: { key: string; message: string }[] = [];
  if (!checked.success) {
    const other = checked.errors.find((e) => !LEAD_ERROR_KEYS.has(e.field));
    if (other) throw badRequest(other.field || "body", other.code);
    for (const e of checked.errors) errors.push({ key: e.field, message: `${e.field} is invalid` });
  }
  const phone = checked.success ? checked.output.phoneNumber : undefined;
  const alternate = checked.success ? checked.output.alternatePhoneNumber : undefined;

  // One statement (LeadService.update): the row locked, checked and written, and what the
  // answer shows read, in one round trip.
  const outcome = await deps.leads.update(leadId, {
    name: body.name,
    phoneNumber: phone,
    alternatePhoneNumber: alternate,
    email: body.email,
    identityCard: body.identityCard,
    address: body.address,
    at: deps.clock.now().toISOString(),
    refused: errors.length > 0,
  });
  const checks = outcome.checks as NonNullable<typeof outcome.checks>;
  if (!checks.alternateOk)
    errors.push({
      key: "alternatePhoneNumber",
      message: "alternatePhoneNumber must differ from phoneNumber",
    });
  if (!checks.covered) errors.push({ key: "address", message: "The address is not in coverage" });
  if (errors.length > 0 || !outcome.lead) throw leadUpdateError(errors);
  return LeadService.viewOf(outcome.lead, {
    documents: outcome.documents,
    consent: outcome.consent,
    address: outcome.address,
  });
}

/** Records the privacy consent of a draft lead (the lead locked) and returns its answer. */
export async function giveConsent(
  deps: { db: Database; leads: LeadService; clock: Clock },
  leadId: string,
  consent: { language: string; consentTextHash: string },
) {
  const { language, consentTextHash } = consent;
  const id = randomUUID();
  const at = deps.clock.now().toISOString();
  await deps.db.transaction(async (tx) => {
    await deps.leads.getDraft(leadId, tx, true);
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
    consentId: id,
    language,
    textVersion: PRIVACY_NOTICE_VERSION,
    consentTextHash,
    acceptedAt: at,
  };
}
