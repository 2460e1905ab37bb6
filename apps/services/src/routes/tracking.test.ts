/**
 * Issue 24, "Follow the order anywhere": the signed tracking link of an order (timeline, 404 for a
 * tampered or expired link, the operators' steps, cancelling within the rules) and "continue on
 * your phone" (a single-use handoff code that restores the lead on another device and expires).
 * Runs on PGlite, and on PostgreSQL with DATABASE_URL (scripts/test-postgres.sh).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.js";
import { ManualClock } from "../lib/clock.js";
import {
  buildTestApp,
  call,
  closeTestDatabase,
  createLead,
  openTestDatabase,
  type TestContext,
} from "../test/helper.js";
import { completeSteps } from "../test/orders.js";

const SHOP = "/shop/api";
const DAY = 86_400_000;
let db: Database;
let ctx: TestContext;
const clock = new ManualClock("2026-11-21T02:00:00Z");
beforeAll(async () => {
  db = await openTestDatabase();
  ctx = await buildTestApp(db, { clock, env: { webUrl: "https://www.suria.example" } });
});
afterAll(async () => {
  await ctx?.close();
  await closeTestDatabase(db);
});

type App = TestContext["app"];
const advanceMs = (ms: number) => clock.advance(ms / 1000);
let phoneCounter = 0;
const nextPhone = () => `0174${String(500_000 + ++phoneCounter).padStart(6, "0")}`;

/** A draft with contact details, identity card, a verified phone, consent and a document. */
async function draft(app: App, phone = nextPhone(), identityCard = "900101145679") {
  const { token, leadId } = await createLead(app);
  const address = await call(app, {
    method: "POST",
    url: "/address/cassandra/api/v1/address/greenfield-search",
    token,
    payload: { postalCode: "34000", residenceType: 1 },
  });
  const addressId = address.body.response[0].addressId as string;
  const documentId = await completeSteps(app, token, {
    phone,
    lead: { identityCard, address: { addressId } },
  });
  return { token, leadId, phone, documentId };
}

/** A draft carried through order and purchase. */
async function submitted(app: App, phone = nextPhone(), identityCard = "900101145679") {
  const lead = await draft(app, phone, identityCard);
  const steps = [
    await call(app, {
      method: "PATCH",
      url: `${SHOP}/v1/greenfield/update-sbb-order`,
      token: lead.token,
      payload: { packageId: "fibre-100" },
    }),
    await call(app, {
      method: "POST",
      url: `${SHOP}/v3/purchase`,
      token: lead.token,
      payload: { termsAccepted: true },
    }),
  ];
  for (const step of steps) expect(step.status, JSON.stringify(step.body)).toBe(200);
  return lead;
}

const track = (token: string, lang = "en") =>
  call(ctx.app, { method: "GET", url: `${SHOP}/v3/order-tracking/${token}?lang=${lang}` });
const cancel = (token: string) =>
  call(ctx.app, { method: "POST", url: `${SHOP}/v3/order-tracking/${token}/cancel?lang=en` });

