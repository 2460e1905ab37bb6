/**
 * Issue 24, "Notify me when it arrives": a registration keeps the address and the plan; the
 * coverage import queues exactly one SMS job per registration it reaches (with consent, fibre,
 * not yet told), in its transaction, read here from pg-boss's job table; the link's token opens
 * the address and the plan, a tampered or expired one is a 404. Runs on PGlite, and on
 * PostgreSQL with DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.js";
import { addressSeed } from "../db/seed-addresses.js";
import { ManualClock } from "../lib/clock.js";
import type { AddressImportRow } from "../repositories/addresses.js";
import {
  buildTestApp,
  call,
  closeTestDatabase,
  openTestDatabase,
  testQueueSchema,
  type TestContext,
} from "../test/helper.js";

const WEB = "https://www.suria.example";
let db: Database;
let ctx: TestContext;
const clock = new ManualClock("2026-11-21T02:00:00Z");
beforeAll(async () => {
  db = await openTestDatabase();
  ctx = await buildTestApp(db, { clock, env: { webUrl: WEB } });
});
afterAll(async () => {
  await ctx?.close();
  await closeTestDatabase(db);
});

const register = (payload: Record<string, unknown>) =>
  call(ctx.app, {
    method: "POST",
    url: "/shop/api/v3/register-interest",
    payload: { name: "Lim Wei Ming", product: "fibre", ...payload },
  });

const notice = (token: string) =>
  call(ctx.app, { method: "GET", url: `/shop/api/v3/coverage-notice/${token}` });

/** The jobs of the "sms" queue, oldest first, as pg-boss stores them. */
async function smsJobs(): Promise<{ data: unknown }[]> {
  const schema = await testQueueSchema(db);
  const { rows } = await db.query<{ data: unknown }>(
    `select data from ${schema}.job where name = 'sms' order by created_on, data->>'phoneNumber'`,
  );
  return rows;
}

/** A seeded register address of an uncovered postcode, given a fibre network. */
function coverageFor(id: string): AddressImportRow {
  const row = addressSeed().find((a) => a.id === id)!;
  return {
    ...row,
    fibreNetworks: [{ network: "Rangkai Gentian", technology: "FTTH", maxSpeedMbps: 1000 }],
  };
}

const NOT_FOUND = { statusCode: 404, error: "Not Found", message: "Not Found", code: "notFound" };

