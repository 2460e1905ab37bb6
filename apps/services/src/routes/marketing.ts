import { randomUUID, timingSafeEqual } from "node:crypto";
import multipart from "@fastify/multipart";
import { marketingContactSchema } from "@portal/validation";
import { createChallenge, extractParams, verifySolution } from "altcha-lib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { OperationTable } from "../openapi/register.js";
import { rateLimited } from "../plugins/security.js";
import { HttpError, unauthorized } from "../lib/errors.js";
import { MARKETING_FORM_KEY } from "./config.js";
import { parseWith } from "./validate.js";

/** The marker the portal looks for in the thank-you page (marketing.yaml). */
export const THANK_YOU_MARKER = "<!-- portal:contact-us:thank-you -->";

/** Challenge lifetime (difficulty: ALTCHA_MAX_NUMBER). */
export const ALTCHA_RULES = { validitySeconds: 600 } as const;

const THANK_YOU_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Thank you</title></head>
<body>${THANK_YOU_MARKER}<h1>Thank you</h1>
<p>Our team will call you within 2 working days.</p></body></html>
`;

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const captchaError = (code: string, message: string) =>
  new HttpError(403, message, {
    body: { statusCode: 403, error: "Forbidden", message, field: "altcha", code },
  });

/** The marketing backend: ALTCHA challenge and the multipart contact-us form. */
export async function marketingOperations(app: FastifyInstance): Promise<OperationTable> {
  const env = app.env;
  await app.register(multipart, {
    attachFieldsToBody: "keyValues",
    limits: { files: 0, fields: 20, fieldSize: 4096, parts: 20, fieldNameSize: 64 },
  });

  const checkApiKey = async (request: FastifyRequest, _reply: FastifyReply) => {
    const key = request.headers["x-api-key"];
    if (typeof key !== "string" || !sameSecret(key, env.marketingApiKey)) {
      throw unauthorized("API key is missing or wrong", "auth.apiKey.invalid");
    }
  };

  return {
    getAltchaChallenge: {
      options: { config: rateLimited(2) },
      async handler(_request, reply) {
        const expires = new Date(app.clock.now().getTime() + ALTCHA_RULES.validitySeconds * 1000);
        const challenge = await createChallenge({
          hmacKey: env.altchaHmacKey,
          maxNumber: env.altchaMaxNumber,
          expires,
        });
        // Never cached: the ETag plugin leaves no-store answers alone.
        reply.header("cache-control", "no-store");
        return { response: challenge };
      },
    },

    submitContactUs: {
      options: { config: rateLimited(1 / 3), onRequest: checkApiKey, bodyLimit: 32 * 1024 },
      async handler(request, reply) {
        const body = request.body as Record<string, string>;
        // The shared rules (@portal/validation): 400 naming the field with the rule's message key.
        const f = parseWith(marketingContactSchema, body);
        if (body.formKey !== MARKETING_FORM_KEY) {
          throw new HttpError(400, "formKey is unknown", {
            field: "formKey",
            code: "validation.formKey.invalid",
          });
        }
        // Proof of work: signature and number, then expiry on our clock, then single use.
        let payload: { signature?: string; salt?: string };
        try {
          payload = JSON.parse(Buffer.from(body.altcha ?? "", "base64").toString("utf8"));
        } catch {
          throw captchaError("captcha.invalid", "Captcha verification failed");
        }
        const ok = await verifySolution(payload as never, env.altchaHmacKey, false).catch(
          () => false,
        );
        if (!ok || typeof payload.signature !== "string")
          throw captchaError("captcha.invalid", "Captcha verification failed");
        const expires = Number(extractParams(payload as never).expires);
        const now = app.clock.now();
        if (!Number.isFinite(expires) || expires * 1000 <= now.getTime())
          throw captchaError("captcha.invalid", "Captcha has expired");
        await app.db.query("delete from altcha_spent where expires_at < $1", [now.toISOString()]);
        const spent = await app.db.query(
          "insert into altcha_spent (signature, expires_at) values ($1, $2) on conflict do nothing returning signature",
          [payload.signature, new Date(expires * 1000).toISOString()],
        );
        if (spent.rows.length === 0)
          throw captchaError("captcha.replayed", "Captcha solution was already used");
        await app.db.query(
          `insert into marketing_submissions (id, form_key, name, first_contact_number, second_contact_number, email, address, box_selection, dish_selection, contact, created_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
          [
            randomUUID(),
            f.formKey,
            f.name,
            f.first_contact_number,
            f.second_contact_number,
            f.email ?? null,
            f.address,
            f.box_selection,
            f.dish_selection,
            f.contact,
            now.toISOString(),
          ],
        );
        reply.header("cache-control", "no-store").type("text/html; charset=utf-8");
        return THANK_YOU_PAGE;
      },
    },
  };
}
