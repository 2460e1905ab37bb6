// The operator command (`pnpm --filter @portal/services ops export|erase ...`), run as an
// operator runs it: a child process on the data folder of services that were stopped (PGlite
// holds its folder for one process), with the development document key kept there.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { CONSENT_TEXT_HASHES } from "@portal/validation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "./db/database.js";
import { addressSeed } from "./db/seed-addresses.js";
import { packageRoot } from "./lib/paths.js";
import { buildTestApp, call, createLead } from "./test/helper.js";

const run = promisify(execFile);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 5),
]);
const PHONE = "0191234567";

let work = "";
let dataDir = "";
let leadId = "";
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "portal-ops-"));
  dataDir = join(work, "data");
  const db = await openPglite(dataDir);
  const ctx = await buildTestApp(db, { dataDir });
  try {
    const lead = await createLead(ctx.app);
    leadId = lead.leadId;
    const update = await call(ctx.app, {
      method: "PATCH",
      url: "/shop/api/v1/greenfield/update-sbb-lead",
      token: lead.token,
      payload: { name: "Siti Nur", phoneNumber: PHONE, identityCard: "880412105123" },
    });
    expect(update.status).toBe(200);
    const consent = await call(ctx.app, {
      method: "POST",
      url: "/shop/api/v3/consent",
      token: lead.token,
      payload: { language: "bm", consentTextHash: CONSENT_TEXT_HASHES.bm },
    });
    expect(consent.status).toBe(200);
    const signed = await call(ctx.app, {
      method: "POST",
      url: "/shop/api/v3/generate-signed-url",
      token: lead.token,
      payload: { title: "MyKad", type: "image/png" },
    });
    const u = new URL(signed.body.response.signedUploadUrl);
    const put = await call(ctx.app, {
      method: "PUT",
      url: `${u.pathname}${u.search}`,
      payload: PNG,
      headers: { "content-type": "image/png" },
    });
    expect(put.status).toBe(200);
  } finally {
    await ctx.close();
    await db.close();
  }
}, 120_000);
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** `ops <args>` as a child process; its exit code and output. */
async function ops(...args: string[]) {
  try {
    const { stdout } = await run(
      process.execPath,
      ["--import", "tsx", "--conditions=@portal/source", "src/ops.ts", ...args],
      {
        cwd: packageRoot(),
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          DATABASE_URL: "",
          PORTAL_ENV: "development",
          LOG_LEVEL: "silent",
          USER: "ops-tester",
        },
      },
    );
    return { code: 0, stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: `${e.stdout}${e.stderr}` };
  }
}

