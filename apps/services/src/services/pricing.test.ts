import { describe, expect, it } from "vitest";
import { malaysianDate } from "../lib/clock.js";
import { activeRules, priceItems, type PricedCampaign } from "./pricing.js";

const campaigns: PricedCampaign[] = [
  { id: "no-rule", startDate: "2026-01-01", endDate: "2027-12-31" },
  {
    id: "deal",
    startDate: "2026-11-01",
    endDate: "2027-01-31",
    priceRule: { appliesTo: ["plan-a"], monthlyPriceRm: 129, months: 6 },
  },
  {
    id: "later-deal",
    startDate: "2026-11-01",
    endDate: "2027-01-31",
    priceRule: { appliesTo: ["plan-a", "pack-b"], monthlyPriceRm: 99, months: 12 },
  },
  {
    id: "free-install",
    startDate: "2026-10-01",
    endDate: "2026-12-31",
    priceRule: { appliesTo: ["plan-a"], installationFeeRm: 0 },
  },
];
const planA = { id: "plan-a", priceRm: 169, installationFeeRm: 150 };
const packB = { id: "pack-b", priceRm: 40 };
const packC = { id: "pack-c", priceRm: 19.9 };

describe("activeRules", () => {
  it("keeps campaigns with a rule whose dates contain the day, both ends included", () => {
    expect(activeRules(campaigns, "2026-10-31").map((c) => c.id)).toEqual(["free-install"]);
    expect(activeRules(campaigns, "2026-11-01").map((c) => c.id)).toEqual([
      "deal",
      "later-deal",
      "free-install",
    ]);
    expect(activeRules(campaigns, "2027-01-31").map((c) => c.id)).toEqual(["deal", "later-deal"]);
    expect(activeRules(campaigns, "2027-02-01")).toEqual([]);
  });
});

describe("priceItems", () => {
  it("is the regular price with no rule", () => {
    expect(priceItems([planA, packC], [])).toEqual({
      regularMonthlyRm: 188.9,
      periods: [{ fromMonth: 1, monthlyRm: 188.9 }],
      installationFeeRm: 150,
      campaignIds: [],
    });
  });

  it("takes the first promotional rule per item, and the installation rule apart", () => {
    const rules = activeRules(campaigns, "2026-11-21");
    expect(priceItems([planA], rules)).toEqual({
      regularMonthlyRm: 169,
      periods: [
        { fromMonth: 1, toMonth: 6, monthlyRm: 129 },
        { fromMonth: 7, monthlyRm: 169 },
      ],
      installationFeeRm: 0,
      campaignIds: ["deal", "free-install"],
    });
  });

  it("splits the months where each promotion ends, adding in sen", () => {
    const rules = activeRules(campaigns, "2026-11-21");
    expect(priceItems([planA, packB, packC], rules)).toEqual({
      regularMonthlyRm: 228.9,
      periods: [
        { fromMonth: 1, toMonth: 6, monthlyRm: 247.9 },
        { fromMonth: 7, toMonth: 12, monthlyRm: 287.9 },
        { fromMonth: 13, monthlyRm: 228.9 },
      ],
      installationFeeRm: 0,
      campaignIds: ["deal", "later-deal", "free-install"],
    });
  });

  it("merges periods of the same monthly price", () => {
    const same = [
      {
        id: "same",
        startDate: "2026-01-01",
        endDate: "2026-12-31",
        priceRule: { appliesTo: ["pack-c"], monthlyPriceRm: 19.9, months: 3 },
      },
    ];
    expect(priceItems([packC], activeRules(same, "2026-06-01")).periods).toEqual([
      { fromMonth: 1, monthlyRm: 19.9 },
    ]);
    expect(
      priceItems(
        [
          { id: "x", priceRm: 49.95 },
          { id: "y", priceRm: 20 },
        ],
        [],
      ).regularMonthlyRm,
    ).toBe(69.95);
  });
});

describe("malaysianDate", () => {
  it("is the calendar day at UTC+8", () => {
    expect(malaysianDate(new Date("2026-10-31T15:59:59Z"))).toBe("2026-10-31");
    expect(malaysianDate(new Date("2026-10-31T16:00:00Z"))).toBe("2026-11-01");
  });
});
