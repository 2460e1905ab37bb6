import { describe, expect, it } from "vitest";
import { maskedString, parseSearch, stringifySearch } from "../search-params";

describe("search params codec", () => {
  it("keeps digit strings as strings (postcodes, phone numbers)", () => {
    expect(parseSearch("?postcode=01000&phone=0123456789&keyword=123")).toEqual({
      postcode: "01000",
      phone: "0123456789",
      keyword: "123",
    });
  });
  it("keeps JSON-looking values as strings", () => {
    expect(parseSearch("?a=true&b=null&c=%7B%7D&d=1e3")).toEqual({
      a: "true",
      b: "null",
      c: "{}",
      d: "1e3",
    });
  });
  it("writes strings without quotes and round-trips", () => {
    const search = { keyword: "01000", language: "en", state: "kuala-lumpur" };
    const text = stringifySearch(search);
    expect(text).toBe("?keyword=01000&language=en&state=kuala-lumpur");
    expect(parseSearch(text)).toEqual(search);
  });
  it("drops undefined, null and empty values", () => {
    expect(stringifySearch({ a: undefined, b: null, c: "", d: "x" })).toBe("?d=x");
    expect(stringifySearch({})).toBe("");
  });
  it("encodes spaces and unicode", () => {
    expect(parseSearch(stringifySearch({ keyword: "sukan langsung é" }))).toEqual({
      keyword: "sukan langsung é",
    });
  });
});

describe("maskedString", () => {
  it("masks a MyKad, a phone number or an email a link put in a lookup", () => {
    expect(maskedString("880412-14-5678")).toBe("[mykad]");
    expect(maskedString("Daftar Promo RM1 - WhatsApp +60111111111 to claim")).toBe(
      "Daftar Promo RM1 - WhatsApp [phone] to claim",
    );
    expect(maskedString("aina@example.com")).toBe("[email]");
    expect(maskedString("sukan 500")).toBe("sukan 500");
    expect(maskedString(" ")).toBeUndefined();
    expect(maskedString(undefined)).toBeUndefined();
  });
});
