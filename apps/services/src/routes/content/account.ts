import { randomUUID } from "node:crypto";
import {
  b40VerifyBodySchema,
  emailSchema,
  languageSchema,
  mobileNumberSchema,
  myKadSchema,
  normaliseMobileNumber,
  productSchema,
  referralCodeSchema,
} from "@portal/validation";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { OperationTable } from "../../openapi/register.js";
import { rateLimited } from "../../plugins/security.js";
import { malaysianDate } from "../../lib/clock.js";
import { HttpError, notFound, unauthorized } from "../../lib/errors.js";
import { maskTail } from "../../lib/logger.js";
import {
  checkIdentity,
  claimEntitledFibre,
  ENTITLED_OFFER,
  entitledError,
  entitlementOf,
  lookUpB40,
} from "../../services/accounts.js";
import { findReferralCode, referralStatus, referralValidUntil } from "../../services/referrals.js";
import { bearer, TOKEN_TTL } from "../../services/tokens.js";
import { findAccount, findReferral, type AccountRow } from "../../repositories/accounts.js";
import { parseWith } from "../validate.js";

const maskEmail = (email: string) => {
  const [user = "", domain = ""] = email.split("@");
  return `${user.slice(0, 1)}${"*".repeat(Math.max(1, user.length - 1))}@${domain}`;
};

/**
 * Account operations of the content service (paths/content-account.yaml): product token, B40,
 * entitled fibre, user info and referral. Registered beside the content catalogue handlers.
 */
