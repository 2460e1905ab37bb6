// The abuse limits of issue 12, each tried from two instances on one database (PGlite shares one
// engine; with DATABASE_URL, two apps on one PostgreSQL schema, requests sent to both at once):
// distinct phones per lead, sends per phone per hour and per day, sends per client address, the
// global hourly SMS budget, and failed identity checks on authenticate and B40 lookups whatever
// the client address. Every refusal is a 429 with Retry-After and a stable code.
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./db/database.js";
import { ManualClock } from "./lib/clock.js";
import { DEFAULT_LIMITS, type AbuseLimits } from "./lib/env.js";
import { loggerOptions } from "./lib/logger.js";
import {
  buildTestApp,
  closeTestDatabase,
  createLead,
  openTestDatabase,
  testQueueSchema,
  type TestContext,
} from "./test/helper.js";

const LIMITS: AbuseLimits = {
  ...DEFAULT_LIMITS,
  otpPhonesPerLead: 3,
  otpSendsPerPhoneHour: 5,
  otpSendsPerPhoneDay: 7,
  otpSendsPerClientHour: 12,
  smsBudgetPerHour: 1_000_000,
  authFailuresPerAccount: 5,
  b40FailuresPerToken: 3,
  b40LookupsPerCardHour: 6,
  identityWindowSeconds: 900,
};

let db: Database;
const clock = new ManualClock();
let one: TestContext;
let two: TestContext;
const logLines: string[] = [];

/** Two instances on the same database, with the given limits. */
async function pair(limits: AbuseLimits): Promise<[TestContext, TestContext]> {
  const sink = new Writable({
    write(chunk, _enc, next) {
      logLines.push(chunk.toString());
      next();
    },
  });
  const make = () =>
    buildTestApp(db, {
      clock,
      // Codes go through the sms queue; both instances' workers send them.
      smsWorkers: true,
      env: { limits },
      logger: { ...(loggerOptions("warn") as object), stream: sink },
    });
  return [await make(), await make()];
}

beforeAll(async () => {
  db = await openTestDatabase();
  [one, two] = await pair(LIMITS);
});
afterAll(async () => {
  await one?.close();
  await two?.close();
  await closeTestDatabase(db);
});

let phoneSeq = 3000000;
const nextPhone = () => `01${String(++phoneSeq).padStart(8, "0")}`;
let addressSeq = 1;
const nextAddress = () => `198.51.100.${addressSeq++}`;

/** Asks `ctx` for a code from `address`. */
const send = (
  ctx: TestContext,
  token: string,
  phoneNumber: string,
  address = "203.0.113.9",
  mock = true,
) =>
  ctx.app.inject({
    method: "POST",
    url: "/shop/api/v3/generate-otp",
    headers: { authorization: `Bearer ${token}` },
    payload: { phoneNumber, mock },
    remoteAddress: address,
  });

const body = (res: { body: string }) => JSON.parse(res.body) as Record<string, unknown>;