describe("the order's tracking link", () => {
  it("comes with the purchase and shows the order and its timeline, masked", async () => {
    const submittedAt = clock.now().toISOString();
    const lead = await submitted(ctx.app, "0174999123");
    const again = await call(ctx.app, {
      method: "POST",
      url: `${SHOP}/v3/purchase`,
      token: lead.token,
      payload: { termsAccepted: true },
    });
    const { orderNumber, tracking } = again.body.response;
    expect(tracking.expiresAt).toBe(new Date(Date.parse(submittedAt) + 180 * DAY).toISOString());
    // The same link in every answer of the purchase, also an hour later.
    advanceMs(3_600_000);
    const repeat = await call(ctx.app, {
      method: "POST",
      url: `${SHOP}/v3/purchase`,
      token: lead.token,
      payload: { termsAccepted: true },
    });
    expect(repeat.body.response.tracking).toEqual(tracking);
    expect(await ctx.app.services.tracking.trackingUrl(orderNumber)).toBe(
      `https://www.suria.example/track/${tracking.token}`,
    );

    const res = await track(tracking.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.headers["x-robots-tag"]).toBe("noindex");
    expect(res.body.response).toEqual({
      orderNumber,
      product: "fibre",
      plan: { id: "fibre-100", name: "Suria Fibre 100Mbps" },
      phoneNumber: "********123",
      submittedAt,
      status: "received",
      cancellable: true,
      timeline: [
        { status: "received", at: submittedAt },
        { status: "verified" },
        { status: "installationBooked" },
        { status: "technicianOnTheWay" },
        { status: "installed" },
      ],
      expiresAt: tracking.expiresAt,
    });
    // Nothing personal beyond the masked phone number.
    expect(JSON.stringify(res.body)).not.toContain("Aminah");
    expect(JSON.stringify(res.body)).not.toContain("aminah@example.my");
    expect(JSON.stringify(res.body)).not.toContain("0174999123");
    expect((await track(tracking.token, "bm")).body.response.plan.id).toBe("fibre-100");
    expect((await track(tracking.token, "fr")).status).toBe(400);
    expect((await track(tracking.token, "fr")).body.field).toBe("lang");

    // Operators record the later steps, forward only.
    const tracker = ctx.app.services.tracking;
    const verifiedAt = clock.now().toISOString();
    expect(await tracker.record(orderNumber, "verified")).toEqual({ changed: true });
    expect(await tracker.record(orderNumber, "verified")).toEqual({ changed: false });
    advanceMs(DAY);
    const bookedAt = clock.now().toISOString();
    expect(await tracker.record(orderNumber, "installationBooked")).toEqual({ changed: true });
    await expect(tracker.record(orderNumber, "received")).rejects.toThrow("status must be one of");
    await expect(tracker.record("SF0000000000", "verified")).rejects.toThrow(
      "no submitted order SF0000000000",
    );
    const booked = (await track(tracking.token)).body.response;
    expect(booked.status).toBe("installationBooked");
    expect(booked.cancellable).toBe(false);
    expect(booked.timeline.slice(0, 3)).toEqual([
      { status: "received", at: submittedAt },
      { status: "verified", at: verifiedAt },
      { status: "installationBooked", at: bookedAt },
    ]);
    // Booked: no cancelling online.
    const refused = await cancel(tracking.token);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("order.notCancellable");
    await expect(tracker.record(orderNumber, "verified")).resolves.toEqual({ changed: false });
    advanceMs(DAY);
    await tracker.record(orderNumber, "technicianOnTheWay");
    await tracker.record(orderNumber, "installed");
    await expect(tracker.record(orderNumber, "cancelled")).rejects.toThrow("is installed");
    expect((await track(tracking.token)).body.response.status).toBe("installed");
  });

  it("cancels an order that is not booked yet, once", async () => {
    await submitted(ctx.app);
    const lead = await submitted(ctx.app);
    const answer = await call(ctx.app, {
      method: "POST",
      url: `${SHOP}/v3/purchase`,
      token: lead.token,
      payload: { termsAccepted: true },
    });
    const { token } = answer.body.response.tracking;
    const at = clock.now().toISOString();
    const first = await cancel(token);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.response.status).toBe("cancelled");
    expect(first.body.response.cancellable).toBe(false);
    expect(first.body.response.timeline.at(-1)).toEqual({ status: "cancelled", at });
    expect((await cancel(token)).body.response).toEqual(first.body.response);
    await expect(
      ctx.app.services.tracking.record(answer.body.response.orderNumber, "verified"),
    ).rejects.toThrow("is cancelled");
  });

  it("answers 404 saying nothing to a tampered, foreign, expired or malformed link", async () => {
    const lead = await submitted(ctx.app);
    const answer = await call(ctx.app, {
      method: "POST",
      url: `${SHOP}/v3/purchase`,
      token: lead.token,
      payload: { termsAccepted: true },
    });
    const { token } = answer.body.response.tracking;
    const [orderNumber, expiry, signature] = token.split(".");
    const other = await submitted(ctx.app);
    const otherToken = (
      await call(ctx.app, {
        method: "POST",
        url: `${SHOP}/v3/purchase`,
        token: other.token,
        payload: { termsAccepted: true },
      })
    ).body.response.tracking.token as string;
    const flipped = `${signature.slice(0, 5)}${signature[5] === "A" ? "B" : "A"}${signature.slice(6)}`;
    const later = (parseInt(expiry, 36) + 86_400).toString(36);
    const unknown = await call(ctx.app, { method: "GET", url: `${SHOP}/v3/no-such-thing` });
    for (const bad of [
      `${orderNumber}.${expiry}.${flipped}`, // tampered signature
      `${otherToken.split(".")[0]}.${expiry}.${signature}`, // another order, same signature
      `${orderNumber}.${later}.${signature}`, // a later expiry
      "not-a-token",
    ]) {
      const res = await track(bad);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        statusCode: 404,
        error: "Not Found",
        message: "Not Found",
        code: "notFound",
      });
      expect((await cancel(bad)).status).toBe(404);
    }
    expect(unknown.status).toBe(404);
    // 180 days after the purchase, less a minute: still shown; at 180 days: 404.
    advanceMs(180 * DAY - 60_000);
    expect((await track(token)).status).toBe(200);
    advanceMs(60_000);
    const expired = await track(token);
    expect(expired.status).toBe(404);
    expect(expired.body).toEqual({
      statusCode: 404,
      error: "Not Found",
      message: "Not Found",
      code: "notFound",
    });
  });
});

