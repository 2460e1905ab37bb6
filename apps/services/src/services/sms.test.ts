/** Issue 24: the Twilio-compatible SMS adapter against a stub HTTP server. */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { otpMessage, toE164, TwilioCompatibleSms } from "./sms.js";

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
    await sms.send("012-345 6789", "482913");
    expect(received).toHaveLength(1);
    const r = received[0]!;
    expect(r.method).toBe("POST");
    expect(r.url).toBe("/2010-04-01/Accounts/AC123/Messages.json");
    expect(r.auth).toBe(`Basic ${Buffer.from("AC123:token-xyz").toString("base64")}`);
    expect(r.type).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(r.body))).toEqual({
      To: "+60123456789",
      From: "SURIA",
      Body: "Suria: kod anda 482913 / your code 482913. Sah 10 minit / valid 10 minutes.",
    });
    expect(otpMessage("1")).toBe(
      "Suria: kod anda 1 / your code 1. Sah 10 minit / valid 10 minutes.",
    );
  });

  it("throws naming the status and the provider's code, never the message", async () => {
    status = 400;
    answer = '{"code":21211,"message":"The To number +60... is not valid"}';
    await expect(sms.send("0123456789", "111111")).rejects.toThrow(
      "SMS provider answered 400 (code 21211)",
    );
    status = 503;
    answer = "unavailable";
    await expect(sms.send("0123456789", "111111")).rejects.toThrow("SMS provider answered 503");
    status = 201;
  });

  it("writes Malaysian numbers as E.164", () => {
    expect(toE164("0123456789")).toBe("+60123456789");
    expect(toE164("+60 12-345 6789")).toBe("+60123456789");
    expect(toE164("60123456789")).toBe("+60123456789");
  });
});
