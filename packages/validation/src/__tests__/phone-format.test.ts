import { describe, expect, it } from "vitest";
import { formatContactNumber, telUrl } from "../index.js";

describe("formatContactNumber", () => {
  it("writes Malaysian numbers as people write them", () => {
    expect(formatContactNumber("+60387331844")).toBe("+60 3-8733 1844");
    expect(formatContactNumber("03-8733 1844")).toBe("+60 3-8733 1844");
    expect(formatContactNumber("+6047331020")).toBe("+60 4-733 1020");
    expect(formatContactNumber("+6082123456")).toBe("+60 82-123 456");
    expect(formatContactNumber("0123456789")).toBe("+60 12-345 6789");
    expect(formatContactNumber("+601123456789")).toBe("+60 11-2345 6789");
    expect(formatContactNumber("60312345678")).toBe("+60 3-1234 5678");
  });

  it("writes every accepted input of a number the same way", () => {
    for (const typed of [
      "0123456789",
      "012-3456789",
      "012-345 6789",
      "(012) 345 6789",
      "012.345.6789",
      "+60123456789",
      "+6012-345 6789",
      "+60 (0)12-345 6789",
      "60123456789",
    ]) {
      expect(formatContactNumber(typed), typed).toBe("+60 12-345 6789");
    }
    expect(formatContactNumber("(03) 8733 1844")).toBe("+60 3-8733 1844");
    expect(formatContactNumber("(011) 2345.6789")).toBe("+60 11-2345 6789");
  });

  it("returns anything else as given", () => {
    expect(formatContactNumber("1-300-88-1234")).toBe("1-300-88-1234");
    expect(formatContactNumber("+6512345678")).toBe("+6512345678");
    expect(formatContactNumber("call us")).toBe("call us");
  });
});

describe("telUrl", () => {
  it("gives the E.164 tel: URL", () => {
    expect(telUrl("+60 3-8733 1844")).toBe("tel:+60387331844");
    expect(telUrl("012-345 6789")).toBe("tel:+60123456789");
    expect(telUrl("(012) 345 6789")).toBe("tel:+60123456789");
    expect(telUrl("not a number")).toBeUndefined();
  });
});
