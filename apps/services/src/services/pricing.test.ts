import { describe, expect, it } from "vitest";
import { malaysianDate } from "../lib/clock.js";
import {
  activeRules,
  priceItems,
  priceOn,
  priceValidUntil,
  type PricedCampaign,
} from "./pricing.js";

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

describe("priceValidUntil and priceOn", () => {
  it("is the last day of the running campaigns that touch the items, the earliest first", () => {
    // free-install ends on 31 Dec, before deal and later-deal (31 Jan).
    expect(priceValidUntil([planA], campaigns, "2026-11-21")).toBe("2026-12-31");
    expect(priceValidUntil([planA], campaigns, "2027-01-01")).toBe("2027-01-31");
    expect(priceValidUntil([packB], campaigns, "2026-11-21")).toBe("2027-01-31");
  });

  it("is the day before a campaign that will change the price starts", () => {
    // free-install starts on 1 Oct: the regular price of plan-a holds until 30 Sep.
    expect(priceValidUntil([planA], campaigns, "2026-09-15")).toBe("2026-09-30");
    expect(priceValidUntil([packB], campaigns, "2026-09-15")).toBe("2026-10-31");
  });

  it("is undefined when nothing is scheduled: no rule for the item, or every campaign over", () => {
    expect(priceValidUntil([packC], campaigns, "2026-11-21")).toBeUndefined();
    expect(priceValidUntil([planA], campaigns, "2027-02-01")).toBeUndefined();
  });

  it("priceOn is priceItems over the day's active rules, with the day it holds until", () => {
    expect(priceOn([planA], campaigns, "2026-11-21")).toEqual({
      price: priceItems([planA], activeRules(campaigns, "2026-11-21")),
      priceValidUntil: "2026-12-31",
    });
    expect(priceOn([packC], campaigns, "2026-11-21")).toEqual({
      price: priceItems([packC], []),
    });
  });
});

describe("malaysianDate", () => {
  it("is the calendar day at UTC+8", () => {
    expect(malaysianDate(new Date("2026-10-31T15:59:59Z"))).toBe("2026-10-31");
    expect(malaysianDate(new Date("2026-10-31T16:00:00Z"))).toBe("2026-11-01");
  });
});
