import { randomUUID } from "node:crypto";
import { readableReference } from "../../lib/reference.js";
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
import { HttpError, notFound, reason, unauthorized } from "../../lib/errors.js";
import { maskTail } from "../../lib/logger.js";
import { abuseCounters, limitReached } from "../../services/abuse-counters.js";
import { findReferralCode, referralStatus, referralValidUntil } from "../../services/referrals.js";
import { bearer, TOKEN_TTL } from "../../services/tokens.js";
import { parseWith } from "../validate.js";

interface AccountRow {
  account_number: string;
  identity_card: string;
  name: string;
  phone_number: string;
  email: string | null;
  smart_card_number: string | null;
  fibre_entitled: boolean;
  service_address: {
    line1: string;
    line2?: string;
    postalCode: string;
    city: string;
    state: string;
  } | null;
  entitlement_store_failure: boolean;
}

/** The fibre offer for entitled Suria TV customers. */
export const ENTITLED_OFFER = {
  packageId: "fibre-500",
  name: "Suria Fibre 500 Mbps",
  monthlyPrice: 99,
  discountedMonths: 6,
} as const;

/** An EntitledError (common.yaml) with one errorCode. */
function entitledError(status: number, errorCode: string, message: string): HttpError {
  return new HttpError(status, message, {
    body: { statusCode: status, error: reason(status), message, errors: [{ errorCode, message }] },
  });
}

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
  const limits = app.env.limits;

  const account = async (accountNumber: string) =>
    (
      await db.query<AccountRow>("select * from customer_accounts where account_number = $1", [
        accountNumber,
      ])
    ).rows[0];

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

  /** Shared checks of both entitled-fibre calls. */
  const entitlementOf = async (row: AccountRow) => {
    if (row.entitlement_store_failure)
      throw entitledError(500, "AWS_DYNAMODB_GET_FAILED", "Entitlement lookup failed");
    if (!row.smart_card_number)
      throw entitledError(403, "SMC_MANDATORY", "The account has no smart card");
    const claim = await db.query<{ id: string }>(
      "select id from entitlement_claims where account_number = $1",
      [row.account_number],
    );
    return { claimed: claim.rows.length > 0 };
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
        // Wrong identity cards are counted per account whatever the client address; past the
        // limit the account is refused until the window ends, the right card included.
        const key = `auth:${body.accountNumber}`;
        const now = app.clock.now().getTime();
        const row = await locks.transaction([key], async (tx) => {
          const failures = await abuseCounters.read(tx, key, now);
          if (failures && failures.hits >= limits.authFailuresPerAccount) {
            app.metrics.identityRefusals.inc({ check: "authenticate" });
            throw limitReached(
              "auth.accountLocked",
              "Too many wrong identity cards for this account; try again later",
              failures.windowEnd,
              now,
            );
          }
          const { rows } = await tx.query<AccountRow>(
            "select * from customer_accounts where account_number = $1",
            [body.accountNumber],
          );
          const found = rows[0];
          if (!found || found.identity_card !== identityCard) {
            await abuseCounters.bump(tx, key, now, limits.identityWindowSeconds * 1000);
            return undefined;
          }
          if (failures) await abuseCounters.clear(tx, key);
          return found;
        });
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
        // Two limits, whatever the client address: lookups that find nobody per B40 token, and
        // lookups of one identity card per hour.
        const tokenKey = `b40token:${claims.sub}`;
        const cardKey = `b40card:${identityCard}`;
        const now = app.clock.now().getTime();
        const row = await locks.transaction([cardKey, tokenKey], async (tx) => {
          const failures = await abuseCounters.read(tx, tokenKey, now);
          if (failures && failures.hits >= limits.b40FailuresPerToken) {
            app.metrics.identityRefusals.inc({ check: "b40Token" });
            throw limitReached(
              "b40.tooManyFailures",
              "Too many identity cards not found with this token; try again later",
              failures.windowEnd,
              now,
            );
          }
          const lookups = await abuseCounters.read(tx, cardKey, now);
          if (lookups && lookups.hits >= limits.b40LookupsPerCardHour) {
            app.metrics.identityRefusals.inc({ check: "b40Card" });
            throw limitReached(
              "b40.tooManyLookups",
              "This identity card was looked up too often; try again later",
              lookups.windowEnd,
              now,
            );
          }
          await abuseCounters.bump(tx, cardKey, now, 3600_000);
          const { rows } = await tx.query<{
            eligible: boolean;
            valid_until: string | Date | null;
          }>("select eligible, valid_until from b40_households where identity_card = $1", [
            identityCard,
          ]);
          if (!rows[0])
            await abuseCounters.bump(tx, tokenKey, now, limits.identityWindowSeconds * 1000);
          return rows[0];
        });
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
        const { claimed } = await entitlementOf(row);
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
        const { claimed } = await entitlementOf(row);
        if (!row.fibre_entitled)
          throw entitledError(
            403,
            "ASTRO_FIBRE_NOT_ENTITLED",
            "The account is not entitled to the offer",
          );
        if (claimed)
          throw entitledError(409, "ASTRO_FIBRE_ALREADY_CLAIMED", "The offer was already claimed");
        const claimedAt = app.clock.now().toISOString();
        // A reference taken by another claim (one chance in 10^12) is drawn again; a claim of
        // the same account made meanwhile is the 409 below.
        for (let attempt = 0; attempt < 5; attempt++) {
          const claimId = randomUUID();
          const reference = readableReference("SFC");
          const inserted = await db.query<{ id: string }>(
            "insert into entitlement_claims (id, account_number, claimed_at, reference) values ($1, $2, $3, $4) on conflict do nothing returning id",
            [claimId, row.account_number, claimedAt, reference],
          );
          if (inserted.rows.length > 0) return { response: { claimId, reference, claimedAt } };
          if ((await entitlementOf(row)).claimed) break;
        }
        throw entitledError(409, "ASTRO_FIBRE_ALREADY_CLAIMED", "The offer was already claimed");
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
        const { rows } = await db.query<{ status: string; updated_at: string | Date }>(
          "select status, updated_at from referrals where referral_code = $1 and phone_number = $2",
          [referralCode, phone],
        );
        const row = rows[0];
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
