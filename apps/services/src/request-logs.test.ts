// The services' request logs (pino, one line per request with its URL) during a journey with a
// MyKad, a phone number and an email typed into searches, a referral lookup and the lead forms:
// none of them appears, as typed or encoded. The masking is @portal/validation's maskUrl.
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./db/database.js";
import { loggedUrl, loggerOptions } from "./lib/logger.js";
import {
  buildTestApp,
  call,
  closeTestDatabase,
  createLead,
  openTestDatabase,
} from "./test/helper.js";

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await closeTestDatabase(db);
});

const MYKAD = "880412145678";
const PHONE = "0123456789";
const EMAIL = "aina.binti@example.com";
/** Every way the values could be written in a log line. */
const FORBIDDEN = [
  MYKAD,
  "880412-14-5678",
  "880412%2014%205678",
  PHONE,
  "123456789",
  "012-345",
  "345%206789",
  "6789%20",
  EMAIL,
  "aina.binti%40example.com",
  "aina.binti",
];

describe("request logs", () => {
  it("mask what looks like personal data in a logged URL", () => {
    expect(loggedUrl(`/content/api/v1/search?keyword=${MYKAD}&lang=bm`)).toBe(
      "/content/api/v1/search?keyword=%5Bmykad%5D&lang=bm",
    );
    expect(loggedUrl("/content/api/v1/search?keyword=012%20345%206789&lang=en")).toBe(
      "/content/api/v1/search?keyword=%5Bphone%5D&lang=en",
    );
    expect(loggedUrl(`/content/api/v1/referral/${PHONE}?lang=bm`)).toBe(
      "/content/api/v1/referral/[phone]?lang=bm",
    );
    expect(loggedUrl("/uploads/doc?sig=abc&exp=1")).toBe("/uploads/doc?sig=[Redacted]&exp=1");
    expect(loggedUrl("/shop/api/v3/order-tracking/SF2611210001.abc.xyz/cancel?lang=en")).toBe(
      "/shop/api/v3/order-tracking/[Redacted]/cancel?lang=en",
    );
    expect(loggedUrl("/content/api/v1/channel/bm/astro-ria")).toBe(
      "/content/api/v1/channel/bm/astro-ria",
    );
  });

  it("hold no MyKad, phone number or email after a journey that typed them everywhere", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await buildTestApp(db, {
      logger: { ...(loggerOptions("info") as object), stream } as never,
    });
    try {
      const app = logged.app;
      for (const keyword of [MYKAD, "880412-14-5678", "012-345 6789", EMAIL]) {
        await call(app, {
          method: "GET",
          url: `/content/api/v1/search?keyword=${encodeURIComponent(keyword)}&lang=bm`,
        });
      }
      await call(app, { method: "GET", url: `/content/api/v1/referral/${PHONE}?lang=en` });
      await call(app, { method: "GET", url: `/content/api/v1/referral/${MYKAD}?lang=bm` });
      const b40 = (await call(app, { method: "POST", url: "/content/api/v1/b40/auth" })).body
        .response.token;
      await call(app, {
        method: "POST",
        url: "/content/api/v1/b40/verify",
        token: b40,
        payload: { identityCard: MYKAD },
      });
      const { token } = await createLead(app);
      await call(app, {
        method: "PATCH",
        url: "/shop/api/v1/greenfield/update-sbb-lead",
        token,
        payload: { name: "Aina Binti", phoneNumber: PHONE, email: EMAIL, identityCard: MYKAD },
      });
      await call(app, {
        method: "POST",
        url: "/shop/api/v3/register-interest",
        payload: {
          name: "Aina Binti",
          phoneNumber: PHONE,
          email: EMAIL,
          product: "fibre",
          postcode: "50450",
          language: "bm",
        },
      });
      // A wrong value answered 400: the error is logged too.
      await call(app, {
        method: "POST",
        url: "/content/api/v1/referral/status",
        payload: { referralCode: "SURIA8K2Q", phoneNumber: `${PHONE}x` },
      });
      const text = lines.join("");
      // The requests were logged, with their URLs.
      expect(text).toContain('"url":"/content/api/v1/search?keyword=%5Bmykad%5D&lang=bm"');
      expect(text).toContain('"url":"/content/api/v1/search?keyword=%5Bphone%5D&lang=bm"');
      expect(text).toContain('"url":"/content/api/v1/search?keyword=%5Bemail%5D&lang=bm"');
      expect(text).toContain('"url":"/content/api/v1/referral/[phone]?lang=en"');
      for (const value of FORBIDDEN) expect(text, value).not.toContain(value);
    } finally {
      await logged.close();
    }
  });
});
