import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.js";
import { ManualClock } from "../lib/clock.js";
import { DEV_SECRETS } from "../lib/env.js";
import {
  buildTestApp,
  call,
  closeTestDatabase,
  createLead,
  openTestDatabase,
  type TestContext,
} from "../test/helper.js";

let db: Database;
let ctx: TestContext;
beforeAll(async () => {
  db = await openTestDatabase();
  ctx = await buildTestApp(db);
});
afterAll(async () => {
  await ctx?.close();
  await closeTestDatabase(db);
});

const SEARCH = "/address/cassandra/api/v1/address/greenfield-search";
const COVERAGE = "/address/cassandra/api/v1/address/check-isp-coverage";
const UPDATE = "/shop/api/v1/greenfield/update-sbb-lead";
const count = async (table: string) =>
  (await db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;

/** A lead token as the services sign them, for `subject`, signed with `secret`. */
const leadToken = (subject: string, secret: string = DEV_SECRETS.tokenSecret) =>
  new SignJWT({ kind: "lead" })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(subject)
    .setAudience("lead")
    .setIssuer("suria-portal-services")
    .setExpirationTime("1h")
    .sign(new TextEncoder().encode(secret));

describe("generate-sbb-lead", () => {
  it("answers a lead id and a token", async () => {
    const res = await call(ctx.app, {
      method: "POST",
      url: "/shop/api/v1/greenfield/generate-sbb-lead",
      payload: {
        product: "fibre",
        language: "en",
        packageId: "fibre-300-combo",
        utmSource: "newsletter",
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.response.leadId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.response.token.split(".")).toHaveLength(3);
  });

  it.each([
    [{ language: "bm" }, "product", "validation.product.required"],
    [{ product: "radio", language: "bm" }, "product", "validation.product.invalid"],
    [{ product: 1, language: "bm" }, "product", "validation.product.type"],
    [
      { product: "fibre", language: "bm", utmSource: "x".repeat(101) },
      "utmSource",
      "validation.utmSource.tooLong",
    ],
    [
      { product: "fibre", language: "bm", referralCode: "'; drop table leads;--" },
      "referralCode",
      "validation.referralCode.tooLong",
    ],
    [{ product: "fibre", language: "bm", admin: true }, "admin", "validation.admin.unknown"],
  ])("refuses %j naming the field, writing nothing", async (payload, field, code) => {
    const before = await count("leads");
    const res = await call(ctx.app, {
      method: "POST",
      url: "/shop/api/v1/greenfield/generate-sbb-lead",
      payload,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: "Bad Request", field, code });
    expect(await count("leads")).toBe(before);
  });

  it("refuses malformed JSON with a 400 naming the body", async () => {
    const res = await call(ctx.app, {
      method: "POST",
      url: "/shop/api/v1/greenfield/generate-sbb-lead",
      payload: "{oops",
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe("body");
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.js/);
  });
});

describe("lead token", () => {
  const body = { postalCode: "47301", residenceType: 1 };

  it("is required", async () => {
    const res = await call(ctx.app, { method: "POST", url: SEARCH, payload: body });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({
      statusCode: 401,
      message: "Token is unavailable",
      code: "auth.token.missing",
    });
  });

  it("refuses a tampered token", async () => {
    const { token } = await createLead(ctx.app);
    const [h, p, s] = token.split(".");
    const forged = `${h}.${p}.${s!.slice(0, -4)}AAAA`;
    const res = await call(ctx.app, { method: "POST", url: SEARCH, payload: body, token: forged });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("auth.token.invalid");
  });

  it("refuses a token signed with another key or of another kind", async () => {
    const other = await leadToken("x", "another-secret-another-secret-123");
    expect(
      (await call(ctx.app, { method: "POST", url: SEARCH, payload: body, token: other })).status,
    ).toBe(401);
    const b40 = (await call(ctx.app, { method: "POST", url: "/content/api/v1/b40/auth" })).body
      .response.token;
    expect(
      (await call(ctx.app, { method: "POST", url: SEARCH, payload: body, token: b40 })).status,
    ).toBe(401);
    const none = await leadToken("x");
    // A well-signed token for a lead that does not exist.
    expect(
      (await call(ctx.app, { method: "PATCH", url: UPDATE, payload: { name: "Ali" }, token: none }))
        .status,
    ).toBe(401);
  });

  it("expires after 24 hours", async () => {
    const { token } = await createLead(ctx.app);
    ctx.clock.advance(24 * 3600 + 1);
    const res = await call(ctx.app, { method: "POST", url: SEARCH, payload: body, token });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("auth.token.expired");
  });
});

describe("address service", () => {
  it("searches the register by postcode, residence type and prefixes", async () => {
    const { token } = await createLead(ctx.app);
    const all = await call(ctx.app, {
      method: "POST",
      url: SEARCH,
      token,
      payload: { postalCode: "47301", residenceType: 2 },
    });
    expect(all.status).toBe(200);
    expect(all.body.response.length).toBeGreaterThan(3);
    expect(all.body.response.every((a: { residenceType: number }) => a.residenceType === 2)).toBe(
      true,
    );
    const narrowed = await call(ctx.app, {
      method: "POST",
      url: SEARCH,
      token,
      payload: {
        postalCode: "47301",
        residenceType: 2,
        buildingName: "residensi",
        streetName: "Jalan SS 7/26",
      },
    });
    expect(narrowed.body.response.length).toBeGreaterThan(0);
    expect(
      narrowed.body.response.every(
        (a: { buildingName: string }) => a.buildingName === "Residensi Kelana",
      ),
    ).toBe(true);
    const none = await call(ctx.app, {
      method: "POST",
      url: SEARCH,
      token,
      payload: { postalCode: "99999", residenceType: 1 },
    });
    expect(none.body.response).toEqual([]);
    const percent = await call(ctx.app, {
      method: "POST",
      url: SEARCH,
      token,
      payload: { postalCode: "47301", residenceType: 1, streetName: "%" },
    });
    expect(percent.body.response).toEqual([]);
  });

  it("refuses a bad postcode naming the field", async () => {
    const { token } = await createLead(ctx.app);
    const res = await call(ctx.app, {
      method: "POST",
      url: SEARCH,
      token,
      payload: { postalCode: "4730", residenceType: 1 },
    });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe("postalCode");
  });

  it("answers coverage per platform", async () => {
    const { token } = await createLead(ctx.app);
    const fibre = await call(ctx.app, {
      method: "POST",
      url: `${COVERAGE}?platform=fibre`,
      token,
      payload: { postalCode: "47301", residenceType: 1 },
    });
    expect(fibre.status).toBe(200);
    expect(fibre.body.response).toMatchObject({ platform: "fibre", covered: true });
    expect(fibre.body.response.networks.length).toBeGreaterThan(0);
    const rural = await call(ctx.app, {
      method: "POST",
      url: `${COVERAGE}?platform=fibre`,
      token,
      payload: { postalCode: "45000", residenceType: 1 },
    });
    expect(rural.body.response).toMatchObject({ covered: false, networks: [] });
    const tv = await call(ctx.app, {
      method: "POST",
      url: `${COVERAGE}?platform=tv`,
      token,
      payload: { postalCode: "45000", residenceType: 1 },
    });
    expect(tv.body.response).toMatchObject({ platform: "tv", covered: true, networks: [] });
    const unknown = await call(ctx.app, {
      method: "POST",
      url: `${COVERAGE}?platform=fibre`,
      token,
      payload: { postalCode: "99999", residenceType: 1 },
    });
    expect(unknown.body.response).toEqual({ platform: "fibre", covered: false, networks: [] });
    const bad = await call(ctx.app, {
      method: "POST",
      url: `${COVERAGE}?platform=radio`,
      token,
      payload: { postalCode: "47301", residenceType: 1 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("platform");
  });
});

/** Statements run so far (the db_query_duration_seconds histogram's counts). */
const statements = async () => {
  const text = (await ctx.app.inject({ method: "GET", url: "/metrics" })).body;
  return [...text.matchAll(/^db_query_duration_seconds_count\{[^}]*\} (\d+)$/gm)].reduce(
    (n, m) => n + Number(m[1]),
    0,
  );
};

/** The first register address of a postcode, found with a lead's token. */
const addressId = async (token: string, postalCode: string) =>
  (
    await call(ctx.app, {
      method: "POST",
      url: SEARCH,
      token,
      payload: { postalCode, residenceType: 1 },
    })
  ).body.response[0].addressId as string;

describe("a lead's round trips (issue 22)", () => {
  it("creates a lead in one statement and changes it in one", async () => {
    // The client's first two hits of each route in a window lease rate-limit hits (one
    // statement each: one hit, then a batch).
    for (let i = 0; i < 2; i++) {
      const first = await createLead(ctx.app);
      await call(ctx.app, { method: "PATCH", url: UPDATE, token: first.token, payload: {} });
    }
    const before = await statements();
    const { token } = await createLead(ctx.app);
    expect((await statements()) - before).toBe(1);
    const mid = await statements();
    const res = await call(ctx.app, {
      method: "PATCH",
      url: UPDATE,
      token,
      payload: { name: "Aminah binti Yusof", phoneNumber: "0123456789", email: "a@example.my" },
    });
    expect(res.status).toBe(200);
    expect((await statements()) - mid).toBe(1);
  });

  it("writes leads asked for at once with one INSERT, each with its own id and token", async () => {
    await createLead(ctx.app);
    const before = await statements();
    const leadsBefore = await count("leads");
    const created = await Promise.all(Array.from({ length: 20 }, () => createLead(ctx.app)));
    // The 20 requests reach the service over two turns of the event loop under inject: 2 INSERTs.
    expect((await statements()) - before).toBeLessThanOrEqual(2);
    expect(new Set(created.map((c) => c.leadId)).size).toBe(20);
    expect(await count("leads")).toBe(leadsBefore + 20);
    const changed = await Promise.all(
      created.map((c) =>
        call(ctx.app, { method: "PATCH", url: UPDATE, token: c.token, payload: { name: "Ali" } }),
      ),
    );
    expect(changed.map((r) => r.body.response?.leadId)).toEqual(created.map((c) => c.leadId));
  });

  it("writes changes of several leads asked for at once with one UPDATE, each checked and answered on its own", async () => {
    const leads = await Promise.all(Array.from({ length: 6 }, () => createLead(ctx.app)));
    const covered = await addressId(leads[0]!.token, "47301");
    const rural = await addressId(leads[0]!.token, "45000");
    const missing = await leadToken("00000000-0000-4000-8000-000000000000");
    await db.query("update leads set status = 'submitted' where id = $1", [leads[5]!.leadId]);
    const payloads = [
      { name: "Ali" },
      { phoneNumber: "0123456789", alternatePhoneNumber: "0123456789" },
      { address: { addressId: rural } },
      { address: { addressId: covered, unitNumber: "7" } },
      { email: "siti@example.my" },
      { name: "Too late" },
    ];
    // Warm the rate-limit leases of the route for this client (one statement each).
    for (let i = 0; i < 2; i++)
      await call(ctx.app, { method: "PATCH", url: UPDATE, token: leads[4]!.token, payload: {} });
    const before = await statements();
    const answers = await Promise.all([
      ...payloads.map((payload, i) =>
        call(ctx.app, { method: "PATCH", url: UPDATE, token: leads[i]!.token, payload }),
      ),
      call(ctx.app, { method: "PATCH", url: UPDATE, token: missing, payload: { name: "Nobody" } }),
    ]);
    // Seven changes arriving together: one UPDATE (inject may split them over two turns).
    expect((await statements()) - before).toBeLessThanOrEqual(2);
    expect(answers.map((a) => a.status)).toEqual([200, 400, 400, 200, 200, 409, 401]);
    expect(answers[0]!.body.response).toMatchObject({ leadId: leads[0]!.leadId, name: "Ali" });
    expect(answers[1]!.body.errors[0].context.key).toBe("alternatePhoneNumber");
    expect(answers[2]!.body.errors).toEqual([
      { message: "The address is not in coverage", context: { key: "address" } },
    ]);
    expect(answers[3]!.body.response).toMatchObject({
      leadId: leads[3]!.leadId,
      unitNumber: "7",
      address: { addressId: covered },
    });
    expect(answers[4]!.body.response).toMatchObject({
      leadId: leads[4]!.leadId,
      email: "siti@example.my",
    });
    expect(answers[5]!.body.code).toBe("lead.submitted");
    expect(answers[6]!.body.code).toBe("auth.token.invalid");
    // Nothing of the refused changes was written.
    const rows = await db.query<{ id: string; name: string | null; address_id: string | null }>(
      "select id, name, address_id from leads where id = any($1) order by id",
      [[leads[1]!.leadId, leads[2]!.leadId, leads[5]!.leadId]],
    );
    expect(rows.rows.map((r) => [r.name, r.address_id])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
  });

  it("serialises concurrent changes of one lead: each answer shows its own write", async () => {
    const { token } = await createLead(ctx.app);
    const names = Array.from({ length: 8 }, (_, i) => `Aminah ${"abcdefgh"[i]}`);
    const answers = await Promise.all(
      names.map((name) =>
        call(ctx.app, { method: "PATCH", url: UPDATE, token, payload: { name } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(names.map(() => 200));
    expect(answers.map((a) => a.body.response.name)).toEqual(names);
    const stamps = answers.map((a) => a.body.response.updatedAt as string);
    expect(new Set(stamps).size).toBe(1); // the manual clock does not move
  });
});

describe("update-sbb-lead", () => {
  it("updates contact details and a covered address", async () => {
    const { token, leadId } = await createLead(ctx.app);
    const id = await addressId(token, "47301");
    const res = await call(ctx.app, {
      method: "PATCH",
      url: UPDATE,
      token,
      payload: {
        name: "Aminah binti Yusof",
        phoneNumber: "0123456789",
        alternatePhoneNumber: "03-7803 1234",
        email: "aminah@example.my",
        identityCard: "850315145678",
        address: { addressId: id, unitNumber: "12", remarks: "Blue gate" },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.response).toMatchObject({
      leadId,
      status: "draft",
      name: "Aminah binti Yusof",
      phoneNumber: "+60123456789",
      // The alternate number may be a fixed line (@portal/validation contactNumberSchema).
      alternatePhoneNumber: "+60378031234",
      email: "aminah@example.my",
      identityCard: "********5678",
      phoneVerified: false,
      consentGiven: false,
      documents: [],
    });
    expect(res.body.response.address.addressId).toBe(id);
  });

  it("accepts the numbers as people type them, stored in E.164", async () => {
    const { token } = await createLead(ctx.app);
    const res = await call(ctx.app, {
      method: "PATCH",
      url: UPDATE,
      token,
      payload: { phoneNumber: "(012) 345 6789", alternatePhoneNumber: "(03) 7803.1234" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.response).toMatchObject({
      phoneNumber: "+60123456789",
      alternatePhoneNumber: "+60378031234",
    });
  });

  it.each([
    [{ phoneNumber: "0312345678" }, "phoneNumber"],
    [{ phoneNumber: "12345" }, "phoneNumber"],
    [{ alternatePhoneNumber: "999" }, "alternatePhoneNumber"],
    [{ alternatePhoneNumber: "0212345678" }, "alternatePhoneNumber"],
    [{ email: "not-an-email" }, "email"],
    [{ email: "a@b" }, "email"],
    [{ phoneNumber: "0123456789", alternatePhoneNumber: "+60123456789" }, "alternatePhoneNumber"],
  ])("answers LeadUpdateError for %j", async (payload, key) => {
    const { token, leadId } = await createLead(ctx.app);
    const res = await call(ctx.app, { method: "PATCH", url: UPDATE, token, payload });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].context.key).toBe(key);
    const row = (
      await db.query<{ phone_number: string | null; email: string | null }>(
        "select phone_number, email from leads where id = $1",
        [leadId],
      )
    ).rows[0];
    expect(row).toEqual({ phone_number: null, email: null });
  });

  it("answers the address key for an address out of coverage", async () => {
    const { token } = await createLead(ctx.app);
    const rural = await addressId(token, "45000");
    const res = await call(ctx.app, {
      method: "PATCH",
      url: UPDATE,
      token,
      payload: { address: { addressId: rural } },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { message: "The address is not in coverage", context: { key: "address" } },
    ]);
  });

  it.each([
    [{}, "body"],
    [{ name: "A".repeat(101) }, "name"],
    [{ name: "<script>alert(1)</script>" }, "name"],
    [{ identityCard: "851315145678" }, "identityCard"],
    [{ address: { addressId: "x'; drop table leads;--" } }, "address.addressId"],
  ])("answers a validation error naming the field for %j", async (payload, field) => {
    const { token } = await createLead(ctx.app);
    const res = await call(ctx.app, { method: "PATCH", url: UPDATE, token, payload });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(res.body.code).toMatch(/^validation\./);
  });
});

describe("order, consent, register-interest and purchase", () => {
  it("records consent with language, text version, the shown text's hash and time", async () => {
    const { token, leadId } = await createLead(ctx.app);
    // The SHA-256 of the English consent text the sign-up shows (@portal/lead-flow's catalog).
    const en = "c3e043161d10d76c243ea36a65b0c9b963e6d1e38d3d726a6e616fb78e0a717d";
    const res = await call(ctx.app, {
      method: "POST",
      url: "/shop/api/v3/consent",
      token,
      payload: { language: "en", consentTextHash: en },
    });
    expect(res.status).toBe(200);
    expect(res.body.response).toMatchObject({
      language: "en",
      textVersion: "2026-01",
      consentTextHash: en,
      acceptedAt: ctx.clock.now().toISOString(),
    });
    const rows = await db.query(
      "select language, text_version, text_hash from consents where lead_id = $1",
      [leadId],
    );
    expect(rows.rows).toEqual([{ language: "en", text_version: "2026-01", text_hash: en }]);
    const bad = await call(ctx.app, {
      method: "POST",
      url: "/shop/api/v3/consent",
      token,
      payload: { language: "fr", consentTextHash: en },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("language");
  });

  it.each([
    ["an unknown text", { language: "en", consentTextHash: "0".repeat(64) }, "validation.invalid"],
    // The Malay text's hash with English: not the text shown in that language.
    [
      "the other language's text",
      {
        language: "en",
        consentTextHash: "a6bf6ebc2b3f20e58bdb6373714a38be00535088d08a50a443b27fd5c7bac17d",
      },
      "validation.invalid",
    ],
    ["no hash at all (an older client)", { language: "bm" }, "validation.consentTextHash.required"],
  ])("refuses a consent to %s with a 400 naming consentTextHash", async (_, payload, code) => {
    const { token, leadId } = await createLead(ctx.app);
    const res = await call(ctx.app, {
      method: "POST",
      url: "/shop/api/v3/consent",
      token,
      payload,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, field: "consentTextHash", code });
    const rows = await db.query("select id from consents where lead_id = $1", [leadId]);
    expect(rows.rows).toEqual([]);
  });

  it("refuses an unknown package with 404", async () => {
    const { token } = await createLead(ctx.app);
    const res = await call(ctx.app, {
      method: "PATCH",
      url: "/shop/api/v1/greenfield/update-sbb-order",
      token,
      payload: { packageId: "no-such-package" },
    });
    expect(res.status).toBe(404);
  });

  it("registers interest without a token, once per phone and product in 30 days", async () => {
    const payload = {
      name: "Lim Wei Ming",
      phoneNumber: "0198765432",
      product: "fibre",
      postalCode: "81300",
      language: "en",
    };
    const first = await call(ctx.app, {
      method: "POST",
      url: "/shop/api/v3/register-interest",
      payload,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await call(ctx.app, {
      method: "POST",
      url: "/shop/api/v3/register-interest",
      payload: { ...payload, phoneNumber: "+60198765432" },
    });
    expect(again.body.response.interestId).toBe(first.body.response.interestId);
    // Typed with parentheses and spaces: the same phone number, so the same registration.
    const typed = await call(ctx.app, {
      method: "POST",
      url: "/shop/api/v3/register-interest",
      payload: { ...payload, phoneNumber: "(019) 876 5432" },
    });
    expect(typed.status, JSON.stringify(typed.body)).toBe(200);
    expect(typed.body.response.interestId).toBe(first.body.response.interestId);
    const before = await count("interests");
    const bad = await call(ctx.app, {
      method: "POST",
      url: "/shop/api/v3/register-interest",
      payload: { ...payload, postalCode: "8130A" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("postalCode");
    expect(await count("interests")).toBe(before);
  });

  it("refuses a purchase of an incomplete lead, naming the first missing step", async () => {
    const { token } = await createLead(ctx.app);
    const res = await call(ctx.app, {
      method: "POST",
      url: "/shop/api/v3/purchase",
      token,
      payload: { termsAccepted: true },
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("lead.incomplete.contact");
    const terms = await call(ctx.app, {
      method: "POST",
      url: "/shop/api/v3/purchase",
      token,
      payload: { termsAccepted: false },
    });
    expect(terms.status).toBe(400);
    expect(terms.body.field).toBe("termsAccepted");
  });
});

describe("rate limits", () => {
  it("answer 429 with Retry-After and an ErrorBody past the per-minute maximum", async () => {
    // Counters live in the database: start from none (earlier tests counted on the same routes).
    await db.query("delete from rate_limits");
    const limited = await buildTestApp(db, { rateLimitMax: 3 });
    try {
      const send = () =>
        call(limited.app, {
          method: "POST",
          url: "/shop/api/v1/greenfield/generate-sbb-lead",
          payload: { product: "tv", language: "en" },
        });
      for (let i = 0; i < 3; i += 1) expect((await send()).status).toBe(200);
      const res = await send();
      expect(res.status).toBe(429);
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      expect(res.body).toMatchObject({
        statusCode: 429,
        error: "Too Many Requests",
        code: "rateLimit.exceeded",
      });
      // Authenticate gets a third of the maximum.
      const auth = () =>
        call(limited.app, {
          method: "POST",
          url: "/content/api/v1/authenticate",
          payload: { product: "fibre", accountNumber: "1000234567", identityCard: "850315145678" },
        });
      expect((await auth()).status).toBe(200);
      expect((await auth()).status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it("are leased from the database, exact across instances, per route, refused from memory once over, and end with the window", async () => {
    await db.query("delete from rate_limits");
    const clock = new ManualClock();
    const [one, two] = [
      await buildTestApp(db, { rateLimitMax: 3, clock }),
      await buildTestApp(db, { rateLimitMax: 3, clock }),
    ];
    try {
      const lead = (ctx2: typeof one) =>
        call(ctx2.app, {
          method: "POST",
          url: "/shop/api/v1/greenfield/generate-sbb-lead",
          payload: { product: "tv", language: "en" },
        });
      expect((await lead(one)).status).toBe(200);
      expect((await lead(two)).status).toBe(200);
      const third = await lead(one);
      expect(third.status).toBe(200);
      expect(third.headers["x-ratelimit-remaining"]).toBe("0");
      // The fourth, on either instance, finds the shared count at the limit.
      expect((await lead(two)).status).toBe(429);
      expect((await lead(one)).status).toBe(429);
      // Known over the limit: a refusal costs no database statement.
      let statements = 0;
      db.observe(() => (statements += 1));
      for (let i = 0; i < 10; i += 1) {
        const refused = await lead(i % 2 ? one : two);
        expect(refused.status).toBe(429);
        expect(Number(refused.headers["retry-after"])).toBe(60);
      }
      db.observe(undefined);
      expect(statements).toBe(0);
      // Another route counts on its own.
      const interest = await call(two.app, {
        method: "POST",
        url: "/shop/api/v3/register-interest",
        payload: {
          name: "Lim",
          phoneNumber: "0198765432",
          product: "tv",
          postalCode: "81300",
          language: "en",
        },
      });
      expect(interest.status, JSON.stringify(interest.body)).toBe(200);
      // One counter row per route and client: every hit asked for (three granted, one refused
      // ask per instance).
      const rows = await db.query<{ key: string; hits: number }>(
        "select key, hits from rate_limits order by key",
      );
      expect(rows.rows.find((r) => r.key.includes("generate-sbb-lead"))?.hits).toBe(5);
      expect(rows.rows.find((r) => r.key.includes("register-interest"))?.hits).toBe(1);
      // The window ends on the injected clock for both instances.
      clock.advance(61);
      expect((await lead(two)).status).toBe(200);
      expect((await lead(one)).status).toBe(200);
    } finally {
      await one.close();
      await two.close();
    }
  });
});
