import uiBm from "@portal/ui/lang/source/bm.json";
import uiEn from "@portal/ui/lang/source/en.json";
import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import bmCatalog from "../../lang/bm.json";
import enCatalog from "../../lang/en.json";
import { formatDate } from "../format";
import { productLd } from "../head";
import type { Lang } from "../language";
import { installationText, priceMessages, priceText, type Price } from "../price";

/**
 * The shell catalog of a language with @portal/ui's (the words of a price are ui's), as the app
 * compiles them (parsed here: tests have the parser).
 */
const intlOf = (lang: Lang) =>
  createIntl({
    locale: lang === "bm" ? "ms" : "en",
    messages: Object.fromEntries(
      Object.entries(lang === "bm" ? { ...uiBm, ...bmCatalog } : { ...uiEn, ...enCatalog }).map(
        ([id, m]) => [id, m.defaultMessage],
      ),
    ),
    onError: (error) => {
      throw error;
    },
  });
const bm = intlOf("bm");
const en = intlOf("en");

// The prices the content service answers on 21 November 2026 (services' prices.test.ts).
const fibre500: Price = {
  regularMonthlyRm: 169,
  periods: [
    { fromMonth: 1, toMonth: 6, monthlyRm: 129 },
    { fromMonth: 7, monthlyRm: 169 },
  ],
  installationFeeRm: 0,
  campaignIds: ["year-end-fibre-deal"],
};
const fibre500After: Price = {
  regularMonthlyRm: 169,
  periods: [{ fromMonth: 1, monthlyRm: 169 }],
  installationFeeRm: 0,
  campaignIds: [],
};
const sportsPack: Price = {
  regularMonthlyRm: 40,
  periods: [
    { fromMonth: 1, toMonth: 3, monthlyRm: 20 },
    { fromMonth: 4, monthlyRm: 40 },
  ],
  installationFeeRm: 0,
  campaignIds: ["football-season"],
};
const kidsPack: Price = {
  regularMonthlyRm: 15,
  periods: [
    { fromMonth: 1, toMonth: 1, monthlyRm: 0 },
    { fromMonth: 2, monthlyRm: 15 },
  ],
  installationFeeRm: 0,
  campaignIds: ["school-holidays"],
};
const tvEssentials: Price = {
  regularMonthlyRm: 49.95,
  periods: [{ fromMonth: 1, monthlyRm: 49.95 }],
  installationFeeRm: 0,
  campaignIds: ["free-installation"],
};

describe("priceText: the net campaign price and its period", () => {
  it("fibre-500 during the year-end deal", () => {
    expect(priceText(en, fibre500)).toBe("RM129/month for the first 6 months, then RM169/month");
    expect(priceText(bm, fibre500)).toBe("RM129/bulan untuk 6 bulan pertama, kemudian RM169/bulan");
  });

  it("fibre-500 after it", () => {
    expect(priceText(en, fibre500After)).toBe("RM169/month");
    expect(priceText(bm, fibre500After)).toBe("RM169/bulan");
  });

  it("the Sports Pack in the football season", () => {
    expect(priceText(en, sportsPack)).toBe("RM20/month for the first 3 months, then RM40/month");
    expect(priceText(bm, sportsPack)).toBe("RM20/bulan untuk 3 bulan pertama, kemudian RM40/bulan");
  });

  it("a free first month", () => {
    expect(priceText(en, kidsPack)).toBe("Free for the first month, then RM15/month");
    expect(priceText(bm, kidsPack)).toBe("Percuma untuk bulan pertama, kemudian RM15/bulan");
  });

  it("one month at a price, cents, and a middle period", () => {
    const stepped: Price = {
      regularMonthlyRm: 79.95,
      periods: [
        { fromMonth: 1, toMonth: 1, monthlyRm: 9.9 },
        { fromMonth: 2, toMonth: 6, monthlyRm: 59.95 },
        { fromMonth: 7, monthlyRm: 79.95 },
      ],
      installationFeeRm: 150,
      campaignIds: ["a", "b"],
    };
    expect(priceText(en, stepped)).toBe(
      "RM9.90/month for the first month, then RM59.95/month for months 2 to 6, then RM79.95/month",
    );
    expect(priceText(bm, stepped)).toBe(
      "RM9.90/bulan untuk bulan pertama, kemudian RM59.95/bulan untuk bulan 2 hingga 6, kemudian RM79.95/bulan",
    );
    expect(priceText(en, tvEssentials)).toBe("RM49.95/month");
  });

  it("the installation fee of a plan", () => {
    expect(installationText(en, tvEssentials)).toBe("Free installation");
    expect(installationText(bm, tvEssentials)).toBe("Pemasangan percuma");
    const regular = { ...tvEssentials, installationFeeRm: 150, campaignIds: [] };
    expect(installationText(en, regular)).toBe("Installation: RM150");
    expect(installationText(bm, regular)).toBe("Pemasangan: RM150");
  });

  it("until when a campaign's price is offered, as a long date in the visitor's language", () => {
    const until = (intl: typeof en, lang: Lang) =>
      intl.formatMessage(priceMessages.until, { date: formatDate("2027-01-31", lang) });
    expect(until(en, "en")).toBe("Offer price for sign-ups until 31 January 2027");
    expect(until(bm, "bm")).toBe("Harga tawaran untuk langganan sehingga 31 Januari 2027");
  });
});

describe("productLd: the Offer carries the price a new subscriber pays now", () => {
  const context = { lang: "en" as const, siteUrl: "https://www.suria.example" };
  const product = {
    name: "Suria Fibre 500Mbps",
    description: "Our most popular choice",
    path: "/fibre/fibre-500",
  };

  it("during a campaign: the net first-month price, valid until the campaign's last day", () => {
    const ld = productLd(context, {
      ...product,
      priced: { price: fibre500, priceValidUntil: "2027-01-31" },
    }) as { offers: Record<string, unknown> };
    expect(ld.offers).toMatchObject({
      "@type": "Offer",
      price: "129.00",
      priceCurrency: "MYR",
      priceValidUntil: "2027-01-31",
      url: "https://www.suria.example/fibre/fibre-500?language=en",
    });
    expect(ld.offers.priceSpecification).toEqual([
      {
        "@type": "UnitPriceSpecification",
        price: "129.00",
        priceCurrency: "MYR",
        unitCode: "MON",
        referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "MON" },
        billingStart: 0,
        billingDuration: 6,
      },
      {
        "@type": "UnitPriceSpecification",
        price: "169.00",
        priceCurrency: "MYR",
        unitCode: "MON",
        referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "MON" },
        billingStart: 6,
      },
    ]);
  });

  it("without a campaign: the regular price, no end date", () => {
    const ld = productLd(context, { ...product, priced: { price: fibre500After } }) as {
      offers: Record<string, unknown>;
    };
    expect(ld.offers.price).toBe("169.00");
    expect(ld.offers.priceValidUntil).toBeUndefined();
    expect(ld.offers.priceSpecification).toMatchObject({ price: "169.00", unitCode: "MON" });
  });

  it("a scheduled change of a regular price is no campaign end: no priceValidUntil", () => {
    const ld = productLd(context, {
      ...product,
      priced: { price: fibre500After, priceValidUntil: "2026-10-31" },
    }) as { offers: Record<string, unknown> };
    expect(ld.offers.priceValidUntil).toBeUndefined();
  });
});
