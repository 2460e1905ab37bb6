import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWebServer } from "../app";
import { serviceTrackingActions, type TrackingActions } from "../tracking-forms";

// Issue 24: the tracking page's forms posted without scripts. The web server sends them to a
// stand-in shop service over real HTTP (through @portal/api-client, as the page does) and answers
// 303 back to the page with the outcome, private and never kept.
const TOKEN = "SF2611210001.tdqb3k.AAAAAAAAAAAAAAAAAAAAAA";
const refusals: Record<string, [number, Record<string, unknown>]> = {
  "2026-11-24/morning": [409, { code: "order.reschedule.tooLate" }],
  "2026-11-24/afternoon": [409, { code: "order.reschedule.limit" }],
  "2026-11-25/morning": [409, { code: "order.slot.taken" }],
  "2026-11-25/afternoon": [409, { code: "order.notReschedulable" }],
  "2026-11-29/morning": [400, { field: "date", code: "validation.installationDate.invalid" }],
  "2026-11-30/morning": [503, { code: "database.unavailable" }],
};
const seen: { method: string; url: string; body: string; forwarded?: string }[] = [];
let shop: Server;
let actions: TrackingActions;

beforeAll(async () => {
  shop = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      seen.push({
        method: req.method!,
        url: req.url!,
        body,
        forwarded: req.headers["x-forwarded-for"] as string | undefined,
      });
      const answer = (status: number, payload: Record<string, unknown>) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(
          JSON.stringify(
            status < 300
              ? { response: payload }
              : { statusCode: status, error: "x", message: "x", ...payload },
          ),
        );
      };
      if (req.url!.includes("/NOPE")) return answer(404, { code: "notFound" });
      if (req.url!.endsWith("/cancel?lang=bm"))
        return answer(409, { code: "order.notCancellable" });
      if (req.url!.includes("/cancel")) return answer(200, {});
      const { date, slot } = JSON.parse(body || "{}") as { date?: string; slot?: string };
      const refusal = refusals[`${date}/${slot}`];
      return refusal ? answer(...refusal) : answer(200, {});
    });
  });
  await new Promise<void>((resolve) => shop.listen(0, "127.0.0.1", resolve));
  // The server's own actions, on the stand-in: the services' URL as the server reads it.
  globalThis.__PORTAL_CONFIG__ = {
    services: { shop: `http://127.0.0.1:${(shop.address() as AddressInfo).port}/shop` },
  };
  actions = serviceTrackingActions();
});
afterAll(async () => {
  globalThis.__PORTAL_CONFIG__ = undefined;
  await new Promise<void>((resolve) => shop.close(() => resolve()));
});

const server = () =>
  createWebServer({
    render: () => Promise.reject(new Error("no page is rendered for a post")),
    bootScript: "",
    manifest: undefined,
    siteUrl: "https://www.suria.example",
    serviceOrigins: [],
    firstByteMs: 400,
    cache: { maxAge: 300, staleWhileRevalidate: 86_400, maxEntries: 10 },
    loadConfig: () => Promise.reject(new Error("no configuration is read for a post")),
    configMaxAgeMs: 60_000,
    production: true,
    csp: true,
    trackingActions: actions,
  });

describe("the tracking page's forms without scripts", () => {
  it.each([
    [
      "?language=en",
      "action=reschedule&choice=2026-11-27%2Fafternoon",
      "?done=rescheduled&language=en",
    ],
    [
      "",
      "action=reschedule&choice=2026-11-27%2Fmorning&language=en",
      "?done=rescheduled&language=en",
    ],
    ["", "action=reschedule&choice=2026-11-24%2Fmorning", "?error=tooLate"],
    ["", "action=reschedule&choice=2026-11-24%2Fafternoon", "?error=limit"],
    ["", "action=reschedule&choice=2026-11-25%2Fmorning", "?error=taken"],
    ["", "action=reschedule&choice=2026-11-25%2Fafternoon", "?error=notAllowed"],
    ["", "action=reschedule&choice=2026-11-29%2Fmorning", "?error=invalid"],
    ["", "action=reschedule&choice=2026-11-30%2Fmorning", "?error=failed"],
    ["", "action=reschedule", "?error=pick"],
    ["", "action=reschedule&choice=tomorrow", "?error=pick"],
    ["?language=en", "action=cancel", "?done=cancelled&language=en"],
    ["", "action=cancel", "?error=cancelTooLate"],
    ["", "action=delete", ""],
  ])("/track/<token>%s with %s goes back with %s", async (query, body, outcome) => {
    const app = await server();
    const res = await app.inject({
      method: "POST",
      url: `/track/${TOKEN}${query}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: body,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/track/${TOKEN}${outcome}`);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.headers["x-robots-tag"]).toBe("noindex");
    await app.close();
  });

  it("sends the shop service what the page would, and a dead link goes back to its 404", async () => {
    seen.length = 0;
    const app = await server();
    const post = (url: string, payload: string) =>
      app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload,
      });
    await post(`/track/${TOKEN}?language=en`, "action=reschedule&choice=2026-11-27%2Fafternoon");
    expect(seen).toEqual([
      {
        method: "POST",
        url: `/shop/api/v3/order-tracking/${TOKEN}/reschedule?lang=en`,
        body: JSON.stringify({ date: "2026-11-27", slot: "afternoon" }),
        // The visitor's address, for the services' rate limits (inject's client is 127.0.0.1).
        forwarded: "127.0.0.1",
      },
    ]);
    const gone = await post("/track/NOPE", "action=cancel");
    expect(gone.headers.location).toBe("/track/NOPE");
    // A body sent as something else than a URL-encoded form is not read.
    const multipart = await app.inject({
      method: "POST",
      url: `/track/${TOKEN}`,
      headers: { "content-type": "multipart/form-data; boundary=x" },
      payload: '--x\r\nContent-Disposition: form-data; name="action"\r\n\r\ncancel\r\n--x--',
    });
    expect(multipart.headers.location).toBe(`/track/${TOKEN}`);
    expect(seen).toHaveLength(2);
    await app.close();
  });
});
