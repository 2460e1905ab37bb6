import { CONSENT_TEXT_HASHES } from "@portal/validation";
import * as validation from "@portal/validation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GenericSchema } from "valibot";
import type { Database } from "./db/database.js";
import type { JsonSchema } from "@portal/openapi";
import {
  buildTestApp,
  call,
  closeTestDatabase,
  createLead,
  openTestDatabase,
  type TestContext,
} from "./test/helper.js";

// For every field of every JSON request body of the address, shop and account contracts: missing
// (when required), wrong type, too long and injection strings answer 400 naming the field (or a
// LeadUpdateError with that key), never 5xx, and nothing is written. A field whose contract type
// names a @portal/validation schema (`x-portal-validation`: phone, contact number, email, name,
// postcode, MyKad, OTP, referral code) is enforced by that schema (the contract's pattern states
// the same rule; the services drop it before Ajv), so a value it refuses answers 400 with the
// schema's message key.

let db: Database;
let ctx: TestContext;
let leadToken = "";
let productToken = "";
let b40Header = "";
beforeAll(async () => {
  db = await openTestDatabase();
  ctx = await buildTestApp(db);
  leadToken = (await createLead(ctx.app)).token;
  productToken = (
    await call(ctx.app, {
      method: "POST",
      url: "/content/api/v1/authenticate",
      payload: { product: "fibre", accountNumber: "1000234567", identityCard: "850315145678" },
    })
  ).body.response.token;
  const b40 = (await call(ctx.app, { method: "POST", url: "/content/api/v1/b40/auth" })).body
    .response;
  b40Header = `${b40.tokenType} ${b40.token}`;
});
afterAll(async () => {
  await ctx?.close();
  await closeTestDatabase(db);
});

type Auth = "lead" | "product" | "b40" | "none";
const VALID: Record<string, { url: string; auth: Auth; body: Record<string, unknown> }> = {
  generateSbbLead: {
    url: "/shop/api/v1/greenfield/generate-sbb-lead",
    auth: "none",
    body: {
      product: "fibre",
      language: "bm",
      packageId: "fibre-300",
      referralCode: "SURIA8K2Q",
      utmSource: "a",
      utmMedium: "b",
      utmCampaign: "c",
    },
  },
  updateSbbLead: {
    url: "/shop/api/v1/greenfield/update-sbb-lead",
    auth: "lead",
    body: {
      name: "Aminah",
      phoneNumber: "0123456789",
      alternatePhoneNumber: "0198765432",
      email: "a@example.my",
      identityCard: "850315145678",
      address: { addressId: "SGR-47301-000001", unitNumber: "1", remarks: "gate" },
    },
  },
  updateSbbOrder: {
    url: "/shop/api/v1/greenfield/update-sbb-order",
    auth: "lead",
    body: {
      packageId: "fibre-300",
      addOnIds: ["sports-pack"],
      installationDate: "2026-12-01",
      installationSlot: "morning",
    },
  },
  purchaseLead: { url: "/shop/api/v3/purchase", auth: "lead", body: { termsAccepted: true } },
  generateSignedUrl: {
    url: "/shop/api/v3/generate-signed-url",
    auth: "lead",
    body: { title: "MyKad", type: "image/png" },
  },
  generateOtp: {
    url: "/shop/api/v3/generate-otp",
    auth: "lead",
    body: { phoneNumber: "0123456789", mock: true },
  },
  verifyOtp: {
    url: "/shop/api/v3/verify-otp",
    auth: "lead",
    body: { phoneNumber: "0123456789", otp: "123456", code: "abcdefgh12", mock: true },
  },
  submitConsent: {
    url: "/shop/api/v3/consent",
    auth: "lead",
    body: { language: "bm", consentTextHash: CONSENT_TEXT_HASHES.bm },
  },
  holdInstallationSlot: {
    url: "/shop/api/v1/greenfield/installation-hold",
    auth: "lead",
    body: { date: "2026-12-01", slot: "morning" },
  },
  rescheduleOrder: {
    url: "/shop/api/v3/order-tracking/SF2611210001.zzzzzz.AAAAAAAAAAAAAAAAAAAAAA/reschedule",
    auth: "none",
    body: { date: "2026-12-01", slot: "morning" },
  },
  createHandoff: {
    url: "/shop/api/v3/handoff",
    auth: "lead",
    body: { journey: { version: 3, savedAt: 0, journey: { product: "fibre" } } },
  },
  redeemHandoff: {
    url: "/shop/api/v3/handoff/redeem",
    auth: "none",
    body: { code: "AAAAAAAAAAAAAAAAAAAAAA" },
  },
  registerInterest: {
    url: "/shop/api/v3/register-interest",
    auth: "none",
    body: {
      name: "Lim",
      phoneNumber: "0198765432",
      email: "l@example.my",
      product: "fibre",
      postalCode: "81300",
      residenceType: 1,
      address: "Skudai",
      language: "en",
      remarks: "evening",
    },
  },
  greenfieldSearch: {
    url: "/address/cassandra/api/v1/address/greenfield-search",
    auth: "lead",
    body: {
      postalCode: "47301",
      residenceType: 1,
      streetType: "Jalan",
      streetName: "SS 7/26",
      houseNumber: "2",
      buildingName: "B",
      area: "Kelana Jaya",
      city: "Petaling Jaya",
      state: "selangor",
    },
  },
  checkIspCoverage: {
    url: "/address/cassandra/api/v1/address/check-isp-coverage?platform=fibre",
    auth: "lead",
    body: {
      postalCode: "47301",
      residenceType: 1,
      streetType: "Jalan",
      streetName: "SS 7/26",
      houseNumber: "2",
      buildingName: "B",
      area: "Kelana Jaya",
      city: "Petaling Jaya",
      state: "selangor",
    },
  },
  authenticate: {
    url: "/content/api/v1/authenticate",
    auth: "none",
    body: { product: "fibre", accountNumber: "1000234567", identityCard: "850315145678" },
  },
  b40Verify: {
    url: "/content/api/v1/b40/verify",
    auth: "b40",
    body: { identityCard: "880412105123" },
  },
  verifyUserInfo: {
    url: "/content/api/v1/verify-user-info",
    auth: "product",
    body: { phoneNumber: "0123456789", email: "a@example.my" },
  },
  checkReferralStatus: {
    url: "/content/api/v1/referral/status",
    auth: "none",
    body: { referralCode: "SURIA8K2Q", phoneNumber: "0171112222" },
  },
};
const INJECTIONS = [
  "'; drop table leads;--",
  "<script>alert(1)</script>",
  "${jndi:ldap://x}",
  "../../etc/passwd",
  "\u0000",
];

