/**
 * Issue 24: every SMS goes through the `sms` queue (pg-boss) to a Twilio-compatible API, here a
 * real HTTP stub: the one-time code (exact To, From and Body, and how long it takes to leave),
 * a provider outage (delivered once it is back, once), a permanent refusal (dead-lettered, in the
 * metrics and `ops sms-dead`), the tracking link after a purchase, and the installation reminder
 * at 18:00 Malaysian time the day before (sent, or dropped for a cancelled order). Production
 * refuses to start without a provider. On PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./db/database.js";
import { ManualClock } from "./lib/clock.js";
import { loadEnv } from "./lib/env.js";
import { runOps } from "./ops.js";
import { erasePerson } from "./services/privacy.js";
import {
  buildTestApp,
  call,
  closeTestDatabase,
  openTestDatabase,
  testQueueSchema,
  type TestContext,
} from "./test/helper.js";
import { purchase, readyLead } from "./test/orders.js";
import { SmsStub } from "./test/sms-stub.js";

const SHOP = "/shop/api";
const WEB = "https://www.suria.example";
let db: Database;
let ctx: TestContext;
let schema: string;
const stub = new SmsStub();
// The wall clock's time, held still: reminders are days ahead of the database's now().
const clock = new ManualClock(new Date(Math.floor(Date.now() / 1000) * 1000));

beforeAll(async () => {
  await stub.up();
  db = await openTestDatabase();
  schema = await testQueueSchema(db);
  ctx = await buildTestApp(db, {
    clock,
    smsWorkers: true,
    // The provider of the settings (the stub), not the test's capturing one.
    sms: undefined,
    env: {
      webUrl: WEB,
      sms: {
        ...loadEnv({}).sms,
        provider: "twilio-compatible",
        url: stub.url,
        accountSid: "ACportal",
        authToken: "sms-token",
        from: "SURIA",
        timeoutMs: 2000,
        retryDelaySeconds: 1,
        retryLimit: 3,
      },
    },
  });
});
afterAll(async () => {
  await ctx?.close();
  await closeTestDatabase(db);
  await stub.down();
});

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

let phones = 0;
const nextPhone = () => `0176${String(300_000 + ++phones).padStart(6, "0")}`;
const e164 = (phone: string) => `+6${phone}`;
const metrics = async () => (await ctx.app.inject({ url: "/metrics" })).body;
/** Waits for a metric line (the queue gauges are read at most every 0.5 s). */
const metric = (line: string) =>
  until(line, async () => (await metrics()).split("\n").includes(line), 5000);