describe("notify me when coverage arrives", () => {
  const ids: Record<string, string> = {};

  it("keeps the chosen address, the plan and the consent of a registration", async () => {
    const registrations = {
      // The address the journey found out of coverage, the plan wanted, consent: told.
      address: {
        phoneNumber: "0171234501",
        postalCode: "45000",
        addressId: "SGR-45000-000001",
        packageId: "fibre-300",
        language: "en",
        contactConsent: true,
      },
      // No address, the same postcode, consent: told when an address of the postcode is covered.
      postcode: {
        phoneNumber: "0171234502",
        postalCode: "45000",
        language: "bm",
        contactConsent: true,
      },
      // Another address of the postcode, no consent: never contacted.
      noConsent: {
        phoneNumber: "0171234503",
        postalCode: "45000",
        addressId: "SGR-45000-000002",
        language: "en",
      },
      // Another postcode, consent: not reached by this import.
      otherPostcode: {
        phoneNumber: "0171234504",
        postalCode: "86000",
        addressId: "JHR-86000-000001",
        language: "en",
        contactConsent: true,
      },
      // Suria TV covers every address: a TV registration is for an adviser's call, not an SMS.
      tv: {
        phoneNumber: "0171234505",
        postalCode: "45000",
        product: "tv",
        language: "en",
        contactConsent: true,
      },
    };
    for (const [key, payload] of Object.entries(registrations)) {
      const res = await register(payload);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      ids[key] = res.body.response.interestId;
    }
    const { rows } = await db.query(
      `select phone_number, postal_code, address_id, package_id, contact_consent, notified_at
       from interests order by phone_number`,
    );
    expect(rows).toEqual([
      {
        phone_number: "+60171234501",
        postal_code: "45000",
        address_id: "SGR-45000-000001",
        package_id: "fibre-300",
        contact_consent: true,
        notified_at: null,
      },
      {
        phone_number: "+60171234502",
        postal_code: "45000",
        address_id: null,
        package_id: null,
        contact_consent: true,
        notified_at: null,
      },
      {
        phone_number: "+60171234503",
        postal_code: "45000",
        address_id: "SGR-45000-000002",
        package_id: null,
        contact_consent: false,
        notified_at: null,
      },
      {
        phone_number: "+60171234504",
        postal_code: "86000",
        address_id: "JHR-86000-000001",
        package_id: null,
        contact_consent: true,
        notified_at: null,
      },
      {
        phone_number: "+60171234505",
        postal_code: "45000",
        address_id: null,
        package_id: null,
        contact_consent: true,
        notified_at: null,
      },
    ]);
  });

  it("refuses an address id that is not in the register, naming the field", async () => {
    const res = await register({
      phoneNumber: "0171234509",
      postalCode: "45000",
      addressId: "SGR-45000-999999",
      language: "en",
      contactConsent: true,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      error: "Bad Request",
      message: "addressId is not in the register",
      field: "addressId",
      code: "interest.address.notFound",
    });
    const { rows } = await db.query(
      "select count(*)::int as n from interests where phone_number = '+60171234509'",
    );
    expect(rows).toEqual([{ n: 0 }]);
  });

  it("queues exactly one SMS per registration the import covers, with the link", async () => {
    expect(await smsJobs()).toEqual([]);
    const report = await ctx.app.services.interests.importAddresses([
      coverageFor("SGR-45000-000001"),
    ]);
    expect(report).toEqual({ imported: 1, covered: 1, notified: 2 });
    const tokens = ctx.app.services.tokens;
    const at = clock.now();
    const addressToken = tokens.signCompact("coverage", ids.address!, at);
    const postcodeToken = tokens.signCompact("coverage", ids.postcode!, at);
    expect(await smsJobs()).toEqual([
      {
        data: {
          kind: "coverage",
          phoneNumber: "+60171234501",
          language: "en",
          params: { link: `${WEB}/signup/notify/${addressToken}?language=en` },
        },
      },
      {
        data: {
          kind: "coverage",
          phoneNumber: "+60171234502",
          language: "bm",
          params: { link: `${WEB}/signup/notify/${postcodeToken}` },
        },
      },
    ]);
    const { rows } = await db.query<{ phone_number: string; notified_at: Date | string | null }>(
      "select phone_number, notified_at from interests order by phone_number",
    );
    expect(
      rows.map((r) => [r.phone_number, r.notified_at && new Date(r.notified_at).toISOString()]),
    ).toEqual([
      ["+60171234501", "2026-11-21T02:00:00.000Z"],
      ["+60171234502", "2026-11-21T02:00:00.000Z"],
      ["+60171234503", null],
      ["+60171234504", null],
      ["+60171234505", null],
    ]);
    // The "sms" queue exists with pg-boss's default policy (the SMS worker's own wins).
    expect(await ctx.app.services.queue.boss.getQueue("sms")).toMatchObject({ name: "sms" });
  });

  it("sends nothing more on a second import, nor for another address covered later", async () => {
    clock.advance(60);
    expect(
      await ctx.app.services.interests.importAddresses([coverageFor("SGR-45000-000001")]),
    ).toEqual({ imported: 1, covered: 0, notified: 0 });
    // The address without consent is covered now: still nobody to tell.
    expect(
      await ctx.app.services.interests.importAddresses([coverageFor("SGR-45000-000002")]),
    ).toEqual({ imported: 1, covered: 1, notified: 0 });
    expect((await smsJobs()).length).toBe(2);
  });

  it("opens the address and the plan from the link's token", async () => {
    const token = ctx.app.services.tokens.signCompact(
      "coverage",
      ids.address!,
      new Date("2026-11-21T02:00:00Z"),
    );
    expect(token.length).toBe(66);
    const res = await notice(token);
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.headers["x-robots-tag"]).toBe("noindex");
    expect(res.body).toEqual({
      response: {
        product: "fibre",
        language: "en",
        address: {
          addressId: "SGR-45000-000001",
          residenceType: 1,
          houseNumber: "2",
          streetType: "Jalan",
          streetName: "Bukit Belimbing",
          area: "Kampung Bukit Kuching",
          postalCode: "45000",
          city: "Kuala Selangor",
          state: "Selangor",
          formatted:
            "2, Jalan Bukit Belimbing, Kampung Bukit Kuching, 45000 Kuala Selangor, Selangor",
        },
        packageId: "fibre-300",
        expiresAt: "2026-12-21T02:00:00.000Z",
      },
    });
    // A registration without an address has no address to open: the same 404.
    const postcodeOnly = ctx.app.services.tokens.signCompact(
      "coverage",
      ids.postcode!,
      clock.now(),
    );
    expect(await notice(postcodeOnly)).toMatchObject({ status: 404, body: NOT_FOUND });
  });

  it("answers 404 saying nothing to a tampered, foreign-kind or expired token", async () => {
    const at = new Date("2026-11-21T02:00:00Z");
    const token = ctx.app.services.tokens.signCompact("coverage", ids.address!, at);
    const last = token.at(-1) === "A" ? "B" : "A";
    const tampered = `${token.slice(0, -1)}${last}`;
    const otherId = `${ids.noConsent}.${token.split(".").slice(1).join(".")}`;
    const tracking = ctx.app.services.tokens.signCompact("tracking", ids.address!, at);
    for (const bad of [tampered, otherId, tracking, "nonsense"]) {
      const res = await notice(bad);
      expect(res.status, bad).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
    clock.advance(30 * 86_400 - 61);
    expect((await notice(token)).status).toBe(200);
    clock.advance(1);
    expect(await notice(token)).toMatchObject({ status: 404, body: NOT_FOUND });
  });
});
