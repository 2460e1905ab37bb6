/**
 * Issue 11: plans matched to the address, prices from the content data, referral codes on the
 * order, and one lead -> one order number. Runs on PGlite, and on PostgreSQL with DATABASE_URL
 * (scripts/test-postgres.sh), where the concurrent purchases really run in parallel.
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
import { completeSteps as completeLeadSteps } from "../test/orders.js";

let db: Database;
let ctx: TestContext;
beforeAll(async () => {
  db = await openTestDatabase();
  // 2026-11-21 10:00 in Malaysia: the year-end fibre deal, free TV installation, the football
  // season and the school holidays all run.
  ctx = await buildTestApp(db, { clock: new ManualClock("2026-11-21T02:00:00Z") });
});
afterAll(async () => {
  await ctx?.close();
  await closeTestDatabase(db);
});

const SHOP = "/shop/api";

let phoneCounter = 0;
/** A mobile number no other test of this file uses (OTP sends are limited per phone). */
const nextPhone = () => `0172${String(300_000 + ++phoneCounter).padStart(6, "0")}`;

type App = TestContext["app"];

/** A lead whose address is the first register address of a postcode (landed or not). */
async function leadAt(
  app: App,
  postalCode: string,
  product: "fibre" | "tv" = "fibre",
  residenceType: 1 | 2 = 1,
) {
  const { token, leadId } = await createLead(app, product);
  const search = await call(app, {
    method: "POST",
    url: "/address/cassandra/api/v1/address/greenfield-search",
    token,
    payload: { postalCode, residenceType },
  });
  const addressId = search.body.response[0].addressId as string;
  const res = await call(app, {
    method: "PATCH",
    url: `${SHOP}/v1/greenfield/update-sbb-lead`,
    token,
    payload: { address: { addressId } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { token, leadId, addressId };
}

const order = (app: App, token: string, payload: Record<string, unknown>) =>
  call(app, { method: "PATCH", url: `${SHOP}/v1/greenfield/update-sbb-order`, token, payload });
const offers = (app: App, token: string, lang = "en") =>
  call(app, { method: "GET", url: `${SHOP}/v1/greenfield/sbb-offers?lang=${lang}`, token });
const purchase = (app: App, token: string) =>
  call(app, {
    method: "POST",
    url: `${SHOP}/v3/purchase`,
    token,
    payload: { termsAccepted: true },
  });

/** Contact details, a verified phone, consent and one uploaded document. */
async function completeSteps(app: App, token: string, phone = nextPhone()) {
  await completeLeadSteps(app, token, { phone });
  return phone;
}

const counter = async () =>
  (
    await db.query<{ n: number }>(
      "select coalesce(sum(last_serial), 0)::int as n from order_counters",
    )
  ).rows[0]!.n;

describe("a lead at a 100 Mbps-only address (34000, landed: TeraLink VDSL)", () => {
  it("is offered only the plans up to 100 Mbps, with the faster ones and why", async () => {
    const { token } = await leadAt(ctx.app, "34000");
    const res = await offers(ctx.app, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body.response;
    expect(body.maxSpeedMbps).toBe(100);
    expect(body.networks).toEqual([{ network: "TeraLink", technology: "VDSL", maxSpeedMbps: 100 }]);
    expect(body.plans.map((p: { id: string }) => p.id)).toEqual(["fibre-100"]);
    expect(
      body.unavailablePlans.map((p: { id: string; speedMbps: number; reason: string }) => [
        p.id,
        p.speedMbps,
        p.reason,
      ]),
    ).toEqual([
      ["fibre-300", 300, "order.plan.tooFast"],
      ["fibre-500", 500, "order.plan.tooFast"],
      ["fibre-1000", 1000, "order.plan.tooFast"],
      ["bundle-home-300", 300, "order.plan.tooFast"],
      ["bundle-cinema-500", 500, "order.plan.tooFast"],
      ["bundle-sports-500", 500, "order.plan.tooFast"],
      ["bundle-ultimate-1000", 1000, "order.plan.tooFast"],
    ]);
    expect(body.plans[0]).toMatchObject({
      name: "Suria Fibre 100Mbps",
      speedMbps: 100,
      contractMonths: 24,
      price: {
        regularMonthlyRm: 89,
        periods: [{ fromMonth: 1, monthlyRm: 89 }],
        installationFeeRm: 0,
      },
    });
    // Names follow the asked language.
    expect((await offers(ctx.app, token, "bm")).body.response.unavailablePlans[0].name).toBe(
      "Suria Fibre 300Mbps",
    );
  });

  it("refuses 1 Gbps (and a 300 Mbps bundle, and a TV plan) with their codes, accepts 100 Mbps, and purchases once under 8 concurrent purchases", async () => {
    const { token, leadId } = await leadAt(ctx.app, "34000");
    for (const [packageId, status, code] of [
      ["fibre-1000", 409, "order.plan.tooFast"],
      ["bundle-home-300", 409, "order.plan.tooFast"],
      ["tv-keluarga", 409, "order.plan.product"],
      ["sports-pack", 404, "order.package.notFound"],
    ] as const) {
      const refused = await order(ctx.app, token, { packageId });
      expect(refused.status, packageId).toBe(status);
      expect(refused.body.code, packageId).toBe(code);
    }
    const tooFast = await order(ctx.app, token, { packageId: "fibre-1000" });
    expect(tooFast.body.message).toBe(
      "fibre-1000 needs 1000 Mbps; the address gets up to 100 Mbps",
    );
    const stored = async () =>
      (
        await db.query<{ order_data: unknown; order_number: string | null; status: string }>(
          "select order_data, order_number, status from leads where id = $1",
          [leadId],
        )
      ).rows[0]!;
    expect((await stored()).order_data).toBeNull();

    const accepted = await order(ctx.app, token, { packageId: "fibre-100" });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.response).toMatchObject({
      packageId: "fibre-100",
      speedMbps: 100,
      price: { regularMonthlyRm: 89, installationFeeRm: 0 },
      pricedOn: "2026-11-21",
    });
    await completeSteps(ctx.app, token);

    const before = await counter();
    const answers = await Promise.all(Array.from({ length: 8 }, () => purchase(ctx.app, token)));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    const numbers = new Set(answers.map((a) => a.body.response.orderNumber));
    expect(numbers.size).toBe(1);
    const [orderNumber] = [...numbers] as string[];
    expect(orderNumber).toMatch(/^SF261121\d{4}$/);
    // Exactly one number was taken from the day's counter, and it is the stored one.
    expect(await counter()).toBe(before + 1);
    expect(await stored()).toMatchObject({ order_number: orderNumber, status: "submitted" });
    expect(answers[0]!.body.response.order).toEqual(accepted.body.response);

    // A repeat, later, never creates a new number either.
    ctx.clock.advance(60);
    const again = await purchase(ctx.app, token);
    expect(again.status).toBe(200);
    expect(again.body.response).toEqual(answers[0]!.body.response);
    expect(await counter()).toBe(before + 1);
    // The order can no longer change.
    expect((await order(ctx.app, token, { packageId: "fibre-100" })).body.code).toBe(
      "lead.submitted",
    );
  });
});

describe("prices from the content data", () => {
  it("price 500 Mbps at RM129 for 6 months, then RM169, while the year-end deal runs", async () => {
    const { token } = await leadAt(ctx.app, "47301");
    const body = (await offers(ctx.app, token)).body.response;
    expect(body.maxSpeedMbps).toBe(1000);
    expect(body.unavailablePlans).toEqual([]);
    expect(body.plans.find((p: { id: string }) => p.id === "fibre-500").price).toEqual({
      regularMonthlyRm: 169,
      periods: [
        { fromMonth: 1, toMonth: 6, monthlyRm: 129 },
        { fromMonth: 7, monthlyRm: 169 },
      ],
      installationFeeRm: 0,
      campaignIds: ["year-end-fibre-deal"],
    });
    const recorded = await order(ctx.app, token, { packageId: "fibre-500" });
    expect(recorded.body.response.price).toEqual(
      body.plans.find((p: { id: string }) => p.id === "fibre-500").price,
    );
  });

  it("follow the campaign's dates on the Malaysian calendar", async () => {
    const clock = new ManualClock("2026-10-31T15:59:00Z"); // 23:59 on 31 October in Malaysia
    const other = await buildTestApp(db, { clock });
    try {
      const priceOf500 = async () => {
        const { token } = await leadAt(other.app, "47301");
        const res = await offers(other.app, token);
        return res.body.response.plans.find((p: { id: string }) => p.id === "fibre-500").price
          .periods;
      };
      expect(await priceOf500()).toEqual([{ fromMonth: 1, monthlyRm: 169 }]);
      clock.advance(60); // 00:00 on 1 November in Malaysia, 16:00 UTC on 31 October
      expect(await priceOf500()).toEqual([
        { fromMonth: 1, toMonth: 6, monthlyRm: 129 },
        { fromMonth: 7, monthlyRm: 169 },
      ]);
      clock.advance(((31 + 31 + 30) * 24 - 1) * 3600); // 23:00 on 31 January 2027, the last day
      expect((await priceOf500())[0]!.monthlyRm).toBe(129);
      clock.advance(3600); // 1 February 2027
      expect(await priceOf500()).toEqual([{ fromMonth: 1, monthlyRm: 169 }]);
    } finally {
      await other.close();
    }
  });

  it("change when the content changes, with no code involved", async () => {
    const { token } = await leadAt(ctx.app, "47301");
    const rule = { appliesTo: ["fibre-300", "fibre-500"], monthlyPriceRm: 119, months: 3 };
    await db.query(
      "update content_documents set doc = jsonb_set(doc, '{priceRule}', $1::jsonb) where kind = 'campaign' and id = 'year-end-fibre-deal'",
      [JSON.stringify(rule)],
    );
    try {
      const plans = (await offers(ctx.app, token)).body.response.plans as {
        id: string;
        price: { periods: unknown[] };
      }[];
      expect(plans.find((p) => p.id === "fibre-300")!.price.periods).toEqual([
        { fromMonth: 1, toMonth: 3, monthlyRm: 119 },
        { fromMonth: 4, monthlyRm: 129 },
      ]);
    } finally {
      await db.query(
        "update content_documents set doc = jsonb_set(doc, '{priceRule}', $1::jsonb) where kind = 'campaign' and id = 'year-end-fibre-deal'",
        [JSON.stringify({ appliesTo: ["fibre-500"], monthlyPriceRm: 129, months: 6 })],
      );
    }
  });

  it("price a TV plan with add-ons: free installation, the Sports Pack at RM20 for 3 months", async () => {
    const { token } = await leadAt(ctx.app, "34000", "tv");
    const body = (await offers(ctx.app, token)).body.response;
    expect(body.networks).toEqual([]);
    expect(body.maxSpeedMbps).toBeUndefined();
    expect(body.plans.map((p: { id: string }) => p.id)).toEqual([
      "tv-asas",
      "tv-keluarga",
      "tv-premium",
    ]);
    expect(body.plans[1].price).toEqual({
      regularMonthlyRm: 79.95,
      periods: [{ fromMonth: 1, monthlyRm: 79.95 }],
      installationFeeRm: 0,
      campaignIds: ["free-installation"],
    });
    expect(body.addOns.find((a: { id: string }) => a.id === "sports-pack").price.periods).toEqual([
      { fromMonth: 1, toMonth: 3, monthlyRm: 20 },
      { fromMonth: 4, monthlyRm: 40 },
    ]);
    // The Kids Pack is in the Family plan already.
    const included = await order(ctx.app, token, {
      packageId: "tv-keluarga",
      addOnIds: ["kids-pack"],
    });
    expect(included.status).toBe(400);
    expect(included.body).toMatchObject({ field: "addOnIds", code: "order.addOn.included" });
    const res = await order(ctx.app, token, {
      packageId: "tv-keluarga",
      addOnIds: ["sports-pack", "chinese-pack"],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.response.price).toEqual({
      regularMonthlyRm: 144.95,
      periods: [
        { fromMonth: 1, toMonth: 3, monthlyRm: 124.95 },
        { fromMonth: 4, monthlyRm: 144.95 },
      ],
      installationFeeRm: 0,
      campaignIds: ["free-installation", "football-season"],
    });
    expect(
      res.body.response.items.map((i: { id: string; kind: string }) => [i.id, i.kind]),
    ).toEqual([
      ["tv-keluarga", "plan"],
      ["sports-pack", "addOn"],
      ["chinese-pack", "addOn"],
    ]);
    // After the free-installation campaign (31 December 2026) the fee is the plan's own RM150.
    const later = new ManualClock("2027-01-02T02:00:00Z");
    const other = await buildTestApp(db, { clock: later });
    try {
      const lead = await leadAt(other.app, "34000", "tv");
      const plan = (await offers(other.app, lead.token)).body.response.plans[1];
      expect(plan.price.installationFeeRm).toBe(150);
      expect(plan.price.campaignIds).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it("needs an address first", async () => {
    const { token } = await createLead(ctx.app);
    for (const res of [
      await offers(ctx.app, token),
      await order(ctx.app, token, { packageId: "fibre-100" }),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.code).toBe("lead.incomplete.address");
    }
  });
});

describe("a changed address after a plan was chosen", () => {
  it("removes an order the new address cannot get, and keeps one it can", async () => {
    const search34000 = async (token: string) =>
      (
        await call(ctx.app, {
          method: "POST",
          url: "/address/cassandra/api/v1/address/greenfield-search",
          token,
          payload: { postalCode: "34000", residenceType: 1 },
        })
      ).body.response[0].addressId as string;
    const move = (token: string, addressId: string) =>
      call(ctx.app, {
        method: "PATCH",
        url: `${SHOP}/v1/greenfield/update-sbb-lead`,
        token,
        payload: { address: { addressId } },
      });

    const fast = await leadAt(ctx.app, "47301");
    expect((await order(ctx.app, fast.token, { packageId: "fibre-500" })).status).toBe(200);
    const moved = await move(fast.token, await search34000(fast.token));
    expect(moved.status).toBe(200);
    expect(moved.body.response.order).toBeUndefined();
    expect(moved.body.response.address.postalCode).toBe("34000");
    expect(
      (await db.query("select order_data from leads where id = $1", [fast.leadId])).rows[0],
    ).toEqual({ order_data: null });

    const slow = await leadAt(ctx.app, "47301");
    const kept = await order(ctx.app, slow.token, { packageId: "fibre-100" });
    const movedSlow = await move(slow.token, await search34000(slow.token));
    expect(movedSlow.body.response.order).toEqual(kept.body.response);
  });
});

describe("referral codes on the order", () => {
  it("are checked, stored on the lead and the order, and registered at the purchase", async () => {
    const { token, leadId } = await leadAt(ctx.app, "47301");
    for (const [referralCode, code] of [
      ["OLDCODE01", "referral.expired"],
      ["FULLUP100", "referral.exhausted"],
      ["TVLIM2026", "referral.product"],
      ["NOSUCH123", "referral.notFound"],
      ["AB", "validation.referralCode.invalid"],
    ]) {
      const res = await order(ctx.app, token, { packageId: "fibre-300", referralCode });
      expect(res.status, referralCode).toBe(400);
      expect(res.body, referralCode).toMatchObject({ field: "referralCode", code });
    }
    const uses = async () =>
      (await db.query<{ uses: number }>("select uses from referral_codes where code = 'SURIA8K2Q'"))
        .rows[0]!.uses;
    const usesBefore = await uses();
    const res = await order(ctx.app, token, { packageId: "fibre-300", referralCode: "suria8k2q" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.response.referralCode).toBe("SURIA8K2Q");
    const phone = await completeSteps(ctx.app, token);
    const done = await purchase(ctx.app, token);
    expect(done.body.response.order.referralCode).toBe("SURIA8K2Q");
    expect(
      (await db.query("select referral_code from leads where id = $1", [leadId])).rows[0],
    ).toEqual({ referral_code: "SURIA8K2Q" });
    expect(await uses()).toBe(usesBefore + 1);
    const status = await call(ctx.app, {
      method: "POST",
      url: "/content/api/v1/referral/status",
      payload: { referralCode: "SURIA8K2Q", phoneNumber: phone },
    });
    expect(status.body.response.status).toBe("registered");
  });

  it("from the lead's creation is kept on the order", async () => {
    const created = await call(ctx.app, {
      method: "POST",
      url: `${SHOP}/v1/greenfield/generate-sbb-lead`,
      payload: {
        product: "tv",
        language: "bm",
        referralCode: "TVLIM2026",
        packageId: "sports-pack",
      },
    });
    expect(created.status).toBe(200);
    const { token } = created.body.response as { token: string };
    const search = await call(ctx.app, {
      method: "POST",
      url: "/address/cassandra/api/v1/address/greenfield-search",
      token,
      payload: { postalCode: "34000", residenceType: 1 },
    });
    await call(ctx.app, {
      method: "PATCH",
      url: `${SHOP}/v1/greenfield/update-sbb-lead`,
      token,
      payload: { address: { addressId: search.body.response[0].addressId } },
    });
    const res = await order(ctx.app, token, { packageId: "tv-asas", addOnIds: ["sports-pack"] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.response.referralCode).toBe("TVLIM2026");
    const refused = await call(ctx.app, {
      method: "POST",
      url: `${SHOP}/v1/greenfield/generate-sbb-lead`,
      payload: { product: "fibre", language: "bm", referralCode: "TVLIM2026" },
    });
    expect(refused.body).toMatchObject({ field: "referralCode", code: "referral.product" });
  });
});

describe("order numbers", () => {
  it("grow past 9999 orders in a day without wrapping or repeating", async () => {
    await db.query(
      "insert into order_counters (day, last_serial) values ('2026-11-21', 9998) on conflict (day) do update set last_serial = 9998",
    );
    const numbers: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const { token } = await leadAt(ctx.app, "47301");
      expect((await order(ctx.app, token, { packageId: "fibre-100" })).status).toBe(200);
      await completeSteps(ctx.app, token);
      const res = await purchase(ctx.app, token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      numbers.push(res.body.response.orderNumber);
    }
    expect(numbers).toEqual(["SF2611219999", "SF26112110000"]);
  });
});
