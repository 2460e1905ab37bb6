import { describe, expect, it } from "vitest";
import { readableReference } from "./reference.js";

describe("readableReference", () => {
  it("is the prefix and two groups of four Crockford base-32 characters", () => {
    for (let i = 0; i < 200; i++) {
      expect(readableReference("SFC")).toMatch(/^SFC-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    }
  });

  it("maps each random draw to one character, never I, L, O or U", () => {
    let n = 0;
    expect(readableReference("X", () => n++ % 32)).toBe("X-0123-4567");
    n = 24;
    expect(readableReference("X", () => n++ % 32)).toBe("X-RSTV-WXYZ");
  });
});
