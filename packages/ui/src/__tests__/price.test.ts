import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import bmCatalog from "../lang/bm.json";
import enCatalog from "../lang/en.json";
import { formatRinggit, installationText, isCampaignPrice, priceText } from "../price.js";

const strings = (catalog: Record<string, { defaultMessage: string }>) =>
  Object.fromEntries(Object.entries(catalog).map(([id, m]) => [id, m.defaultMessage]));
const en = createIntl({ locale: "en", messages: strings(enCatalog) });
const bm = createIntl({ locale: "ms", messages: strings(bmCatalog) });

const deal = {
  periods: [
    { fromMonth: 1, toMonth: 6, monthlyRm: 129 },
    { fromMonth: 7, monthlyRm: 169 },
  ],
  installationFeeRm: 0,
  campaignIds: ["year-end-fibre-deal"],
};
const kidsPack = {
  periods: [
    { fromMonth: 1, toMonth: 1, monthlyRm: 0 },
    { fromMonth: 2, monthlyRm: 15 },
  ],
  installationFeeRm: 0,
  campaignIds: ["school-holidays"],
};
const regular = {
  periods: [{ fromMonth: 1, monthlyRm: 79.95 }],
  installationFeeRm: 150,
  campaignIds: [],
};

describe("the words of a price (one wording for cards, plan pages and the sign-up)", () => {
  it("says a promotion and the price after it, in en and bm", () => {
    expect(priceText(en, deal)).toBe("RM129/month for the first 6 months, then RM169/month");
    expect(priceText(bm, deal)).toBe("RM129/bulan untuk 6 bulan pertama, kemudian RM169/bulan");
    expect(priceText(en, kidsPack)).toBe("Free for the first month, then RM15/month");
    expect(priceText(bm, kidsPack)).toBe("Percuma untuk bulan pertama, kemudian RM15/bulan");
    expect(priceText(en, regular)).toBe("RM79.95/month");
  });

  it("says the installation fee, and whether a campaign set the price", () => {
    expect(installationText(en, deal)).toBe("Free installation");
    expect(installationText(bm, regular)).toBe("Pemasangan: RM150");
    expect(isCampaignPrice(deal)).toBe(true);
    expect(isCampaignPrice(regular)).toBe(false);
    expect(formatRinggit(99.9)).toBe("99.90");
  });
});
