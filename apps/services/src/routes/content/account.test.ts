import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/database.js";
import {
  buildTestApp,
  call,
  closeTestDatabase,
  openTestDatabase,
  type TestContext,
} from "../../test/helper.js";

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

const C = "/content/api/v1";
const productToken = async (accountNumber = "1000234567", identityCard = "850315145678") => {
  const res = await call(ctx.app, {
    method: "POST",
    url: `${C}/authenticate`,
    payload: { product: "fibre", accountNumber, identityCard },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.response.token as string;
};

describe("authenticate", () => {
  it("issues a 30-minute product token for matching credentials only", async () => {
    const res = await call(ctx.app, {
      method: "POST",
      url: `${C}/authenticate`,
      payload: { product: "fibre", accountNumber: "1000234567", identityCard: "850315145678" },
    });
    expect(res.body.response).toMatchObject({
      tokenType: "Bearer",
      expiresIn: 1800,
      product: "fibre",
    });
    const wrong = await call(ctx.app, {
      method: "POST",
      url: `${C}/authenticate`,
      payload: { product: "fibre", accountNumber: "1000234567", identityCard: "900101145679" },
    });
    expect(wrong.status).toBe(401);
    const bad = await call(ctx.app, {
      method: "POST",
      url: `${C}/authenticate`,
      payload: { product: "fibre", accountNumber: "12", identityCard: "850315145678" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("accountNumber");
  });
});

describe("B40", () => {
  it("verifies an identity card with the B40 token", async () => {
    const auth = await call(ctx.app, { method: "POST", url: `${C}/b40/auth` });
    expect(auth.body.response).toMatchObject({ tokenType: "Bearer", expiresIn: 600 });
    const { tokenType, token } = auth.body.response;
    const verify = (identityCard: string, authorization = `${tokenType} ${token}`) =>
      call(ctx.app, {
        method: "POST",
        url: `${C}/b40/verify`,
        payload: { identityCard },
        headers: { authorization },
      });
    expect((await verify("880412105123")).body.response).toEqual({
      status: "eligible",
      identityCard: "********5123",
      validUntil: "2027-12-31",
    });
    expect((await verify("750101015432")).body.response.status).toBe("notEligible");
    expect((await verify("990101105555")).body.response.status).toBe("notFound");
    const badDate = await verify("991301105555");
    expect(badDate.status).toBe(400);
    expect(badDate.body.field).toBe("identityCard");
    expect((await verify("880412105123", "")).status).toBe(401);
    expect((await verify("880412105123", `Bearer ${token}x`)).status).toBe(401);
    ctx.clock.advance(601);
    expect((await verify("880412105123")).status).toBe(401);
  });
});

describe("entitled-astro-fibre", () => {
  const E = `${C}/entitled-astro-fibre`;
  it("reads and claims the entitlement once", async () => {
    const token = await productToken();
    const get = await call(ctx.app, { method: "GET", url: E, token });
    expect(get.status).toBe(200);
    expect(get.body.response).toMatchObject({
      entitled: true,
      claimed: false,
      accountNumber: "******4567",
    });
    // ETag and If-None-Match -> 304, as the contract documents (checked against it).
    expect(get.headers.etag).toBeDefined();
    const unchanged = await ctx.app.inject({
      method: "GET",
      url: E,
      headers: { authorization: `Bearer ${token}`, "if-none-match": get.headers.etag as string },
    });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.headers.etag).toBe(get.headers.etag);
    const claim = await call(ctx.app, { method: "POST", url: E, token });
    expect(claim.status).toBe(200);
    // A reference a person can read out, not the UUID: SFC and 2 x 4 Crockford characters.
    expect(claim.body.response.reference).toMatch(
      /^SFC-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/,
    );
    const stored = await db.query<{ reference: string }>(
      "select reference from entitlement_claims where id = $1",
      [claim.body.response.claimId],
    );
    expect(stored.rows[0]?.reference).toBe(claim.body.response.reference);
    const again = await call(ctx.app, { method: "POST", url: E, token, payload: {} });
    expect(again.status).toBe(409);
    expect(again.body.errors[0].errorCode).toBe("ASTRO_FIBRE_ALREADY_CLAIMED");
    expect((await call(ctx.app, { method: "GET", url: E, token })).body.response.claimed).toBe(
      true,
    );
  });

  it("answers errorCode values for bad tokens, missing smart cards, store failures and non-entitled accounts", async () => {
    const none = await call(ctx.app, { method: "GET", url: E });
    expect(none.status).toBe(401);
    expect(none.body.errors[0].errorCode).toBe("ASTRO_FIBRE_INVALID_TOKEN");
    const smc = await call(ctx.app, {
      method: "GET",
      url: E,
      token: await productToken("1000456789", "780622105432"),
    });
    expect(smc.status).toBe(403);
    expect(smc.body.errors[0].errorCode).toBe("SMC_MANDATORY");
    const store = await call(ctx.app, {
      method: "GET",
      url: E,
      token: await productToken("1000567890", "950909125555"),
    });
    expect(store.status).toBe(500);
    expect(store.body.errors[0].errorCode).toBe("AWS_DYNAMODB_GET_FAILED");
    const notEntitled = await productToken("1000345678", "900101145679");
    expect(
      (await call(ctx.app, { method: "GET", url: E, token: notEntitled })).body.response.entitled,
    ).toBe(false);
    const claim = await call(ctx.app, { method: "POST", url: E, token: notEntitled });
    expect(claim.status).toBe(403);
    expect(claim.body.errors[0].errorCode).toBe("ASTRO_FIBRE_NOT_ENTITLED");
    const body = await call(ctx.app, {
      method: "POST",
      url: E,
      token: notEntitled,
      payload: { x: 1 },
    });
    expect(body.status).toBe(400);
    expect(body.body.errors[0].errorCode).toBeDefined();
  });
});

describe("user info", () => {
  it("answers masked details and verifies entries", async () => {
    const token = await productToken();
    const info = await call(ctx.app, { method: "GET", url: `${C}/user-info`, token });
    expect(info.status).toBe(200);
    expect(info.body.response).toMatchObject({
      name: "Aminah binti Yusof",
      email: "a*****@example.my",
    });
    expect(info.body.response.phoneNumber).toMatch(/^\*+6789$/);
    const ok = await call(ctx.app, {
      method: "POST",
      url: `${C}/verify-user-info`,
      token,
      payload: { phoneNumber: "012-3456789".replace("-", ""), email: "AMINAH@example.my" },
    });
    expect(ok.body.response).toEqual({ verified: true, mismatches: [] });
    const ko = await call(ctx.app, {
      method: "POST",
      url: `${C}/verify-user-info`,
      token,
      payload: { phoneNumber: "0199999999", email: "x@example.my" },
    });
    expect(ko.body.response).toEqual({ verified: false, mismatches: ["phoneNumber", "email"] });
    expect((await call(ctx.app, { method: "GET", url: `${C}/user-info` })).status).toBe(401);
    // Conditional GETs work on every GET, with private caching for credentialed answers.
    expect(info.headers["cache-control"]).toBe("private, no-cache");
    const again = await ctx.app.inject({
      method: "GET",
      url: `${C}/user-info`,
      headers: { authorization: `Bearer ${token}`, "if-none-match": info.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });
});

describe("referral", () => {
  it("answers referral info by code and language, with an ETag", async () => {
    const res = await call(ctx.app, { method: "GET", url: `${C}/referral/SURIA8K2Q?lang=en` });
    expect(res.status).toBe(200);
    expect(res.body.response).toMatchObject({
      code: "SURIA8K2Q",
      status: "active",
      product: "fibre",
      reward: { title: "RM50 rebate" },
    });
    expect(res.headers.etag).toBeDefined();
    expect(
      (await call(ctx.app, { method: "GET", url: `${C}/referral/SURIA8K2Q` })).body.response.reward
        .title,
    ).toBe("Rebat RM50");
    expect(
      (await call(ctx.app, { method: "GET", url: `${C}/referral/OLDCODE01` })).body.response.status,
    ).toBe("expired");
    expect(
      (await call(ctx.app, { method: "GET", url: `${C}/referral/FULLUP100` })).body.response.status,
    ).toBe("exhausted");
    expect((await call(ctx.app, { method: "GET", url: `${C}/referral/NOSUCH99` })).status).toBe(
      404,
    );
    expect((await call(ctx.app, { method: "GET", url: `${C}/referral/bad` })).status).toBe(400);
  });

  it("answers referral status for a code and phone", async () => {
    const res = await call(ctx.app, {
      method: "POST",
      url: `${C}/referral/status`,
      payload: { referralCode: "SURIA8K2Q", phoneNumber: "0171112222" },
    });
    expect(res.status).toBe(200);
    expect(res.body.response).toMatchObject({ referralCode: "SURIA8K2Q", status: "installed" });
    expect(
      (
        await call(ctx.app, {
          method: "POST",
          url: `${C}/referral/status`,
          payload: { referralCode: "SURIA8K2Q", phoneNumber: "0170000000" },
        })
      ).status,
    ).toBe(404);
    const bad = await call(ctx.app, {
      method: "POST",
      url: `${C}/referral/status`,
      payload: { referralCode: "SURIA8K2Q" },
    });
    expect(bad.body.field).toBe("phoneNumber");
  });
});