describe("SMS pumping", () => {
  it("caps the distinct phone numbers of one lead, across instances", async () => {
    const { token } = await createLead(one.app);
    const address = nextAddress();
    const phones = [nextPhone(), nextPhone(), nextPhone(), nextPhone()];
    // Three phones through two instances at once.
    const first = await Promise.all([
      send(one, token, phones[0]!, address),
      send(two, token, phones[1]!, address),
      send(one, token, phones[2]!, address),
    ]);
    expect(first.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const fourth = await send(two, token, phones[3]!, address);
    expect(fourth.statusCode).toBe(429);
    expect(body(fourth)).toMatchObject({ statusCode: 429, code: "otp.tooManyPhones" });
    expect(Number(fourth.headers["retry-after"])).toBe(24 * 3600);
    // A phone the lead already uses may get a new code after the gap.
    clock.advance(181);
    expect((await send(one, token, phones[0]!, address)).statusCode).toBe(200);
  });

  it("caps sends per phone per hour and per day, across instances and leads", async () => {
    const phone = nextPhone();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const { token } = await createLead(one.app);
      statuses.push((await send(i % 2 ? two : one, token, phone, nextAddress())).statusCode);
      clock.advance(181);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const { token } = await createLead(two.app);
    const hourly = await send(two, token, phone, nextAddress());
    expect(hourly.statusCode).toBe(429);
    expect(body(hourly).code).toBe("otp.hourlyLimit");
    // The first send of the hour was 5 x 181 s ago.
    expect(Number(hourly.headers["retry-after"])).toBe(3600 - 5 * 181);
    // Next hour: two more, then the day's cap of 7.
    clock.advance(3600);
    expect((await send(one, token, phone, nextAddress())).statusCode).toBe(200);
    clock.advance(181);
    expect((await send(two, token, phone, nextAddress())).statusCode).toBe(200);
    clock.advance(181);
    const daily = await send(one, token, phone, nextAddress());
    expect(daily.statusCode).toBe(429);
    expect(body(daily).code).toBe("otp.dailyLimit");
    expect(Number(daily.headers["retry-after"])).toBeGreaterThan(3600 * 20);
    clock.advance(24 * 3600);
  });

  it("caps sends per client address, across instances and leads", async () => {
    const address = nextAddress();
    const answers = await Promise.all(
      Array.from({ length: 14 }, async (_, i) => {
        const { token } = await createLead(one.app);
        return send(i % 2 ? two : one, token, nextPhone(), address);
      }),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(12);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(2);
    for (const r of refused) {
      expect(body(r).code).toBe("otp.clientLimit");
      expect(Number(r.headers["retry-after"])).toBe(3600);
    }
    clock.advance(3601);
  });

  it("stops sending SMS past the global hourly budget, with an alert and a metric", async () => {
    const [a, b] = await pair({ ...LIMITS, smsBudgetPerHour: 3 });
    try {
      // The budget counts real SMS of the last hour, whoever sent them.
      clock.advance(3601);
      const statuses: number[] = [];
      const phones: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        const { token } = await createLead(a.app);
        phones.push(nextPhone());
        statuses.push(
          (await send(i % 2 ? b : a, token, phones[i]!, nextAddress(), false)).statusCode,
        );
      }
      expect(statuses).toEqual([200, 200, 200]);
      const codes = await Promise.all(phones.map((p) => a.sms.otpFor(`+6${p}`)));
      expect(codes.map((c) => /^\d{6}$/.test(c))).toEqual([true, true, true]);
      const { token } = await createLead(b.app);
      const refusedPhone = nextPhone();
      const refused = await send(b, token, refusedPhone, nextAddress(), false);
      expect(refused.statusCode).toBe(429);
      expect(body(refused).code).toBe("otp.smsBudget");
      expect(Number(refused.headers["retry-after"])).toBe(3600);
      // The refused code's job was never committed: its phone has no SMS, now or later.
      const queued = await db.query<{ n: number }>(
        `select count(*)::int as n from ${await testQueueSchema(db)}.job where name = 'sms' and data->>'phoneNumber' = $1`,
        [`+6${refusedPhone}`],
      );
      expect(queued.rows[0]!.n).toBe(0);
      expect(a.sms.sent.has(`+6${refusedPhone}`)).toBe(false);
      expect(logLines.some((l) => l.includes('"alert":"smsBudgetExhausted"'))).toBe(true);
      const metrics = await b.app.inject({ method: "GET", url: "/metrics" });
      expect(metrics.body).toContain("sms_budget_exhausted 1");
      expect(metrics.body).toContain('otp_refusals_total{reason="smsBudget"} 1');
      // Mock codes (development) cost nothing and are not held back.
      expect((await send(b, token, nextPhone(), nextAddress(), true)).statusCode).toBe(200);
      clock.advance(3601);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe("identity guesses", () => {
  const authenticate = (ctx: TestContext, identityCard: string, address: string) =>
    ctx.app.inject({
      method: "POST",
      url: "/content/api/v1/authenticate",
      payload: { product: "fibre", accountNumber: "1000345678", identityCard },
      remoteAddress: address,
    });

  it("locks authenticate for an account after 5 wrong cards from any address, right card included", async () => {
    const wrong = ["850315145678", "880412105123", "910723086789", "750101015432", "900101145678"];
    const answers = await Promise.all(
      wrong.map((card, i) => authenticate(i % 2 ? two : one, card, nextAddress())),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401]);
    const right = await authenticate(two, "900101145679", nextAddress());
    expect(right.statusCode).toBe(429);
    expect(body(right)).toMatchObject({ statusCode: 429, code: "auth.accountLocked" });
    expect(Number(right.headers["retry-after"])).toBe(900);
    // Another account is not affected.
    const other = await one.app.inject({
      method: "POST",
      url: "/content/api/v1/authenticate",
      payload: { product: "fibre", accountNumber: "1000234567", identityCard: "850315145678" },
      remoteAddress: nextAddress(),
    });
    expect(other.statusCode).toBe(200);
    // The window ends: the right card passes and clears the count.
    clock.advance(901);
    expect((await authenticate(one, "900101145679", nextAddress())).statusCode).toBe(200);
  });

  const b40Token = async (ctx: TestContext) =>
    JSON.parse((await ctx.app.inject({ method: "POST", url: "/content/api/v1/b40/auth" })).body)
      .response.token as string;
  const b40 = (ctx: TestContext, token: string, identityCard: string) =>
    ctx.app.inject({
      method: "POST",
      url: "/content/api/v1/b40/verify",
      headers: { authorization: `Bearer ${token}` },
      payload: { identityCard },
      remoteAddress: nextAddress(),
    });

  it("refuses a B40 token after 3 lookups that find nobody, on any instance", async () => {
    const token = await b40Token(one);
    const misses = ["900505105555", "900606106666", "900707107777"];
    const answers = await Promise.all(misses.map((card, i) => b40(i % 2 ? two : one, token, card)));
    expect(answers.map((r) => JSON.parse(r.body).response.status)).toEqual([
      "notFound",
      "notFound",
      "notFound",
    ]);
    const fourth = await b40(two, token, "880412105123");
    expect(fourth.statusCode).toBe(429);
    expect(body(fourth).code).toBe("b40.tooManyFailures");
    // A fresh token may look up again.
    expect((await b40(one, await b40Token(one), "880412105123")).statusCode).toBe(200);
    clock.advance(901);
  });

  it("caps lookups of one identity card per hour, whatever the token and address", async () => {
    const card = "910723086789";
    const answers: number[] = [];
    for (let i = 0; i < 6; i += 1)
      answers.push((await b40(i % 2 ? two : one, await b40Token(one), card)).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 200]);
    const refused = await b40(two, await b40Token(two), card);
    expect(refused.statusCode).toBe(429);
    expect(body(refused).code).toBe("b40.tooManyLookups");
    expect(Number(refused.headers["retry-after"])).toBe(3600);
    clock.advance(3601);
  });
});