// Values every shared value rule (phone, contact number, email, name, postcode, MyKad, OTP) refuses.
const RULE_BREAKERS = ["12a4!", "x@y@z"];
const enforced = new Set<string>();

const written = async () => {
  const tables = [
    "leads",
    "otp_codes",
    "consents",
    "documents",
    "interests",
    "entitlement_claims",
    "marketing_submissions",
  ];
  const counts = await Promise.all(
    tables.map(
      async (t) =>
        (await db.query<{ n: number }>(`select count(*)::int as n from ${t}`)).rows[0]!.n,
    ),
  );
  return counts.join(",");
};

function wrongType(schema: JsonSchema): unknown {
  const type =
    schema.type ??
    (schema.const !== undefined
      ? typeof schema.const
      : schema.enum
        ? typeof (schema.enum as unknown[])[0]
        : "string");
  switch (type) {
    case "string":
      return 12345;
    case "boolean":
      return "yes";
    case "integer":
    case "number":
      return "12";
    case "array":
      return "not-an-array";
    default:
      return "not-an-object";
  }
}

const send = (id: string, body: unknown) => {
  const v = VALID[id]!;
  const headers: Record<string, string> = {};
  if (v.auth === "lead") headers.authorization = `Bearer ${leadToken}`;
  if (v.auth === "product") headers.authorization = `Bearer ${productToken}`;
  if (v.auth === "b40") headers.authorization = b40Header;
  return call(ctx.app, {
    method: id.startsWith("update") ? "PATCH" : "POST",
    url: v.url,
    payload: body as object,
    headers,
  });
};

const names = (field: string, res: { body: Record<string, unknown> }) => {
  const errors = res.body.errors as { context?: { key?: string } }[] | undefined;
  return res.body.field === field || errors?.[0]?.context?.key === field.split(".").pop();
};

