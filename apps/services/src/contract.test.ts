import { CONSENT_TEXT_HASHES } from "@portal/validation";
import { solveChallenge } from "altcha-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./db/database.js";
import { addressSeed } from "./db/seed-addresses.js";
import { DEV_SECRETS } from "./lib/env.js";
import type { OperationsFactory } from "./openapi/register.js";
import {
  buildTestApp,
  call,
  closeTestDatabase,
  createLead,
  openTestDatabase,
  type TestContext,
} from "./test/helper.js";

// Every operation of the address, shop, config, marketing and uploads contracts, and the account
// operations of the content contract, answers a 2xx here with its response checked against the
// contract (validateResponses). The content catalogue is covered by routes/content/catalog.test.ts.
const ACCOUNT_OPERATIONS = [
  "authenticate",
  "b40Auth",
  "b40Verify",
  "getEntitledAstroFibre",
  "claimEntitledAstroFibre",
  "getUserInfo",
  "verifyUserInfo",
  "getReferralInfo",
  "checkReferralStatus",
];

const succeeded = new Set<string>();
const track: OperationsFactory = (scope) => {
  scope.addHook("onResponse", async (request, reply) => {
    const id = request.routeOptions.config.operationId;
    if (id && reply.statusCode < 400) succeeded.add(id);
  });
  return {};
};

let db: Database;
let ctx: TestContext;
beforeAll(async () => {
  db = await openTestDatabase();
  ctx = await buildTestApp(db, {
    services: (defaults) => defaults.map((s) => ({ ...s, operations: [track, ...s.operations] })),
  });
});
afterAll(async () => {
  await ctx?.close();
  await closeTestDatabase(db);
});

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(32, 1),
]);
const ok = (res: { status: number; body: unknown }) =>
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);

