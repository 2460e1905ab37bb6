// The calls of SPEC.md section 7, copied by hand, with the service that answers each. Paths are
// written exactly as SPEC.md writes them, query strings included; `{a|b}` lists literal values.
import type { ServiceName } from "../src/index";

/** One call of SPEC.md section 7. */
export interface SpecCall {
  service: ServiceName;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  note?: string;
}

/** SPEC.md section 7, call by call. */
export const SPEC_CALLS: SpecCall[] = [
  // Address service
  { service: "address", method: "POST", path: "/cassandra/api/v1/address/greenfield-search" },
  {
    service: "address",
    method: "POST",
    path: "/cassandra/api/v1/address/check-isp-coverage?platform={product}",
  },

  // Shop service
  { service: "shop", method: "POST", path: "/api/v1/greenfield/generate-sbb-lead" },
  { service: "shop", method: "PATCH", path: "/api/v1/greenfield/update-sbb-lead" },
  { service: "shop", method: "POST", path: "/api/v3/generate-signed-url" },
  { service: "shop", method: "DELETE", path: "/api/v3/document/{documentId}.{second id}" },
  { service: "shop", method: "POST", path: "/api/v3/generate-otp" },
  { service: "shop", method: "POST", path: "/api/v3/verify-otp" },
  { service: "shop", method: "POST", path: "/api/v3/consent" },
  { service: "shop", method: "POST", path: "/api/v3/register-interest" },

  // Content service
  { service: "content", method: "POST", path: "/api/v1/authenticate" },
  { service: "content", method: "GET", path: "/api/v1/static/highlight/{lang}/announcement" },
  { service: "content", method: "GET", path: "/api/v1/static/highlight/{lang}/promotion" },
  { service: "content", method: "GET", path: "/api/v1/static/support/{lang}/all" },
  { service: "content", method: "GET", path: "/api/v1/static/content/{lang}/get-{product}" },
  {
    service: "content",
    method: "GET",
    path: "/api/v1/static/content/{lang}/get-{product}-combo-list",
  },
  { service: "content", method: "GET", path: "/api/v1/static/content/{lang}/campaign" },
  { service: "content", method: "GET", path: "/api/v1/static/content/{lang}/campaign/{id}" },
  { service: "content", method: "GET", path: "/api/v1/static/content/{lang}/get-{product}/{id}" },
  { service: "content", method: "GET", path: "/api/v1/static/dealer/state/{state}" },
  { service: "content", method: "GET", path: "/api/v1/channel/{lang}/{id}" },
  { service: "content", method: "GET", path: "/api/v1/static/movie/{lang}/{id}" },
  { service: "content", method: "GET", path: "/api/v1/bundle/{lang}/{id}" },
  { service: "content", method: "GET", path: "/api/v1/package/{lang}/{id}" },
  { service: "content", method: "GET", path: "/api/v1/entitled-astro-fibre" },
  { service: "content", method: "POST", path: "/api/v1/entitled-astro-fibre" },
  { service: "content", method: "GET", path: "/api/v1/search?keyword={kw}&lang={lang}" },
  // "GET {listing path}?lang={lang}" is the generic form of the three listings below.
  { service: "content", method: "GET", path: "/api/v1/listing/package?lang=" },
  { service: "content", method: "GET", path: "/api/v1/static/afab?lang=" },
  { service: "content", method: "GET", path: "/api/v1/listing/channel?lang=" },
  { service: "content", method: "POST", path: "/api/v1/b40/auth" },
  { service: "content", method: "POST", path: "/api/v1/b40/verify" },
  { service: "content", method: "GET", path: "/api/v1/home/all?lang=" },
  {
    service: "content",
    method: "GET",
    path: "/api/v1/terms/{privacy-notice|privacy-policy|terms-of-use|terms-and-conditions}?lang=",
  },
  { service: "content", method: "GET", path: "/api/v1/user-info" },
  { service: "content", method: "POST", path: "/api/v1/verify-user-info" },

  // Other
  { service: "config", method: "GET", path: "/", note: "a GET to its base" },
  { service: "uploads", method: "PUT", path: "/{documentId}", note: "PUT to the signed url" },
];

/**
 * Calls whose path SPEC.md leaves "not shown": our decisions (see README.md), checked the same way.
 */
