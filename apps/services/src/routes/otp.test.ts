import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loggerOptions } from "../lib/logger.js";
import type { Database } from "../db/database.js";
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
let prod: TestContext;
beforeAll(async () => {
  db = await openTestDatabase();
  // SMS go through the queue: ctx's workers send every app's codes (one queue, one clock).
  ctx = await buildTestApp(db, { smsWorkers: true });
  prod = await buildTestApp(db, {
    clock: ctx.clock,
    env: {
      portalEnv: "production",
      tokenSecret: "p".repeat(40),
      uploadSecret: "u".repeat(40),
      otpSecret: "o".repeat(40),
      altchaHmacKey: "a".repeat(40),
      marketingApiKey: "m".repeat(40),
    },
  });
});
afterAll(async () => {
  await ctx?.close();
  await prod?.close();
  await closeTestDatabase(db);
});

const GEN = "/shop/api/v3/generate-otp";
const VERIFY = "/shop/api/v3/verify-otp";
let phoneSeq = 1000000;
const nextPhone = () => `01${String(++phoneSeq).padStart(8, "0")}`;
const intl = (p: string) => `+6${p}`;

describe("generate-otp", () => {
  it("answers a reference code, never the OTP, and stores only a hash", async () => {
    const { token } = await createLead(ctx.app);
    const phone = nextPhone();
    const res = await call(ctx.app, {
      method: "POST",
      url: GEN,
      token,
      payload: { phoneNumber: phone, mock: false },
    });
    expect(res.status).toBe(200);
    expect(res.body.response).toMatchObject({ expiresIn: 600, resendAfter: 180 });
    const otp = await ctx.sms.otpFor(intl(phone));
    expect(otp).toMatch(/^\d{6}$/);
    expect(JSON.stringify(res.body)).not.toContain(otp);
    const row = (
      await db.query<{ otp_hash: string }>("select otp_hash from otp_codes where code = $1", [
        res.body.response.code,
      ])
    ).rows[0]!;
    expect(row.otp_hash).not.toContain(otp);
  });

  it("answers 429 with Retry-After within the 180 s gap, and caps 5 sends an hour", async () => {
    const { token } = await createLead(ctx.app);
    const phone = nextPhone();
    const send = () =>
      call(ctx.app, {
        method: "POST",
        url: GEN,
        token,
        payload: { phoneNumber: phone, mock: true },
      });
    expect((await send()).status).toBe(200);
    ctx.clock.advance(100);
    const early = await send();
    expect(early.status).toBe(429);
    expect(early.headers["retry-after"]).toBe("80");
    expect(early.body.code).toBe("otp.resendTooSoon");
    for (let i = 0; i < 4; i += 1) {
      ctx.clock.advance(180);
      expect((await send()).status).toBe(200);
    }
    ctx.clock.advance(180);
    const capped = await send();
    expect(capped.status).toBe(429);
    expect(capped.body.code).toBe("otp.hourlyLimit");
    expect(Number(capped.headers["retry-after"])).toBeGreaterThan(0);
    ctx.clock.advance(Number(capped.headers["retry-after"]));
    expect((await send()).status).toBe(200);
  });

  it("refuses bad bodies naming the field", async () => {
    const { token } = await createLead(ctx.app);
    for (const [payload, field] of [
      [{ phoneNumber: "0312345678", mock: true }, "phoneNumber"],
      [{ phoneNumber: nextPhone() }, "mock"],
      [{ phoneNumber: nextPhone(), mock: "yes" }, "mock"],
    ] as const) {
      const res = await call(ctx.app, { method: "POST", url: GEN, token, payload });
      expect(res.status).toBe(400);
      expect(res.body.field).toBe(field);
    }
  });
});

