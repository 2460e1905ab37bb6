import { solveChallenge } from "altcha-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.js";
import { DEV_SECRETS } from "../lib/env.js";
import {
  buildTestApp,
  call,
  closeTestDatabase,
  openTestDatabase,
  type TestContext,
} from "../test/helper.js";
import { THANK_YOU_MARKER } from "./marketing.js";

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

const FIELDS = {
  formKey: "suria-contact-us",
  name: "Nur Aisyah",
  first_contact_number: "0123456789",
  email: "aisyah@example.my",
  second_contact_number: "0312345678",
  address: "12 Jalan SS 7/26, 47301 Petaling Jaya",
  box_selection: "Suria Ultra Box",
  dish_selection: "New dish",
  contact: "Yes",
};

/** Fetches and solves a challenge as the ALTCHA widget does. */
async function solved(): Promise<string> {
  const res = await call(ctx.app, { method: "GET", url: "/marketing/altcha/challenge" });
  expect(res.status).toBe(200);
  const c = res.body.response as {
    algorithm: string;
    challenge: string;
    salt: string;
    signature: string;
    maxnumber: number;
  };
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  const payload = {
    algorithm: c.algorithm,
    challenge: c.challenge,
    number: solution!.number,
    salt: c.salt,
    signature: c.signature,
  };
  return Buffer.from(JSON.stringify(payload)).toString("base64");
}

async function submit(
  fields: Record<string, string>,
  apiKey: string | null = DEV_SECRETS.marketingApiKey,
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const request = new Request("http://x/", { method: "POST", body: form });
  const body = Buffer.from(await request.arrayBuffer());
  return ctx.app.inject({
    method: "POST",
    url: "/marketing/contact-us",
    payload: body,
    headers: {
      "content-type": request.headers.get("content-type")!,
      ...(apiKey ? { "x-api-key": apiKey } : {}),
    },
  });
}

const stored = async () =>
  (await db.query<{ n: number }>("select count(*)::int as n from marketing_submissions")).rows[0]!
    .n;

describe("contact-us", () => {
  it("stores a submission with a solved captcha and answers the thank-you page", async () => {
    const altcha = await solved();
    const res = await submit({ ...FIELDS, altcha });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.body).toContain(THANK_YOU_MARKER);
    expect(await stored()).toBe(1);
    const stored2 = await db.query<{ second_contact_number: string; first_contact_number: string }>(
      "select first_contact_number, second_contact_number from marketing_submissions",
    );
    // Canonical E.164 numbers; the alternate number may be a fixed line.
    expect(stored2.rows[0]).toEqual({
      first_contact_number: "+60123456789",
      second_contact_number: "+60312345678",
    });
    const replay = await submit({ ...FIELDS, altcha });
    expect(replay.statusCode).toBe(403);
    expect(JSON.parse(replay.body).code).toBe("captcha.replayed");
    expect(replay.body).not.toContain(THANK_YOU_MARKER);
    expect(await stored()).toBe(1);
  });

  it("refuses a wrong API key, a forged captcha and an expired one without the marker", async () => {
    const wrongKey = await submit({ ...FIELDS, altcha: await solved() }, "nope");
    expect(wrongKey.statusCode).toBe(401);
    expect(wrongKey.body).not.toContain(THANK_YOU_MARKER);
    expect((await submit({ ...FIELDS, altcha: await solved() }, null)).statusCode).toBe(401);
    const forged = Buffer.from(
      JSON.stringify({
        algorithm: "SHA-256",
        challenge: "00",
        number: 1,
        salt: "abc",
        signature: "00",
      }),
    ).toString("base64");
    const bad = await submit({ ...FIELDS, altcha: forged });
    expect(bad.statusCode).toBe(403);
    expect(JSON.parse(bad.body).code).toBe("captcha.invalid");
    const altcha = await solved();
    ctx.clock.advance(601);
    expect((await submit({ ...FIELDS, altcha })).statusCode).toBe(403);
    expect(await stored()).toBe(1);
  });

  it("refuses invalid fields naming them", async () => {
    // The codes are @portal/validation's message keys (the contract has no pattern for them).
    for (const [field, value, code] of [
      ["first_contact_number", "12345", "validation.mobile.invalid"],
      ["first_contact_number", "0312345678", "validation.mobile.invalid"],
      ["second_contact_number", "0212345678", "validation.contactNumber.invalid"],
      ["name", "R2-D2", "validation.name.invalid"],
      ["email", "a@@example.my", "validation.email.invalid"],
      ["contact", "No", "validation.contact.invalid"],
      ["address", "x".repeat(301), "validation.address.tooLong"],
    ] as const) {
      const res = await submit({ ...FIELDS, [field]: value, altcha: await solved() });
      expect(res.statusCode, field).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({ field, code });
    }
    const missing = await submit({ ...FIELDS, formKey: "", altcha: await solved() });
    expect(missing.statusCode).toBe(400);
    expect(await stored()).toBe(1);
  });
});