/** A lead in `language` asking for a real code (mock false) for a fresh phone. */
async function requestCode(language: "bm" | "en" = "bm") {
  const lead = await call(ctx.app, {
    method: "POST",
    url: `${SHOP}/v1/greenfield/generate-sbb-lead`,
    payload: { product: "fibre", language },
  });
  const token = lead.body.response.token as string;
  const phone = nextPhone();
  const started = performance.now();
  const res = await call(ctx.app, {
    method: "POST",
    url: `${SHOP}/v3/generate-otp`,
    token,
    payload: { phoneNumber: phone, mock: false },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return {
    token,
    phone,
    code: res.body.response.code as string,
    started,
  };
}

describe("one-time codes through the queue", () => {
  it("reach the provider with the exact To, From and Body in the lead's language, in well under a second", async () => {
    const latencies: number[] = [];
    for (const language of ["bm", "en", "bm", "en", "bm", "en"] as const) {
      const { token, phone, code, started } = await requestCode(language);
      await until("the code's SMS", () => stub.to(e164(phone)).length === 1, 5000);
      const [sms] = stub.to(e164(phone));
      latencies.push(sms!.at - (performance.timeOrigin + started));
      expect(sms!.path).toBe("/2010-04-01/Accounts/ACportal/Messages.json");
      expect(sms!.auth).toBe(`Basic ${Buffer.from("ACportal:sms-token").toString("base64")}`);
      expect(sms!.from).toBe("SURIA");
      const otp = /\d{6}/.exec(sms!.body)![0];
      expect(sms!.body).toBe(
        language === "en"
          ? `Suria: your code is ${otp}. Valid for 10 minutes. Never share it.`
          : `Suria: kod anda ${otp}. Sah selama 10 minit. Jangan kongsi kod ini.`,
      );
      const verified = await call(ctx.app, {
        method: "POST",
        url: `${SHOP}/v3/verify-otp`,
        token,
        payload: { phoneNumber: phone, otp, code, mock: false },
      });
      expect(verified.body.response).toEqual({ verified: true, attemptsLeft: 5 });
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    console.log(
      `OTP SMS latency (request sent -> stub received, ms, 6 codes, poll interval 0.5 s): ${latencies.map((l) => l.toFixed(0)).join(", ")}; median ${sorted[3]!.toFixed(0)}`,
    );
    expect(await metrics()).toContain('sms_messages_total{kind="otp",outcome="sent"} 6');
  });

  it("wait while the provider is down and are delivered once when it is back", async () => {
    await stub.down();
    const { phone } = await requestCode();
    const retried = async () =>
      /sms_messages_total\{kind="otp",outcome="retry"\} [1-9]/.test(await metrics());
    await until("a failed attempt", retried);
    expect(stub.to(e164(phone))).toEqual([]);
    await stub.up();
    await until("the code after the outage", () => stub.to(e164(phone)).length > 0);
    // A little longer: nothing arrives twice.
    await new Promise((r) => setTimeout(r, 1500));
    expect(stub.to(e164(phone))).toHaveLength(1);
  });

  it("refused for good (4xx) are dead-lettered, counted and listed without the code or the number", async () => {
    stub.status = 400;
    const before = stub.requests;
    const { phone } = await requestCode("en");
    await until("the dead letter", async () =>
      (await metrics()).includes('sms_messages_total{kind="otp",outcome="deadLettered"} 1'),
    );
    stub.status = 201;
    expect(stub.requests - before).toBe(1);
    await metric('sms_queue_depth{state="deadLettered"} 1');
    await metric('sms_queue_depth{state="pending"} 0');
    const lines: string[] = [];
    expect(await runOps(["sms-dead"], (t) => lines.push(t), { db })).toBe(3);
    // +60176300003: 11 digits, the last 3 shown.
    const masked = `${"*".repeat(8)}${phone.slice(-3)}`;
    expect(lines).toEqual([
      `${clock.now().toISOString()} otp en ${masked} attempts=1 queued=${lines[0]!.split("queued=")[1]!.split(" ")[0]} last_error="SMS provider answered 400 (code 21211)"`,
      "dead-lettered SMS 1",
    ]);
    expect(lines.join("\n")).not.toContain(phone.slice(2));
  });
});

/** A fibre lead ready to purchase, holding the first installation slot offered. */
async function leadWithSlot() {
  const { token, leadId } = await readyLead(ctx.app, 700_000);
  const offered = await call(ctx.app, {
    method: "GET",
    url: `${SHOP}/v1/greenfield/installation-slots?days=3`,
    token,
  });
  const first = offered.body.response.slots[0] as { date: string; slot: string };
  const held = await call(ctx.app, {
    method: "POST",
    url: `${SHOP}/v1/greenfield/installation-hold`,
    token,
    payload: { date: first.date, slot: first.slot },
  });
  expect(held.status, JSON.stringify(held.body)).toBe(200);
  const { rows } = await db.query<{ phone_number: string }>(
    "select phone_number from leads where id = $1",
    [leadId],
  );
  return { token, phone: rows[0]!.phone_number, date: first.date, slot: first.slot };
}

/** The reminder job of an order (pg-boss's table). */
async function reminderJob(orderNumber: string) {
  const { rows } = await db.query<{ id: string; start_after: Date | string; data: unknown }>(
    `select id, start_after, data from ${schema}.job
      where name = 'sms' and data->>'kind' = 'reminder' and data->'params'->>'orderNumber' = $1`,
    [orderNumber],
  );
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** The day before `date`, at 18:00 Malaysian time (10:00 UTC). */
const eveBefore = (date: string) =>
  new Date(Date.parse(`${date}T10:00:00Z`) - 86_400_000).toISOString();

describe("order SMS", () => {
  it("the purchase sends the tracking link and schedules the reminder for 18:00 MYT the day before; it is sent when due", async () => {
    const { token, phone, date, slot } = await leadWithSlot();
    const bought = await purchase(ctx.app, token);
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const { orderNumber, tracking } = bought.body.response as {
      orderNumber: string;
      tracking: { token: string };
    };
    const link = `${WEB}/track/${tracking.token}`;
    await until("the tracking SMS", () => stub.to(phone).length === 1);
    expect(stub.to(phone)[0]!.body).toBe(
      `Suria: pesanan ${orderNumber} diterima. Ikuti di sini: ${link}`,
    );

    const job = await reminderJob(orderNumber);
    expect(new Date(job.start_after).toISOString()).toBe(eveBefore(date));
    expect(job.data).toEqual({
      kind: "reminder",
      phoneNumber: phone,
      language: "bm",
      params: { orderNumber, date, slot, link, sendAt: eveBefore(date) },
    });
    await metric('sms_queue_depth{state="scheduled"} 1');
    // Due now (the eve has come): the order still has its slot, so it is sent.
    await db.query(`update ${schema}.job set start_after = now() where id = $1`, [job.id]);
    ctx.app.services.sms.nudge();
    await until("the reminder", () => stub.to(phone).length === 2);
    const [, month, day] = /^\d{4}-(\d\d)-(\d\d)$/.exec(date)!;
    const months = [
      "Jan",
      "Feb",
      "Mac",
      "Apr",
      "Mei",
      "Jun",
      "Jul",
      "Ogo",
      "Sep",
      "Okt",
      "Nov",
      "Dis",
    ];
    const window = slot === "morning" ? "09:00-13:00" : "14:00-18:00";
    expect(stub.to(phone)[1]!.body).toBe(
      `Suria: pemasangan anda esok, ${Number(day)} ${months[Number(month) - 1]}, ${window}. Butiran: ${link}`,
    );
  });

  it("drops the reminder of an order cancelled before it is due", async () => {
    const { token, phone } = await leadWithSlot();
    const bought = await purchase(ctx.app, token);
    const { orderNumber, tracking } = bought.body.response as {
      orderNumber: string;
      tracking: { token: string };
    };
    await until("the tracking SMS", () => stub.to(phone).length === 1);
    const cancelled = await call(ctx.app, {
      method: "POST",
      url: `${SHOP}/v3/order-tracking/${tracking.token}/cancel?lang=en`,
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const job = await reminderJob(orderNumber);
    await db.query(`update ${schema}.job set start_after = now() where id = $1`, [job.id]);
    ctx.app.services.sms.nudge();
    await until("the reminder dropped", async () =>
      (await metrics()).includes('sms_messages_total{kind="reminder",outcome="dropped"} 1'),
    );
    expect(stub.to(phone)).toHaveLength(1);
    await metric('sms_queue_depth{state="scheduled"} 0');
  });
});

describe("erasing a person (ops erase)", () => {
  it("deletes the SMS jobs of their number: the sent tracking link and the scheduled reminder", async () => {
    const { token, phone } = await leadWithSlot();
    const bought = await purchase(ctx.app, token);
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    await until("the tracking SMS", () => stub.to(phone).length === 1);
    const jobs = async () =>
      (
        await db.query<{ n: number }>(
          `select count(*)::int as n from ${schema}.job where name = 'sms' and data->>'phoneNumber' = $1`,
          [phone],
        )
      ).rows[0]!.n;
    expect(await jobs()).toBe(2);
    const { services } = ctx.app;
    const { counts } = await erasePerson(
      {
        db,
        storage: services.storage,
        keys: services.documentKeys,
        clock,
        queueSchema: schema,
      },
      { phone },
    );
    expect(counts).toMatchObject({ erasedLeads: 1, smsJobs: 2 });
    expect(await jobs()).toBe(0);
  });
});

describe("the development stand-in (SMS_PROVIDER unset)", () => {
  it("records each message, code included, in sms_standin_messages", async () => {
    const own = await openTestDatabase();
    const dev = await buildTestApp(own, { sms: undefined, smsWorkers: true });
    try {
      expect(dev.app.services.sms.provider.name).toBe("standin");
      const lead = await call(dev.app, {
        method: "POST",
        url: `${SHOP}/v1/greenfield/generate-sbb-lead`,
        payload: { product: "fibre", language: "en" },
      });
      const res = await call(dev.app, {
        method: "POST",
        url: `${SHOP}/v3/generate-otp`,
        token: lead.body.response.token as string,
        payload: { phoneNumber: "0176399990", mock: false },
      });
      expect(res.status).toBe(200);
      const recorded = async () =>
        (
          await own.query<{ phone_number: string; body: string }>(
            "select phone_number, body from sms_standin_messages",
          )
        ).rows;
      await until("the stand-in's record", async () => (await recorded()).length === 1);
      const [row] = await recorded();
      const otp = /\d{6}/.exec(row!.body)![0];
      expect(row).toEqual({
        phone_number: "+60176399990",
        body: `Suria: your code is ${otp}. Valid for 10 minutes. Never share it.`,
      });
    } finally {
      await dev.close();
      await closeTestDatabase(own);
    }
  });
});

describe("production", () => {
  it("refuses to start without an SMS provider", async () => {
    await expect(
      buildTestApp(db, {
        env: {
          portalEnv: "production",
          tokenSecret: "p".repeat(40),
          uploadSecret: "u".repeat(40),
          otpSecret: "o".repeat(40),
          altchaHmacKey: "a".repeat(40),
          marketingApiKey: "m".repeat(40),
          sms: loadEnv({}).sms,
        },
      }),
    ).rejects.toThrow(
      "Refusing to start in production without an SMS provider: set SMS_PROVIDER=twilio-compatible with SMS_API_URL, SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM (the development stand-in only records messages, never sends them)",
    );
  });
});

describe("retention", () => {
  it("deletes the stand-in's records after a day and the dead letters after 30 days", async () => {
    clock.advance(29 * 86_400);
    const hoursAgo = (h: number) => new Date(clock.now().getTime() - h * 3_600_000).toISOString();
    await db.query(
      `insert into sms_standin_messages (phone_number, body, sent_at) values
         ('+60176399991', 'old', $1), ('+60176399992', 'new', $2)`,
      [hoursAgo(25), hoursAgo(1)],
    );
    await ctx.app.services.retention.run();
    const kept = await db.query<{ body: string }>("select body from sms_standin_messages");
    expect(kept.rows).toEqual([{ body: "new" }]);
    const count = async (table: string) =>
      (await db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;
    expect(await count("sms_dead_letters")).toBe(1);
    clock.advance(2 * 86_400);
    await ctx.app.services.retention.run();
    expect(await count("sms_dead_letters")).toBe(0);
  });
});