describe("verify-otp", () => {
  const start = async (app = ctx.app, mock = true) => {
    const { token, leadId } = await createLead(app);
    const phone = nextPhone();
    const res = await call(app, {
      method: "POST",
      url: GEN,
      token,
      payload: { phoneNumber: phone, mock },
    });
    return { token, leadId, phone, code: res.body.response.code as string };
  };
  const verify = (token: string, phone: string, code: string, otp: string, app = ctx.app) =>
    call(app, {
      method: "POST",
      url: VERIFY,
      token,
      payload: { phoneNumber: phone, otp, code, mock: true },
    });

  it("verifies the mock OTP once, then answers 410 otp.used", async () => {
    const { token, phone, code } = await start();
    const ok = await verify(token, phone, code, "123456");
    expect(ok.status).toBe(200);
    expect(ok.body.response).toEqual({ verified: true, attemptsLeft: 5 });
    const lead = await call(ctx.app, {
      method: "PATCH",
      url: "/shop/api/v1/greenfield/update-sbb-lead",
      token,
      payload: { name: "Ali" },
    });
    expect(lead.body.response.phoneVerified).toBe(true);
    const again = await verify(token, phone, code, "123456");
    expect(again.status).toBe(410);
    expect(again.body.code).toBe("otp.used");
  });

  it("kills the code after 5 wrong attempts", async () => {
    const { token, phone, code } = await start();
    for (let left = 4; left >= 0; left -= 1) {
      const res = await verify(token, phone, code, "000000");
      expect(res.body.response, JSON.stringify(res.body)).toEqual({
        verified: false,
        attemptsLeft: left,
      });
    }
    const locked = await verify(token, phone, code, "123456");
    expect(locked.status).toBe(410);
    expect(locked.body.code).toBe("otp.locked");
  });

  it("expires after 10 minutes", async () => {
    const { token, phone, code } = await start();
    ctx.clock.advance(600);
    const res = await verify(token, phone, code, "123456");
    expect(res.status).toBe(410);
    expect(res.body.code).toBe("otp.expired");
  });

  it("is superseded by a newer code and bound to its lead and phone", async () => {
    const first = await start();
    const other = await createLead(ctx.app);
    expect((await verify(other.token, first.phone, first.code, "123456")).status).toBe(404);
    expect((await verify(first.token, nextPhone(), first.code, "123456")).status).toBe(404);
    ctx.clock.advance(181);
    await call(ctx.app, {
      method: "POST",
      url: GEN,
      token: first.token,
      payload: { phoneNumber: first.phone, mock: true },
    });
    const old = await verify(first.token, first.phone, first.code, "123456");
    expect(old.status).toBe(410);
  });

  it("verifies the real OTP sent by SMS", async () => {
    const { token, phone, code } = await start(ctx.app, false);
    const otp = await ctx.sms.otpFor(intl(phone));
    expect((await verify(token, phone, code, otp)).body.response.verified).toBe(true);
  });

  it("ignores the mock flag in production", async () => {
    const { token, phone, code } = await start(prod.app, true);
    const res = await verify(token, phone, code, "123456", prod.app);
    const otp = await prod.sms.otpFor(intl(phone));
    expect(otp).toMatch(/^\d{6}$/);
    if (otp !== "123456") expect(res.body.response.verified).toBe(false);
  });
});

describe("logs", () => {
  it("never hold tokens, identity cards, real OTPs or whole phone numbers", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await buildTestApp(db, {
      clock: ctx.clock,
      logger: { ...(loggerOptions("info") as object), stream } as never,
    });
    try {
      const { token } = await createLead(logged.app);
      const phone = nextPhone();
      await call(logged.app, {
        method: "POST",
        url: GEN,
        token,
        payload: { phoneNumber: phone, mock: false },
      });
      const otp = await logged.sms.otpFor(intl(phone));
      const mockPhone = nextPhone();
      await call(logged.app, {
        method: "POST",
        url: GEN,
        token,
        payload: { phoneNumber: mockPhone, mock: true },
      });
      const b40 = (await call(logged.app, { method: "POST", url: "/content/api/v1/b40/auth" })).body
        .response.token;
      await call(logged.app, {
        method: "POST",
        url: "/content/api/v1/b40/verify",
        token: b40,
        payload: { identityCard: "880412105123" },
      });
      const text = lines.join("");
      expect(text).toContain("mock OTP issued");
      expect(text).toContain("123456"); // the documented mock OTP is logged outside production
      expect(text).not.toContain(token);
      expect(text).not.toContain(b40);
      expect(text).not.toContain(`"${otp}"`);
      expect(text).not.toContain(phone.slice(1));
      expect(text).not.toContain(mockPhone.slice(1));
      expect(text).not.toContain("880412105123");
      expect(text).toContain(`*${mockPhone.slice(-3)}`);
    } finally {
      await logged.close();
    }
  });
});

describe("concurrent sends (issue 21)", () => {
  it("50 sends for different phones at once never answer 503, and other requests still get a connection", async () => {
    const leads = await Promise.all(Array.from({ length: 50 }, () => createLead(ctx.app)));
    const sends = leads.map(({ token }) =>
      call(ctx.app, {
        method: "POST",
        url: GEN,
        token,
        payload: { phoneNumber: nextPhone(), mock: true },
      }),
    );
    // Lead creations sent while the codes are being sent.
    const others = Array.from({ length: 20 }, () => createLead(ctx.app).then(() => 200));
    const statuses = (await Promise.all(sends)).map((r) => r.status);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(await Promise.all(others)).toEqual(Array(20).fill(200));
    expect(ctx.app.services.locks.queued).toBe(0);
  });
});