describe("continue on another device", () => {
  const record = (step: string) => ({
    version: 3,
    savedAt: clock.now().getTime(),
    journey: { product: "fibre", step, drafts: { referralCode: "ABC123" } },
  });
  const handOff = (token: string, journey: unknown) =>
    call(ctx.app, { method: "POST", url: `${SHOP}/v3/handoff`, token, payload: { journey } });
  const redeem = (code: string) =>
    call(ctx.app, { method: "POST", url: `${SHOP}/v3/handoff/redeem`, payload: { code } });

  it("hands the journey and the lead over once, with a token that ends with the lead's", async () => {
    const { token, leadId } = await createLead(ctx.app);
    const created = clock.now().getTime();
    const journey = record("details");
    const made = await handOff(token, journey);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.headers["cache-control"]).toBe("private, no-store");
    expect(made.body.response.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(made.body.response.expiresAt).toBe(new Date(created + 30 * 60_000).toISOString());
    advanceMs(29 * 60_000);
    const used = await redeem(made.body.response.code);
    expect(used.status, JSON.stringify(used.body)).toBe(200);
    expect(used.body.response.leadId).toBe(leadId);
    expect(used.body.response.journey).toEqual(journey);
    // The second device's token works on the same lead, and ends when the first one does.
    const second = used.body.response.token as string;
    const offers = await call(ctx.app, {
      method: "PATCH",
      url: `${SHOP}/v1/greenfield/update-sbb-lead`,
      token: second,
      payload: { name: "Aminah binti Yusof" },
    });
    expect(offers.status, JSON.stringify(offers.body)).toBe(200);
    const exp = JSON.parse(Buffer.from(second.split(".")[1]!, "base64url").toString()).exp;
    expect(exp * 1000).toBe(created + 24 * 3_600_000);
    // Once only.
    const again = await redeem(made.body.response.code);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({
      statusCode: 404,
      error: "Not Found",
      message: "Not Found",
      code: "notFound",
    });
  });

  it("expires after 30 minutes, and the retention job deletes it", async () => {
    const { token } = await createLead(ctx.app);
    const made = await handOff(token, record("package"));
    advanceMs(30 * 60_000);
    expect((await redeem(made.body.response.code)).status).toBe(404);
    const late = await handOff(token, record("package"));
    advanceMs(30 * 60_000 + 1);
    await ctx.app.services.retention.run();
    const { rows } = await db.query("select 1 from lead_handoffs where expires_at <= $1", [
      clock.now().toISOString(),
    ]);
    expect(rows).toEqual([]);
    expect((await redeem(late.body.response.code)).status).toBe(404);
  });

  it("refuses bad input naming the field, no token, and a submitted lead", async () => {
    const { token } = await createLead(ctx.app);
    const tooBig = await handOff(token, { blob: "x".repeat(33 * 1024) });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.field).toBe("journey");
    const missing = await call(ctx.app, {
      method: "POST",
      url: `${SHOP}/v3/handoff`,
      token,
      payload: {},
    });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain("journey");
    expect((await handOff("", record("package"))).status).toBe(401);
    const badCode = await redeem("short");
    expect(badCode.status).toBe(400);
    expect(JSON.stringify(badCode.body)).toContain("code");
    const lead = await submitted(ctx.app);
    const refused = await handOff(lead.token, record("review"));
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("lead.submitted");
  });
});
