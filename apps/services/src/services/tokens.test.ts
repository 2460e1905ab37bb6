// The lead, product and B40 tokens signed with node:crypto (issue 22): standard HS256 JWTs that
// jose accepts, jose's accepted in turn, and every kind of forgery refused.
import { createHmac } from "node:crypto";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { ManualClock } from "../lib/clock.js";
import { TokenService } from "./tokens.js";

const SECRET = "test-token-secret-0123456789abcdefghijkl";
const key = new TextEncoder().encode(SECRET);
const clock = new ManualClock("2026-11-28T02:00:00Z");
const tokens = new TokenService(SECRET, clock);
const now = Math.floor(clock.now().getTime() / 1000);

const joseToken = (claims: Record<string, unknown>) =>
  new SignJWT({ kind: "lead", ...claims })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer("suria-portal-services")
    .setAudience("lead")
    .setSubject("4b0c1d7e-0000-4000-8000-000000000001")
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(key);

const refused = async (token: string, code = "auth.token.invalid") =>
  expect(tokens.verify("lead", token)).rejects.toMatchObject({ statusCode: 401, code });

describe("tokens", () => {
  it("signs standard HS256 JWTs that jose verifies, with the claims of issue 3", async () => {
    const token = await tokens.issue("product", "acct-1", { product: "fibre" });
    const { payload, protectedHeader } = await jwtVerify(token, key, {
      algorithms: ["HS256"],
      issuer: "suria-portal-services",
      audience: "product",
      currentDate: clock.now(),
    });
    expect(protectedHeader).toEqual({ alg: "HS256", typ: "JWT" });
    expect(payload).toEqual({
      kind: "product",
      product: "fibre",
      iss: "suria-portal-services",
      aud: "product",
      sub: "acct-1",
      iat: now,
      exp: now + 30 * 60,
    });
    expect(await tokens.verify("product", token)).toEqual({
      sub: "acct-1",
      kind: "product",
      product: "fibre",
    });
  });

  it("accepts jose's tokens (issued before the change) and other HS256 headers", async () => {
    const sub = "4b0c1d7e-0000-4000-8000-000000000001";
    expect(await tokens.verify("lead", await joseToken({}))).toEqual({
      sub,
      kind: "lead",
      product: undefined,
    });
    const bare = await new SignJWT({ kind: "lead" })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer("suria-portal-services")
      .setAudience(["lead", "other"])
      .setSubject(sub)
      .setExpirationTime(now + 60)
      .sign(key);
    expect((await tokens.verify("lead", bare)).sub).toBe(sub);
  });

  it("refuses absent, tampered, re-keyed, other-kind, other-algorithm and expired tokens", async () => {
    await expect(tokens.verify("lead", undefined)).rejects.toMatchObject({
      statusCode: 401,
      code: "auth.token.missing",
    });
    const good = await tokens.issue("lead", "4b0c1d7e-0000-4000-8000-000000000001");
    const [h, p, s] = good.split(".") as [string, string, string];
    await refused(`${h}.${p}.${s.slice(0, -2)}${s.endsWith("A") ? "B" : "A"}A`);
    await refused(`${h}.${p}`);
    await refused(`${h}.${p}.${s}.x`);
    const claims = JSON.parse(Buffer.from(p, "base64url").toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: "someone-else" })).toString(
      "base64url",
    );
    await refused(`${h}.${forged}.${s}`);
    await refused(
      await new SignJWT({ kind: "lead" })
        .setProtectedHeader({ alg: "HS256" })
        .setIssuer("suria-portal-services")
        .setAudience("lead")
        .setSubject("x")
        .setExpirationTime(now + 60)
        .sign(new TextEncoder().encode("another-secret-another-secret-123")),
    );
    await refused(await tokens.issue("b40", "x"));
    await refused(await joseToken({ kind: "b40" }));
    const critical = Buffer.from('{"alg":"HS256","crit":["x"],"x":1}').toString("base64url");
    const mac = createHmac("sha256", SECRET).update(`${critical}.${p}`).digest("base64url");
    await refused(`${critical}.${p}.${mac}`);
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString("base64url")}.${p}.`;
    await refused(none);
    await refused(await joseToken({ nbf: now + 60 }));
    const otherIssuer = Buffer.from(JSON.stringify({ ...claims, iss: "someone" })).toString(
      "base64url",
    );
    const signed = createHmac("sha256", SECRET).update(`${h}.${otherIssuer}`).digest("base64url");
    await refused(`${h}.${otherIssuer}.${signed}`);
    // Expired: from its `exp` second on, as jose (JWTExpired).
    clock.advance(24 * 60 * 60 - 1);
    expect((await tokens.verify("lead", good)).kind).toBe("lead");
    clock.advance(1);
    await refused(good, "auth.token.expired");
    await expect(jwtVerify(good, key, { currentDate: clock.now() })).rejects.toBeInstanceOf(
      joseErrors.JWTExpired,
    );
  });
});