describe("contract coverage", () => {
  it("walks the fibre lead journey through every shop and address operation", async () => {
    const app = ctx.app;
    const { token } = await createLead(app);
    const search = await call(app, {
      method: "POST",
      url: "/address/cassandra/api/v1/address/greenfield-search",
      token,
      payload: { postalCode: "47301", residenceType: 1 },
    });
    ok(search);
    ok(
      await call(app, {
        method: "POST",
        url: "/address/cassandra/api/v1/address/check-isp-coverage?platform=fibre",
        token,
        payload: { postalCode: "47301", residenceType: 1 },
      }),
    );
    ok(
      await call(app, {
        method: "PATCH",
        url: "/shop/api/v1/greenfield/update-sbb-lead",
        token,
        payload: {
          name: "Aminah binti Yusof",
          phoneNumber: "0123456789",
          email: "aminah@example.my",
          address: { addressId: search.body.response[0].addressId },
        },
      }),
    );
    const otp = await call(app, {
      method: "POST",
      url: "/shop/api/v3/generate-otp",
      token,
      payload: { phoneNumber: "0123456789", mock: true },
    });
    ok(otp);
    ok(
      await call(app, {
        method: "POST",
        url: "/shop/api/v3/verify-otp",
        token,
        payload: {
          phoneNumber: "0123456789",
          otp: "123456",
          code: otp.body.response.code,
          mock: true,
        },
      }),
    );
    ok(
      await call(app, {
        method: "POST",
        url: "/shop/api/v3/consent",
        token,
        payload: { language: "bm", consentTextHash: CONSENT_TEXT_HASHES.bm },
      }),
    );
    const signed = await call(app, {
      method: "POST",
      url: "/shop/api/v3/generate-signed-url",
      token,
      payload: { title: "MyKad (front)", type: "image/png" },
    });
    ok(signed);
    const u = new URL(signed.body.response.signedUploadUrl);
    ok(
      await call(app, {
        method: "PUT",
        url: `${u.pathname}${u.search}`,
        payload: PNG,
        headers: { "content-type": "image/png" },
      }),
    );
    const spare = await call(app, {
      method: "POST",
      url: "/shop/api/v3/generate-signed-url",
      token,
      payload: { title: "Bill", type: "application/pdf" },
    });
    ok(
      await call(app, {
        method: "DELETE",
        url: `/shop/api/v3/document/${spare.body.response.documentId}.pdf`,
        token,
      }),
    );
    ok(
      await call(app, { method: "GET", url: "/shop/api/v1/greenfield/sbb-offers?lang=en", token }),
    );
    ok(
      await call(app, {
        method: "PATCH",
        url: "/shop/api/v1/greenfield/update-sbb-order",
        token,
        payload: { packageId: "fibre-300", addOnIds: ["sports-pack"], installationSlot: "morning" },
      }),
    );
    const slots = await call(app, {
      method: "GET",
      url: "/shop/api/v1/greenfield/installation-slots",
      token,
    });
    ok(slots);
    const first = slots.body.response.slots[0];
    ok(
      await call(app, {
        method: "POST",
        url: "/shop/api/v1/greenfield/installation-hold",
        token,
        payload: { date: first.date, slot: first.slot },
      }),
    );
    // Issue 24: continue on another device (before the purchase: a submitted lead is tracked).
    const handoff = await call(app, {
      method: "POST",
      url: "/shop/api/v3/handoff",
      token,
      payload: { journey: { version: 3, savedAt: 0, journey: { product: "fibre" } } },
    });
    ok(handoff);
    ok(
      await call(app, {
        method: "POST",
        url: "/shop/api/v3/handoff/redeem",
        payload: { code: handoff.body.response.code },
      }),
    );
    const purchase = await call(app, {
      method: "POST",
      url: "/shop/api/v3/purchase",
      token,
      payload: { termsAccepted: true },
    });
    ok(purchase);
    expect(purchase.body.response.orderNumber).toMatch(/^SF\d{10}$/);
    // Issue 24: the order's tracking link.
    const tracking = purchase.body.response.tracking.token as string;
    ok(await call(app, { method: "GET", url: `/shop/api/v3/order-tracking/${tracking}?lang=en` }));
    const moveTo = await call(app, {
      method: "GET",
      url: `/shop/api/v3/order-tracking/${tracking}/slots`,
    });
    ok(moveTo);
    const next = moveTo.body.response.slots[0];
    ok(
      await call(app, {
        method: "POST",
        url: `/shop/api/v3/order-tracking/${tracking}/reschedule?lang=en`,
        payload: { date: next.date, slot: next.slot },
      }),
    );
    ok(await call(app, { method: "POST", url: `/shop/api/v3/order-tracking/${tracking}/cancel` }));
    const after = await call(app, {
      method: "POST",
      url: "/shop/api/v3/consent",
      token,
      payload: { language: "bm", consentTextHash: CONSENT_TEXT_HASHES.bm },
    });
    expect(after.status).toBe(409);
    ok(
      await call(app, {
        method: "POST",
        url: "/shop/api/v3/register-interest",
        payload: {
          name: "Lim Wei Ming",
          phoneNumber: "0198765432",
          product: "tv",
          postalCode: "81300",
          language: "en",
        },
      }),
    );
    // Issue 24: a registration at an uncovered address, the coverage import, the SMS's link.
    const interest = await call(app, {
      method: "POST",
      url: "/shop/api/v3/register-interest",
      payload: {
        name: "Lim Wei Ming",
        phoneNumber: "0198765433",
        product: "fibre",
        postalCode: "39000",
        addressId: "PHG-39000-000001",
        packageId: "fibre-100",
        contactConsent: true,
        language: "en",
      },
    });
    ok(interest);
    const row = addressSeed().find((a) => a.id === "PHG-39000-000001")!;
    await app.services.interests.importAddresses([
      { ...row, fibreNetworks: [{ network: "TeraLink", technology: "VDSL", maxSpeedMbps: 100 }] },
    ]);
    const noticeToken = app.services.tokens.signCompact(
      "coverage",
      interest.body.response.interestId,
      app.clock.now(),
    );
    ok(await call(app, { method: "GET", url: `/shop/api/v3/coverage-notice/${noticeToken}` }));
  });

  it("calls the config, marketing and account operations", async () => {
    const app = ctx.app;
    ok(await call(app, { method: "GET", url: "/config/" }));
    const challenge = (await call(app, { method: "GET", url: "/marketing/altcha/challenge" })).body
      .response;
    const solution = await solveChallenge(
      challenge.challenge,
      challenge.salt,
      challenge.algorithm,
      challenge.maxnumber,
    ).promise;
    const form = new FormData();
    const fields = {
      formKey: "suria-contact-us",
      name: "Nur Aisyah",
      first_contact_number: "0123456789",
      second_contact_number: "0312345678",
      address: "Petaling Jaya",
      box_selection: "Suria Ultra Box",
      dish_selection: "New dish",
      contact: "Yes",
    };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append(
      "altcha",
      Buffer.from(JSON.stringify({ ...challenge, number: solution!.number })).toString("base64"),
    );
    const req = new Request("http://x/", { method: "POST", body: form });
    const contact = await app.inject({
      method: "POST",
      url: "/marketing/contact-us",
      payload: Buffer.from(await req.arrayBuffer()),
      headers: {
        "content-type": req.headers.get("content-type")!,
        "x-api-key": DEV_SECRETS.marketingApiKey,
      },
    });
    expect(contact.statusCode, contact.body).toBe(200);

    const product = await call(app, {
      method: "POST",
      url: "/content/api/v1/authenticate",
      payload: { product: "fibre", accountNumber: "1000234567", identityCard: "850315145678" },
    });
    ok(product);
    const token = product.body.response.token;
    ok(await call(app, { method: "GET", url: "/content/api/v1/entitled-astro-fibre", token }));
    ok(await call(app, { method: "POST", url: "/content/api/v1/entitled-astro-fibre", token }));
    ok(await call(app, { method: "GET", url: "/content/api/v1/user-info", token }));
    ok(
      await call(app, {
        method: "POST",
        url: "/content/api/v1/verify-user-info",
        token,
        payload: { phoneNumber: "0123456789" },
      }),
    );
    const b40 = (await call(app, { method: "POST", url: "/content/api/v1/b40/auth" })).body
      .response;
    ok(
      await call(app, {
        method: "POST",
        url: "/content/api/v1/b40/verify",
        payload: { identityCard: "880412105123" },
        headers: { authorization: `${b40.tokenType} ${b40.token}` },
      }),
    );
    ok(await call(app, { method: "GET", url: "/content/api/v1/referral/SURIA8K2Q?lang=bm" }));
    ok(
      await call(app, {
        method: "POST",
        url: "/content/api/v1/referral/status",
        payload: { referralCode: "SURIA8K2Q", phoneNumber: "0171112222" },
      }),
    );
  });

  it("has called every operation with a 2xx answer (a new operation needs a test)", () => {
    const expected: string[] = [];
    for (const [service, operations] of ctx.app.contractOperations) {
      for (const op of operations) {
        if (service !== "content" || ACCOUNT_OPERATIONS.includes(op.operationId))
          expected.push(op.operationId);
      }
    }
    expect(expected.length).toBeGreaterThan(20);
    expect(expected.filter((id) => !succeeded.has(id))).toEqual([]);
  });
});