export const DECIDED_CALLS: SpecCall[] = [
  { service: "content", method: "GET", path: "/api/v1/referral/{code}", note: "referral info" },
  { service: "content", method: "POST", path: "/api/v1/referral/status", note: "referral status" },
  { service: "shop", method: "GET", path: "/api/v1/greenfield/sbb-offers", note: "priced offers" },
  { service: "shop", method: "PATCH", path: "/api/v1/greenfield/update-sbb-order", note: "order" },
  { service: "shop", method: "POST", path: "/api/v3/purchase", note: "purchase API" },
  { service: "marketing", method: "POST", path: "/contact-us", note: "configured form path" },
  { service: "marketing", method: "GET", path: "/altcha/challenge", note: "captcha challenge" },
];

/** Operations whose payload or path SPEC.md leaves "not shown"; each says "Our decision". */
export const DECISION_OPERATIONS = [
  "generateSbbLead",
  "updateSbbLead",
  "getSbbOffers",
  "updateSbbOrder",
  "purchaseLead",
  "registerInterest",
  "authenticate",
  "b40Auth",
  "b40Verify",
  "getEntitledAstroFibre",
  "claimEntitledAstroFibre",
  "getUserInfo",
  "verifyUserInfo",
  "getReferralInfo",
  "checkReferralStatus",
  "getConfig",
  "submitContactUs",
  "getAltchaChallenge",
];

/** SPEC.md section 3 entities (and the named concepts of section 7) -> their schema. */
export const SECTION_3_SCHEMAS: Record<string, string> = {
  "lead search payload": "address.yaml#/components/schemas/LeadSearchPayload",
  "lead submission response": "shop.yaml#/components/schemas/LeadSubmission",
  "lead body": "shop.yaml#/components/schemas/LeadCreateRequest",
  "update-lead body": "shop.yaml#/components/schemas/LeadUpdateRequest",
  "lead update errors": "common.yaml#/components/schemas/LeadUpdateError",
  "OTP generate request": "shop.yaml#/components/schemas/OtpGenerateRequest",
  "OTP generate response": "shop.yaml#/components/schemas/OtpGenerated",
  "OTP verify request": "shop.yaml#/components/schemas/OtpVerifyRequest",
  "consent request": "shop.yaml#/components/schemas/ConsentRequest",
  "signed upload request": "shop.yaml#/components/schemas/SignedUrlRequest",
  "signed upload response": "shop.yaml#/components/schemas/SignedUpload",
  "signed document": "common.yaml#/components/schemas/SignedDocument",
  "order update": "shop.yaml#/components/schemas/OrderUpdateRequest",
  purchase: "shop.yaml#/components/schemas/PurchaseRequest",
  "register-interest body": "shop.yaml#/components/schemas/RegisterInterestRequest",
  "B40 verify payload": "paths/content-account.yaml#/components/schemas/B40VerifyRequest",
  "B40 token": "common.yaml#/components/schemas/Token",
  "B40 status": "paths/content-account.yaml#/components/schemas/B40Status",
  "referral verify payload": "paths/content-account.yaml#/components/schemas/ReferralVerifyPayload",
  "referral info": "paths/content-account.yaml#/components/schemas/ReferralInfo",
  "user info": "paths/content-account.yaml#/components/schemas/UserInfo",
  "contact-us form": "marketing.yaml#/components/schemas/ContactUsForm",
  "announcement and promotion": "common.yaml#/components/schemas/Highlight",
  configuration: "config.yaml#/components/schemas/PortalConfig",
  "support category": "content.yaml#/components/schemas/SupportCategory",
  "support question": "content.yaml#/components/schemas/SupportQuestion",
  channel: "content.yaml#/components/schemas/Channel",
  movie: "content.yaml#/components/schemas/Movie",
  package: "content.yaml#/components/schemas/Package",
  bundle: "content.yaml#/components/schemas/Bundle",
  campaign: "content.yaml#/components/schemas/Campaign",
  "store article": "content.yaml#/components/schemas/StoreArticle",
  distributor: "content.yaml#/components/schemas/Dealer",
  language: "common.yaml#/components/schemas/Language",
  product: "common.yaml#/components/schemas/Product",
  "error body": "common.yaml#/components/schemas/ErrorBody",
  "entitled-fibre error": "common.yaml#/components/schemas/EntitledError",
};