describe("ops export|erase", () => {
  it("refuses a malformed command and an erase without --yes", async () => {
    expect(await ops("export")).toMatchObject({
      code: 2,
      stdout: expect.stringContaining("usage: ops"),
    });
    expect(await ops("erase", "--phone", PHONE)).toMatchObject({
      code: 2,
      stdout: expect.stringContaining("add --yes"),
    });
  }, 60_000);

  it("exports one person as JSON (0600), then erases them, leaving audits without their data", async () => {
    const out = join(work, "export.json");
    const exported = await ops(
      "export",
      "--phone",
      "019-123 4567",
      "--out",
      out,
      "--ticket",
      "DSR-9",
    );
    expect(exported.code, exported.stdout).toBe(0);
    expect((await stat(out)).mode & 0o777).toBe(0o600);
    const data = JSON.parse(await readFile(out, "utf8"));
    expect(data.leads).toHaveLength(1);
    expect(data.leads[0]).toMatchObject({ leadId, name: "Siti Nur", identityCard: "880412105123" });
    expect(Buffer.from(data.leads[0].documents[0].contentBase64, "base64")).toEqual(PNG);
    // The consent with the exact text accepted: the hash of the Malay text shown.
    expect(data.leads[0].consents).toEqual([
      {
        language: "bm",
        textVersion: "2026-01",
        consentTextHash: "a6bf6ebc2b3f20e58bdb6373714a38be00535088d08a50a443b27fd5c7bac17d",
        acceptedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);

    const erased = await ops("erase", "--mykad", "880412-10-5123", "--yes", "--ticket", "DSR-9");
    expect(erased.code, erased.stdout).toBe(0);
    expect(JSON.parse(erased.stdout.trim().split("\n").pop()!).erased).toMatchObject({
      deletedLeads: 1,
      documents: 1,
    });

    const db = await openPglite(dataDir);
    try {
      expect((await db.query("select 1 from leads where id = $1", [leadId])).rows).toHaveLength(0);
      expect((await db.query("select 1 from documents")).rows).toHaveLength(0);
      const audits = (
        await db.query<Record<string, unknown>>(
          "select kind, matched_by, ticket, operator, counts from privacy_requests order by requested_at, kind desc",
        )
      ).rows;
      expect(audits.map((a) => [a.kind, a.matched_by, a.ticket, a.operator])).toEqual([
        ["export", "phone", "DSR-9", "ops-tester"],
        ["erase", "mykad", "DSR-9", "ops-tester"],
      ]);
      const text = JSON.stringify(audits);
      for (const personal of ["1234567", "880412105123", "Siti", leadId])
        expect(text).not.toContain(personal);
    } finally {
      await db.close();
    }
  }, 120_000);
});

describe("ops import-coverage (issue 24)", () => {
  it("covers an address and queues one SMS job for its registration, once", async () => {
    // A registration with consent at an address of an uncovered postcode (services stopped).
    const db = await openPglite(dataDir);
    const ctx = await buildTestApp(db, { dataDir, env: { webUrl: "https://www.suria.example" } });
    try {
      const interest = await call(ctx.app, {
        method: "POST",
        url: "/shop/api/v3/register-interest",
        payload: {
          name: "Siti Nur",
          phoneNumber: "0191234568",
          product: "fibre",
          postalCode: "86000",
          addressId: "JHR-86000-000001",
          packageId: "fibre-100",
          contactConsent: true,
          language: "en",
        },
      });
      expect(interest.status).toBe(200);
    } finally {
      await ctx.close();
      await db.close();
    }
    const file = join(work, "coverage.json");
    const row = addressSeed().find((a) => a.id === "JHR-86000-000001")!;
    const networks = [{ network: "TeraLink", technology: "VDSL", maxSpeedMbps: 100 }];
    await writeFile(file, JSON.stringify([{ ...row, fibreNetworks: networks }]));
    expect(await ops("import-coverage")).toMatchObject({
      code: 2,
      stdout: expect.stringContaining("ops import-coverage <addresses.json>"),
    });
    expect(await ops("import-coverage", file)).toEqual({
      code: 0,
      stdout: '{"imported":1,"covered":1,"notified":1}\n',
    });
    expect(await ops("import-coverage", file)).toEqual({
      code: 0,
      stdout: '{"imported":1,"covered":0,"notified":0}\n',
    });
    const after = await openPglite(dataDir);
    try {
      const { rows } = await after.query<{ data: Record<string, unknown> }>(
        "select data from pgboss.job where name = 'sms'",
      );
      expect(rows.map((r) => ({ ...r.data, params: undefined }))).toEqual([
        { kind: "coverage", phoneNumber: "+60191234568", language: "en", params: undefined },
      ]);
      // Queued as every SMS is (SmsService.enqueue), under the SMS queue's policy (SMS_RETRY_*).
      expect(
        (
          await after.query(
            "select retry_limit, retry_delay, retry_backoff from pgboss.job where name = 'sms'",
          )
        ).rows,
      ).toEqual([{ retry_limit: 8, retry_delay: 5, retry_backoff: true }]);
      expect((rows[0]!.data.params as { link: string }).link).toMatch(
        /^http:\/\/localhost:3000\/signup\/notify\/[0-9a-f-]{36}\.[0-9a-z]+\.[A-Za-z0-9_-]{22}\?language=en$/,
      );
    } finally {
      await after.close();
    }
  }, 120_000);
});
