/**
 * Issue 24: Idempotency-Key on lead creation and purchase (draft-ietf-httpapi-idempotency-key-
 * header): a replay answers the first answer, another body with the key 422, a duplicate in
 * flight 409, keys expire after IDEMPOTENCY_KEY_SECONDS (24 h), malformed keys 400. PGlite, and
 * PostgreSQL with DATABASE_URL (where the raced requests really run in parallel).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.js";
import { ManualClock } from "../lib/clock.js";
import { claim } from "../repositories/idempotency.js";
import {
  buildTestApp,
  call,
  closeTestDatabase,
  openTestDatabase,
  type TestContext,
} from "../test/helper.js";
import { purchase, readyLead } from "../test/orders.js";

let db: Database;
let ctx: TestContext;
const clock = new ManualClock("2026-11-21T02:00:00Z");
beforeAll(async () => {
  db = await openTestDatabase();
  ctx = await buildTestApp(db, { clock });
});
afterAll(async () => {
  await ctx?.close();
  await closeTestDatabase(db);
});

const PATTERN_MESSAGE =
  'idempotency-key must match pattern "^(?:"[!#-\\[\\]-~]{1,255}"|[!#-\\[\\]-~]{1,255})$"';
const LEAD_URL = "/shop/api/v1/greenfield/generate-sbb-lead";
const createLead = (key: string | undefined, payload: Record<string, unknown> = {}) =>
  call(ctx.app, {
    method: "POST",
    url: LEAD_URL,
    payload: { product: "fibre", language: "bm", ...payload },
    headers: key === undefined ? {} : { "idempotency-key": key },
  });
const leadCount = async () =>
  (await db.query<{ n: number }>("select count(*)::int as n from leads")).rows[0]!.n;

describe("generate-sbb-lead with an Idempotency-Key", () => {
  it("answers a replay with the first answer (status and body), creating one lead", async () => {
    const before = await leadCount();
    const first = await createLead("8e03978e-40d5-43e8-bc93-6894a57f9324");
    expect(first.status).toBe(200);
    const again = await createLead("8e03978e-40d5-43e8-bc93-6894a57f9324");
    expect(again.status).toBe(200);
    expect(again.raw.body).toBe(first.raw.body);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    expect(await leadCount()).toBe(before + 1);
    // The quoted form of the same key (an RFC 8941 string) is the same key.
    const quoted = await createLead('"8e03978e-40d5-43e8-bc93-6894a57f9324"');
    expect(quoted.raw.body).toBe(first.raw.body);
    // Without a key nothing changes: every call creates a lead.
    await createLead(undefined);
    await createLead(undefined);
    expect(await leadCount()).toBe(before + 3);
  });

  it("answers 422 naming Idempotency-Key for the same key with another body", async () => {
    expect((await createLead("key-422")).status).toBe(200);
    const other = await createLead("key-422", { language: "en" });
    expect(other.status).toBe(422);
    expect(other.body).toEqual({
      statusCode: 422,
      error: "Unprocessable Entity",
      message: "Idempotency-Key was already used for a different request",
      field: "Idempotency-Key",
      code: "idempotency.keyReused",
    });
  });

  it("refuses an empty, too long or non-ASCII key with a 400 naming Idempotency-Key", async () => {
    // The contract's schema of the header is checked first (Node gives header names in lower
    // case); the plugin's own check (idempotencyKeyOf) is the same rule.
    const cases: [string, string, string][] = [
      [
        "",
        "validation.idempotencyKey.tooShort",
        "idempotency-key must NOT have fewer than 1 characters",
      ],
      ['""', "validation.idempotencyKey.invalid", PATTERN_MESSAGE],
      [
        "k".repeat(258),
        "validation.idempotencyKey.tooLong",
        "idempotency-key must NOT have more than 257 characters",
      ],
      ['"unbalanced', "validation.idempotencyKey.invalid", PATTERN_MESSAGE],
      ["kunci-\u00e9", "validation.idempotencyKey.invalid", PATTERN_MESSAGE],
    ];
    const before = await leadCount();
    const answers = [];
    for (const [key] of cases) answers.push((await createLead(key)).body);
    for (const [i, [key, code, message]] of cases.entries()) {
      expect(answers[i], key).toEqual({
        statusCode: 400,
        error: "Bad Request",
        message,
        field: "idempotency-key",
        code,
      });
    }
    // 256 characters: within the schema's length (a quoted key may be 257), not its pattern.
    expect((await createLead("k".repeat(256))).body).toEqual({
      statusCode: 400,
      error: "Bad Request",
      message: PATTERN_MESSAGE,
      field: "idempotency-key",
      code: "validation.idempotencyKey.invalid",
    });
    expect(await leadCount()).toBe(before);
    expect((await createLead("k".repeat(255))).status).toBe(200);
  });

  it("forgets a key after 24 hours (IDEMPOTENCY_KEY_SECONDS)", async () => {
    const first = await createLead("key-expiry");
    clock.advance(24 * 3600 - 1);
    expect((await createLead("key-expiry")).raw.body).toBe(first.raw.body);
    expect((await createLead("key-expiry", { language: "en" })).status).toBe(422);
    clock.advance(1);
    const later = await createLead("key-expiry", { language: "en" });
    expect(later.status).toBe(200);
    expect(later.body.response.leadId).not.toBe(first.body.response.leadId);
  });
});

describe("purchase with an Idempotency-Key", () => {
  it("replays the first answer; keys belong to the lead; a refused purchase keeps nothing", async () => {
    const a = await readyLead(ctx.app, 500_000);
    const first = await purchase(ctx.app, a.token, "buy-1");
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await purchase(ctx.app, a.token, "buy-1");
    expect(again.status).toBe(200);
    expect(again.raw.body).toBe(first.raw.body);
    expect(again.headers["idempotent-replayed"]).toBe("true");

    // The same key on another lead is another key; a refusal (409) is not kept.
    const { token } = (await createLead(undefined)).body.response as { token: string };
    const refused = await purchase(ctx.app, token, "buy-1");
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("lead.incomplete.contact");
    const b = await readyLead(ctx.app, 510_000);
    const other = await purchase(ctx.app, b.token, "buy-1");
    expect(other.status).toBe(200);
    expect(other.body.response.orderNumber).not.toBe(first.body.response.orderNumber);
    const { rows } = await db.query<{ n: number }>(
      "select count(*)::int as n from fulfilment_orders where order_number = any($1)",
      [[first.body.response.orderNumber, other.body.response.orderNumber]],
    );
    expect(rows[0]!.n).toBe(2);
  });

  it("answers 409 while a request with the key is in flight, and frees an abandoned key after 60 s", async () => {
    const c = await readyLead(ctx.app, 520_000);
    const scope = (await db.query<{ id: string }>("select id from leads where id = $1", [c.leadId]))
      .rows[0]!.id;
    // A request that claimed the key and has not answered yet (another instance, say).
    expect(
      await claim(
        db,
        { operation: "purchaseLead", scope, key: "buy-in-flight", fingerprint: "x" },
        clock.now(),
        new Date(clock.now().getTime() + 86_400_000),
        new Date(clock.now().getTime() - 60_000),
      ),
    ).toBeUndefined();
    const busy = await purchase(ctx.app, c.token, "buy-in-flight");
    expect(busy.status).toBe(409);
    expect(busy.body).toEqual({
      statusCode: 409,
      error: "Conflict",
      message: "A request with this Idempotency-Key is still being processed; retry later",
      field: "Idempotency-Key",
      code: "idempotency.inFlight",
    });
    clock.advance(61);
    const taken = await purchase(ctx.app, c.token, "buy-in-flight");
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
  });

  it("gives one order to two raced requests with one key: a 409 or the same answer", async () => {
    const d = await readyLead(ctx.app, 530_000);
    const [x, y] = await Promise.all([
      purchase(ctx.app, d.token, "buy-race"),
      purchase(ctx.app, d.token, "buy-race"),
    ]);
    const statuses = [x.status, y.status].sort();
    const won = x.status === 200 ? x : y;
    const lost = x.status === 200 ? y : x;
    expect(won.status).toBe(200);
    if (lost.status === 409) expect(lost.body.code).toBe("idempotency.inFlight");
    else expect(lost.raw.body).toBe(won.raw.body);
    console.log(`raced purchase with one key on ${db.kind}: statuses ${statuses.join(", ")}`);
    const replay = await purchase(ctx.app, d.token, "buy-race");
    expect(replay.raw.body).toBe(won.raw.body);
    const { rows } = await db.query<{ n: number }>(
      "select count(*)::int as n from fulfilment_orders where lead_id = $1",
      [d.leadId],
    );
    expect(rows[0]!.n).toBe(1);
  });
});
