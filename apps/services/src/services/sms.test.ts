/** Issue 24: the Twilio-compatible SMS adapter against a stub HTTP server. */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invalidSms, renderSms, toE164, TwilioCompatibleSms, type SmsMessage } from "./sms.js";

const received: { method: string; url: string; auth: string; type: string; body: string }[] = [];
let status = 201;
let answer = '{"sid":"SM1","status":"queued"}';
const server = createServer((req: IncomingMessage, res) => {
  let body = "";
  req.on("data", (c: Buffer) => (body += c.toString()));
  req.on("end", () => {
    received.push({
      method: req.method ?? "",
      url: req.url ?? "",
      auth: req.headers.authorization ?? "",
      type: req.headers["content-type"] ?? "",
      body,
    });
    res.writeHead(status, { "content-type": "application/json" }).end(answer);
  });
});
let sms: TwilioCompatibleSms;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  sms = new TwilioCompatibleSms({
    baseUrl: `http://127.0.0.1:${port}/`,
    accountSid: "AC123",
    authToken: "token-xyz",
    from: "SURIA",
    timeoutMs: 2000,
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("TwilioCompatibleSms", () => {
  it("posts To, From and Body to the account's Messages resource with Basic auth", async () => {
    const body = renderSms({
      kind: "otp",
      phoneNumber: "012-345 6789",
      language: "bm",
      params: { otp: "482913", expiresAt: "2026-11-21T08:10:00Z" },
    });
    expect(await sms.send("012-345 6789", body)).toEqual({ ok: true });
    expect(received).toHaveLength(1);
    const r = received[0]!;
    expect(r.method).toBe("POST");
    expect(r.url).toBe("/2010-04-01/Accounts/AC123/Messages.json");
    expect(r.auth).toBe(`Basic ${Buffer.from("AC123:token-xyz").toString("base64")}`);
    expect(r.type).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(r.body))).toEqual({
      To: "+60123456789",
      From: "SURIA",
      Body: "Suria: kod anda 482913. Sah selama 10 minit. Jangan kongsi kod ini.",
    });
  });

  it("fails naming the status and the provider's code, never the message; 4xx for good", async () => {
    status = 400;
    answer = '{"code":21211,"message":"The To number +60... is not valid"}';
    expect(await sms.send("0123456789", "hello")).toEqual({
      ok: false,
      permanent: true,
      error: "SMS provider answered 400 (code 21211)",
    });
    for (const retried of [503, 429, 408]) {
      status = retried;
      answer = "unavailable";
      expect(await sms.send("0123456789", "hello")).toEqual({
        ok: false,
        permanent: false,
        error: `SMS provider answered ${retried}`,
      });
    }
    status = 201;
  });

  it("writes Malaysian numbers as E.164", () => {
    expect(toE164("0123456789")).toBe("+60123456789");
    expect(toE164("+60 12-345 6789")).toBe("+60123456789");
    expect(toE164("60123456789")).toBe("+60123456789");
  });

  it("answers a refused connection as a failure to retry", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const down = new TwilioCompatibleSms({
      baseUrl: `http://127.0.0.1:${port}`,
      accountSid: "AC123",
      authToken: "t",
      from: "SURIA",
      timeoutMs: 2000,
    });
    expect(await down.send("0123456789", "hello")).toEqual({
      ok: false,
      permanent: false,
      error: "ECONNREFUSED",
    });
  });
});

describe("renderSms", () => {
  const link = "https://www.suria.example/track/abc";
  const to = "+60123456789";
  const texts = (m: Omit<SmsMessage, "language" | "phoneNumber">) =>
    (["bm", "en"] as const).map((language) =>
      renderSms({ ...m, phoneNumber: to, language } as SmsMessage),
    );

  it("writes each kind in bm and en, with nothing personal but what it needs", () => {
    expect(texts({ kind: "otp", params: { otp: "012345", expiresAt: "x" } })).toEqual([
      "Suria: kod anda 012345. Sah selama 10 minit. Jangan kongsi kod ini.",
      "Suria: your code is 012345. Valid for 10 minutes. Never share it.",
    ]);
    expect(texts({ kind: "tracking", params: { orderNumber: "SF2611210007", link } })).toEqual([
      `Suria: pesanan SF2611210007 diterima. Ikuti di sini: ${link}`,
      `Suria: order SF2611210007 received. Follow it here: ${link}`,
    ]);
    const reminder = { orderNumber: "SF2611210007", date: "2026-08-03", link, sendAt: "x" };
    expect(texts({ kind: "reminder", params: { ...reminder, slot: "afternoon" } })).toEqual([
      `Suria: pemasangan anda esok, 3 Ogo, 14:00-18:00. Butiran: ${link}`,
      `Suria: your installation is tomorrow, 3 Aug, 14:00-18:00. Details: ${link}`,
    ]);
    expect(texts({ kind: "coverage", params: { link } })).toEqual([
      `Suria: gentian kini sampai ke alamat anda. Daftar di sini: ${link}`,
      `Suria: fibre has reached your address. Sign up here: ${link}`,
    ]);
  });

  it("refuses a job that is not a message, naming what is wrong", () => {
    const ok = { kind: "coverage", phoneNumber: to, language: "en", params: { link } };
    expect(invalidSms(ok)).toBeUndefined();
    expect(invalidSms(null)).toBe("not a message");
    expect(invalidSms({ ...ok, kind: "fax" })).toBe("unknown kind fax");
    expect(invalidSms({ ...ok, phoneNumber: "12" })).toBe("no phone number");
    expect(invalidSms({ ...ok, language: "fr" })).toBe("language must be bm or en");
    expect(invalidSms({ ...ok, params: {} })).toBe("params.link missing");
    expect(
      invalidSms({
        ...ok,
        kind: "reminder",
        params: { orderNumber: "S", date: "d", slot: "night", link, sendAt: "s" },
      }),
    ).toBe("params.slot must be morning or afternoon");
  });
});
