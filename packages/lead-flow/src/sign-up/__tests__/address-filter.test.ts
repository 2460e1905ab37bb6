import { describe, expect, it } from "vitest";
import { filterAddresses, PICKER_PAGE } from "../address-filter.js";

const street = (n: number, name: string) => ({
  formatted: `${n}, Jalan ${name}, Kelana Jaya, 47301 Petaling Jaya, Selangor`,
});
// Hundreds of addresses, as a large register answers for a dense postcode.
const many = [
  ...Array.from({ length: 300 }, (_, i) => street(i + 1, "SS 7/26")),
  ...Array.from({ length: 200 }, (_, i) => street(i + 1, "SS 7/19")),
  { formatted: "A-1-2, Résidensi Kelana, Jalan SS 7/26, 47301 Petaling Jaya, Selangor" },
];

describe("filterAddresses", () => {
  it("keeps everything for an empty filter", () => {
    expect(filterAddresses(many, "  ")).toHaveLength(501);
    expect(PICKER_PAGE).toBe(20);
  });

  it("narrows hundreds of addresses to the one typed", () => {
    expect(filterAddresses(many, "26 ss 7/19").map((a) => a.formatted)).toEqual([
      "26, Jalan SS 7/19, Kelana Jaya, 47301 Petaling Jaya, Selangor",
    ]);
    // A house number is a whole token: 2 is not 22 or 120.
    expect(filterAddresses(many, "2 7/26")).toHaveLength(1);
    expect(filterAddresses(many, "7/19")).toHaveLength(200);
  });

  it("ignores case and accents", () => {
    expect(filterAddresses(many, "residensi")).toHaveLength(1);
    expect(filterAddresses(many, "RÉSIDENSI kelana")).toHaveLength(1);
    expect(filterAddresses(many, "no such street")).toEqual([]);
  });
});
