import { describe, expect, it } from "vitest";
import { hasPersonalData, maskPersonalData, maskUrl } from "../index.js";

describe("maskPersonalData", () => {
  it.each([
    ["880412145678", "[mykad]"],
    ["880412-14-5678", "[mykad]"],
    ["880412 14 5678", "[mykad]"],
    ["my ic 880412-14-5678 please", "my ic [mykad] please"],
  ])("masks the MyKad %s", (input, masked) => {
    expect(maskPersonalData(input)).toBe(masked);
  });

  it.each([
    ["0123456789", "[phone]"],
    ["012-345 6789", "[phone]"],
    ["012-3456789", "[phone]"],
    ["012 345 6789", "[phone]"],
    ["(012) 345 6789", "[phone]"],
    ["+60123456789", "[phone]"],
    ["+6012-345 6789", "[phone]"],
    ["+60 12-345 6789", "[phone]"],
    ["60123456789", "[phone]"],
    ["6012 345 6789", "[phone]"],
    ["011-1234 5678", "[phone]"],
    ["+60111111111", "[phone]"],
    ["03-1234 5678", "[phone]"],
    ["012.345.6789", "[phone]"],
    ["WhatsApp +60111111111 to claim", "WhatsApp [phone] to claim"],
  ])("masks the phone number %s", (input, masked) => {
    expect(maskPersonalData(input)).toBe(masked);
  });

  it.each([
    ["aina@example.com", "[email]"],
    ["Aina.Binti+promo@mail.example.com.my", "[email]"],
    ["contact aina_b@example.my now", "contact [email] now"],
  ])("masks the email %s", (input, masked) => {
    expect(maskPersonalData(input)).toBe(masked);
  });

  it.each([
    "fibre 500",
    "RM129",
    "50450",
    "2026-11-28",
    "sports pack 2024",
    "",
    "Astro 1 2 3",
    "12345678",
    "@home",
  ])("keeps the plain search %j", (input) => {
    expect(maskPersonalData(input)).toBe(input);
    expect(hasPersonalData(input)).toBe(false);
  });

  it("masks several values in one text", () => {
    expect(maskPersonalData("880412145678 / 012-345 6789 / a@b.my")).toBe(
      "[mykad] / [phone] / [email]",
    );
  });
});

describe("maskUrl", () => {
  it("masks query values, decoded first", () => {
    expect(maskUrl("/search?keyword=880412-14-5678&language=en")).toBe(
      "/search?keyword=%5Bmykad%5D&language=en",
    );
    expect(maskUrl("/support?q=aina%40example.com")).toBe("/support?q=%5Bemail%5D");
    expect(maskUrl("/b40?identityCard=880412145678")).toBe("/b40?identityCard=%5Bmykad%5D");
    expect(maskUrl("/register-interest?name=Aina&phone=012+345+6789")).toBe(
      "/register-interest?name=Aina&phone=%5Bphone%5D",
    );
  });

  it("keeps a URL without personal data as it is", () => {
    expect(maskUrl("/search?keyword=fibre%20500&language=en")).toBe(
      "/search?keyword=fibre%20500&language=en",
    );
    expect(maskUrl("/channels")).toBe("/channels");
  });

  it("drops a query that does not decode", () => {
    expect(maskUrl("/search?keyword=%E0%A4%A")).toBe("/search");
  });
});
