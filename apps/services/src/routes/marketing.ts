import { timingSafeEqual } from "node:crypto";
import multipart from "@fastify/multipart";
import { createChallenge } from "altcha-lib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { OperationTable } from "../openapi/register.js";
import { rateLimited } from "../plugins/security.js";
import { unauthorized } from "../lib/errors.js";
import { submitContactUs } from "../services/contact-us.js";

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
        const deps = { db: app.db, clock: app.clock, altchaHmacKey: env.altchaHmacKey };
        await submitContactUs(deps, request.body as Record<string, string>);
        reply.header("cache-control", "no-store").type("text/html; charset=utf-8");
        return THANK_YOU_PAGE;
      },
    },
  };
}
