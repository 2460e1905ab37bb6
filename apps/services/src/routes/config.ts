import type { FastifyInstance } from "fastify";
import type { OperationTable } from "../openapi/register.js";
import { MARKETING_FORM_KEY } from "../services/contact-us.js";

/** Fixed facts of the portal build. */
export const BUILD = { version: "1.15.6", number: 1 } as const;

/** The config service: one GET on its base. */
export function configOperations(app: FastifyInstance): OperationTable {
  const env = app.env;
  const config = {
    announcementCloseParam: "hideAnnouncement",
    promotionCloseParam: "hidePromotion",
    languageParam: "language",
    defaultLanguage: "bm",
    languages: ["bm", "en"],
    products: [
      { key: "fibre", name: "Suria Fibre" },
      { key: "tv", name: "Suria TV" },
    ],
    whatsappNumber: env.whatsappNumber,
    captcha: {
      provider: "altcha",
      key: "portal-altcha",
      challengeUrl: `${env.publicUrl}/marketing/altcha/challenge`,
    },
    contactEnabled: env.contactEnabled,
    build: BUILD,
    environment: env.portalEnv,
    marketing: {
      url: `${env.publicUrl}/marketing/contact-us`,
      apiKey: env.marketingApiKey,
      formKey: MARKETING_FORM_KEY,
    },
  };
  return {
    getConfig: async () => ({ response: config }),
  };
}

/** The form key the marketing backend expects in `formKey` (services/contact-us.ts). */
export { MARKETING_FORM_KEY };