describe("request bodies", () => {
  it("has a valid body for every JSON body of these contracts", () => {
    const withBodies: string[] = [];
    for (const [service, operations] of ctx.app.contractOperations) {
      if (service === "content") continue;
      for (const op of operations)
        if (op.operation.requestBody?.content?.["application/json"])
          withBodies.push(op.operationId);
    }
    expect(withBodies.filter((id) => !VALID[id])).toEqual([]);
  });

  for (const id of Object.keys(VALID)) {
    it(`${id}: every field refuses missing, wrong type, too long and injections`, async () => {
      const op = [...ctx.app.contractOperations.values()].flat().find((o) => o.operationId === id)!;
      const schema = op.operation.requestBody!.content!["application/json"]!.schema as JsonSchema;
      const properties = schema.properties as Record<string, JsonSchema>;
      const required = (schema.required as string[] | undefined) ?? [];
      const base = VALID[id]!.body;
      const check = async (field: string, body: unknown, mustFail: boolean) => {
        const before = await written();
        const res = await send(id, body);
        expect(res.status, `${id} ${field} ${JSON.stringify(body).slice(0, 120)}`).toBeLessThan(
          500,
        );
        if (mustFail || res.status === 400) {
          expect(res.status, `${id} ${field}: ${JSON.stringify(res.body)}`).toBe(400);
          expect(names(field, res), `${id} ${field}: ${JSON.stringify(res.body)}`).toBe(true);
          expect(await written(), `${id} ${field} wrote on a 400`).toBe(before);
        }
      };
      for (const [field, prop] of Object.entries(properties)) {
        // Required fields have no default (a missing language is a 400 too).
        if (required.includes(field)) {
          const { [field]: _omit, ...rest } = base;
          await check(field, rest, true);
        }
        await check(field, { ...base, [field]: wrongType(prop) }, true);
        if (typeof prop.maxLength === "number")
          await check(field, { ...base, [field]: "1".repeat(prop.maxLength + 1) }, true);
        const rule = prop["x-portal-validation"] as string | undefined;
        if (rule) {
          expect(
            (validation as Record<string, unknown>)[rule],
            `${id} ${field}: @portal/validation exports ${rule}`,
          ).toBeDefined();
          const schema = (validation as unknown as Record<string, GenericSchema>)[rule]!;
          for (const bad of RULE_BREAKERS) {
            const expected = validation.validate(schema, bad);
            expect(expected.success, `${rule} refuses ${bad}`).toBe(false);
            const res = await send(id, { ...base, [field]: bad });
            expect(res.status, `${id} ${field} ${bad}: ${JSON.stringify(res.body)}`).toBe(400);
            expect(names(field, res), `${id} ${field} ${bad}`).toBe(true);
            // LeadUpdateError carries the key only; every other 400 carries the rule's key.
            if (!res.body.errors)
              expect(res.body.code, `${id} ${field} ${bad}`).toBe(expected.errors![0]!.code);
          }
          enforced.add(`${id}.${field}`);
        }
        if (prop.type === "string" || prop.pattern || prop.enum) {
          for (const injection of INJECTIONS) {
            const plainText =
              prop.type === "string" &&
              !prop.pattern &&
              !rule &&
              !prop.enum &&
              !prop.format &&
              prop.const === undefined;
            await check(field, { ...base, [field]: injection }, !plainText);
          }
        }
      }
      await check("admin", { ...base, admin: true }, true);
    });
  }

  it("enforces the shared rules on every body field that has one", () => {
    // Run after the per-operation tests: each named field was checked above.
    expect([...enforced].sort()).toEqual(
      expect.arrayContaining([
        "authenticate.identityCard",
        "b40Verify.identityCard",
        "checkIspCoverage.postalCode",
        "checkReferralStatus.phoneNumber",
        "checkReferralStatus.referralCode",
        "generateOtp.phoneNumber",
        "generateSbbLead.referralCode",
        "greenfieldSearch.postalCode",
        "registerInterest.email",
        "registerInterest.name",
        "registerInterest.phoneNumber",
        "registerInterest.postalCode",
        "updateSbbLead.alternatePhoneNumber",
        "updateSbbLead.email",
        "updateSbbLead.identityCard",
        "updateSbbLead.name",
        "updateSbbLead.phoneNumber",
        "updateSbbOrder.referralCode",
        "verifyOtp.otp",
        "verifyOtp.phoneNumber",
        "verifyUserInfo.email",
        "verifyUserInfo.phoneNumber",
      ]),
    );
  });
});
