import { describe, expect, it } from "vitest";
import { createWebServer } from "../app";
import { postedFormLocation } from "../lookup-forms";

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
  });

describe("a lookup posted without scripts", () => {
  it.each([
    ["/search", "keyword=fibre++500", "/search?keyword=fibre%20500"],
    ["/search", "keyword=880412-14-5678&language=en", "/search?keyword=%5Bmykad%5D&language=en"],
    ["/search", "keyword=012-345+6789", "/search?keyword=%5Bphone%5D"],
    ["/search", "keyword=aina%40example.com", "/search?keyword=%5Bemail%5D"],
    ["/search", "keyword=", "/search"],
    ["/search?language=en", "keyword=%2B60123456789", "/search?keyword=%5Bphone%5D&language=en"],
    ["/support", "q=call+me+(012)+345+6789", "/support?q=call%20me%20%5Bphone%5D"],
    ["/support", "q=wifi+slow&language=en", "/support?q=wifi%20slow&language=en"],
    ["/referral", "code=suria+8k2q", "/referral?code=SURIA8K2Q"],
    ["/referral", "code=0123456789", "/referral?code=%5Bphone%5D"],
    ["/referral", "code=880412145678", "/referral?code=%5Bmykad%5D"],
    // The status form posts to the referral page too: none of its fields is read.
    [
      "/referral?code=SURIA8K2Q",
      "referralCode=SURIA8K2Q&phoneNumber=0123456789",
      "/referral?code=SURIA8K2Q",
    ],
    ["/b40", "identityCard=880412145678", "/b40"],
  ])("%s with %s goes to %s", (url, body, location) => {
    expect(postedFormLocation(url, body)).toBe(location);
  });

  it("answers 303 to the masked address, the body of any other form never read", async () => {
    const app = await server();
    const post = (url: string, payload: string, type = "application/x-www-form-urlencoded") =>
      app.inject({ method: "POST", url, headers: { "content-type": type }, payload });
    const search = await post("/search?language=en", "keyword=880412+14+5678&language=en");
    expect(search.statusCode).toBe(303);
    expect(search.headers.location).toBe("/search?keyword=%5Bmykad%5D&language=en");
    expect(search.headers["cache-control"]).toBe("no-store");
    const support = await post("/support", "q=aina%40example.com");
    expect(support.headers.location).toBe("/support?q=%5Bemail%5D");
    // A lookup sent as multipart is not read: the page again.
    const multipart = await post(
      "/search",
      '--x\r\nContent-Disposition: form-data; name="keyword"\r\n\r\n0123456789\r\n--x--',
      "multipart/form-data; boundary=x",
    );
    expect(multipart.headers.location).toBe("/search");
    // A body over the limit is not read.
    const long = await post("/search", `keyword=${"a".repeat(5000)}`);
    expect(long.headers.location).toBe("/search");
    // An address that already carries personal data is not sent back with it.
    const crafted = await post("/b40?identityCard=880412145678", "identityCard=880412145678");
    expect(crafted.headers.location).toBe("/b40?identityCard=%5Bmykad%5D");
    await app.close();
  });
});