export function contentAccountOperations(app: FastifyInstance): OperationTable {
  const { tokens, locks } = app.services;
  const db = app.db;
  const deps = {
    locks,
    clock: app.clock,
    limits: app.env.limits,
    refused: (check: string) => app.metrics.identityRefusals.inc({ check }),
  };

  const account = (accountNumber: string) => findAccount(db, accountNumber);

  /** The product token's account, or EntitledError 401 ASTRO_FIBRE_INVALID_TOKEN. */
  const entitledAccount = async (request: FastifyRequest): Promise<AccountRow> => {
    try {
      const claims = await tokens.fromRequest("product", request);
      const row = await account(claims.sub);
      if (row) return row;
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 401) throw error;
    }
    throw entitledError(401, "ASTRO_FIBRE_INVALID_TOKEN", "Product token is invalid or expired");
  };

  return {
    authenticate: {
      options: { config: rateLimited(1 / 3) },
      async handler(request) {
        const body = request.body as {
          product: string;
          accountNumber: string;
          identityCard: string;
        };
        const product = parseWith(productSchema, body.product, "product");
        const identityCard = parseWith(myKadSchema, body.identityCard, "identityCard");
        const row = await checkIdentity(deps, body.accountNumber, identityCard);
        if (!row)
          throw unauthorized(
            "Account number or identity card does not match",
            "auth.credentials.invalid",
          );
        const token = await tokens.issue("product", row.account_number, { product });
        return { response: { tokenType: "Bearer", token, expiresIn: TOKEN_TTL.product, product } };
      },
    },

    b40Auth: {
      options: { config: rateLimited(2 / 3) },
      async handler() {
        const token = await tokens.issue("b40", randomUUID());
        return { response: { tokenType: "Bearer", token, expiresIn: TOKEN_TTL.b40 } };
      },
    },

    b40Verify: {
      options: { config: rateLimited(2 / 3) },
      async handler(request) {
        // Authorization: <tokenType> <token>, tokenType being "Bearer".
        const claims = await tokens.verify("b40", bearer(request.headers.authorization));
        const { identityCard } = parseWith(b40VerifyBodySchema, request.body);
        const row = await lookUpB40(deps, claims.sub, identityCard);
        const masked = maskTail(identityCard);
        if (!row) return { response: { status: "notFound", identityCard: masked } };
        if (!row.eligible) return { response: { status: "notEligible", identityCard: masked } };
        const validUntil = row.valid_until
          ? new Date(row.valid_until).toISOString().slice(0, 10)
          : undefined;
        return {
          response: {
            status: "eligible",
            identityCard: masked,
            ...(validUntil ? { validUntil } : {}),
          },
        };
      },
    },

    getEntitledAstroFibre: {
      // Every 400 of the entitled-fibre calls is an EntitledError (error handler).
      options: { config: { ...rateLimited(), entitledErrors: true } },
      async handler(request) {
        const row = await entitledAccount(request);
        const { claimed } = await entitlementOf(db, row);
        return {
          response: {
            accountNumber: maskTail(row.account_number),
            smartCardNumber: maskTail(row.smart_card_number ?? ""),
            entitled: row.fibre_entitled,
            claimed,
            ...(row.fibre_entitled ? { offer: ENTITLED_OFFER } : {}),
          },
        };
      },
    },

    claimEntitledAstroFibre: {
      options: { config: { ...rateLimited(), entitledErrors: true }, attachValidation: true },
      async handler(request) {
        const row = await entitledAccount(request);
        if (request.validationError)
          throw entitledError(400, "INVALID_REQUEST", "body must be empty (no body or {})");
        return { response: await claimEntitledFibre(db, row, app.clock.now()) };
      },
    },

    getUserInfo: {
      options: { config: rateLimited() },
      async handler(request) {
        const claims = await tokens.fromRequest("product", request);
        const row = await account(claims.sub);
        if (!row) throw notFound("Account not found", "account.notFound");
        return {
          response: {
            name: row.name,
            phoneNumber: maskTail(row.phone_number),
            ...(row.email ? { email: maskEmail(row.email) } : {}),
            accountNumber: maskTail(row.account_number),
            ...(row.service_address ? { serviceAddress: row.service_address } : {}),
          },
        };
      },
    },

    verifyUserInfo: {
      options: { config: rateLimited() },
      async handler(request) {
        const claims = await tokens.fromRequest("product", request);
        const body = request.body as { phoneNumber: string; email?: string };
        const phone = parseWith(mobileNumberSchema, body.phoneNumber, "phoneNumber");
        if (body.email !== undefined) parseWith(emailSchema, body.email, "email");
        const row = await account(claims.sub);
        if (!row) throw unauthorized();
        const mismatches: ("phoneNumber" | "email")[] = [];
        if (normaliseMobileNumber(row.phone_number) !== phone) mismatches.push("phoneNumber");
        if (
          body.email !== undefined &&
          (row.email ?? "").toLowerCase() !== body.email.toLowerCase()
        )
          mismatches.push("email");
        return { response: { verified: mismatches.length === 0, mismatches } };
      },
    },

    getReferralInfo: {
      options: { config: rateLimited() },
      async handler(request) {
        const code = parseWith(
          referralCodeSchema,
          (request.params as { code: string }).code,
          "code",
        );
        const lang = parseWith(
          languageSchema,
          (request.query as { lang?: string }).lang ?? "bm",
          "lang",
        );
        const row = await findReferralCode(db, code);
        if (!row) throw notFound("Referral code not found", "referral.notFound");
        const validUntil = referralValidUntil(row);
        return {
          response: {
            code: row.code,
            status: referralStatus(row, malaysianDate(app.clock.now())),
            referrerName: row.referrer_name,
            product: row.product,
            reward: lang === "en" ? row.reward_en : row.reward_bm,
            ...(validUntil ? { validUntil } : {}),
          },
        };
      },
    },

    checkReferralStatus: {
      options: { config: rateLimited(1 / 3) },
      async handler(request) {
        const body = request.body as { referralCode: string; phoneNumber: string };
        const referralCode = parseWith(referralCodeSchema, body.referralCode, "referralCode");
        const phone = parseWith(mobileNumberSchema, body.phoneNumber, "phoneNumber");
        const row = await findReferral(db, referralCode, phone);
        if (!row)
          throw notFound("No referral with this code and phone number", "referral.notFound");
        return {
          response: {
            referralCode,
            status: row.status,
            updatedAt: new Date(row.updated_at).toISOString(),
          },
        };
      },
    },
  };
}
