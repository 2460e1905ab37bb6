// Every README example of @portal/api-client, as one program run against the services
// (PORTAL_URL, default http://localhost:4000). The #region blocks are the README's snippets word
// for word; the checks after them are not part of the README.
import assert from "node:assert/strict";

// #region create
import { createPortalApi } from "@portal/api-client";

const base = process.env.PORTAL_URL ?? "http://localhost:4000";

export const api = createPortalApi({
  baseUrls: {
    content: `${base}/content`,
    shop: `${base}/shop`,
    address: `${base}/address`,
    config: `${base}/config`,
    marketing: `${base}/marketing`,
  },
  timeout: 60_000, // optional, this is the default
  cache: "memory", // optional, this is the default (see "Cache" below)
});
// #endregion create

// #region calls
// Content: path parameters (ids are the content's own: "pelangi" is a seeded channel)
const channel = await api.content.getChannel({ lang: "bm", id: "pelangi" });
console.log(channel.data.name); // "Pelangi HD", typed as components["schemas"]["Channel"]

// Content: query parameters (arrays are repeated: ?a=1&a=2; values are URI-encoded)
const hits = await api.content.search({ keyword: "drama", lang: "bm" });
console.log(hits.data.total, "results for drama, first:", hits.data.hits[0]?.title);

// Shop: a body; the answer gives the lead token
const leadBody = { product: "fibre", language: "en", packageId: "fibre-300" } as const;
const lead = await api.shop.generateSbbLead(leadBody);
const { leadId, token } = lead.data;

// A token-gated operation: without a token it is a type error, and the call is rejected anyway
const otp = await api.shop.generateOtp({ phoneNumber: "012-345 6701", mock: true }, { token });
const addressBody = { postalCode: "47301", residenceType: 1 } as const; // 1 landed, 2 multi-storey
const coverage = await api.address.checkIspCoverage(addressBody, {
  params: { platform: "fibre" },
  token,
});

// B40: pass the b40Auth answer as it is; it is sent as "Authorization: <tokenType> <token>"
const b40 = await api.content.b40Auth();
const b40Status = await api.content.b40Verify(
  { identityCard: "880412105123" },
  { token: b40.data },
);

// Config: no parameters
const config = await api.config.getConfig();
// #endregion calls

console.log({ leadId, otpResendAfter: otp.data.resendAfter, covered: coverage.data.covered });
console.log({ b40: b40Status.data.status, languageParam: config.data.languageParam });
assert.equal(channel.data.id, "pelangi");
assert.ok(hits.data.total > 0);
assert.equal(typeof leadId, "string");
assert.equal(otp.data.resendAfter, 180);
assert.equal(b40Status.data.status, "eligible");
assert.equal(config.data.languageParam, "language");
