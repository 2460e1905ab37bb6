import type { IntlShape } from "react-intl";

/**
 * A price as the Suria services give it (openapi/common.yaml `Price`): monthly periods (a
 * promotion, then the regular price), the installation fee and the campaigns that set it. The
 * content cards, the sign-up's plans and the order all carry this object.
 */
export interface PriceLike {
  readonly periods: ReadonlyArray<{
    readonly fromMonth: number;
    readonly toMonth?: number;
    readonly monthlyRm: number;
  }>;
  readonly installationFeeRm: number;
  readonly campaignIds: readonly string[];
}

/**
 * The words of a price, one wording wherever a price shows (cards, detail pages, the sign-up's
 * plans and order). A plain object (no react-intl import), like uiMessages. {months}, not #:
 * # formats through Intl.NumberFormat, whose first use loads ICU's number data (60-110 ms of main
 * thread on a mid-range phone), and price cards are on the home page.
 */
export const priceMessages = {
  monthly: {
    id: "ui.price.monthly",
    defaultMessage: "RM{price}/month",
    description: "Monthly price in ringgit",
  },
  first: {
    id: "ui.price.first",
    defaultMessage:
      "RM{price}/month for the {months, plural, =1 {first month} other {first {months} months}}",
    description: "Promotional monthly price and how long it lasts, from the first bill",
  },
  firstFree: {
    id: "ui.price.first.free",
    defaultMessage: "Free for the {months, plural, =1 {first month} other {first {months} months}}",
    description: "Promotional months at no charge, from the first bill",
  },
  middle: {
    id: "ui.price.middle",
    defaultMessage: "then RM{price}/month for months {from} to {to}",
    description: "A later promotional period of the monthly price",
  },
  then: {
    id: "ui.price.then",
    defaultMessage: "then RM{price}/month",
    description: "The regular monthly price once the promotions end",
  },
  installation: {
    id: "ui.price.installation",
    defaultMessage: "Installation: RM{fee}",
    description: "One-off installation fee of a plan",
  },
  installationFree: {
    id: "ui.price.installation.free",
    defaultMessage: "Free installation",
    description: "A plan installed at no charge",
  },
} as const;

type Formatter = Pick<IntlShape, "formatMessage">;

/** Ringgit as prices are written: 129, 79.95 (no Intl on the way: no ICU number data to load). */
export function formatRinggit(amount: number): string {
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
}

/**
 * The monthly price period by period, in words: "RM129/month for the first 6 months, then
 * RM169/month", "Free for the first month, then RM15/month", or "RM169/month" without a
 * promotion.
 */
export function priceText(intl: Formatter, price: PriceLike): string {
  const [first, ...rest] = price.periods;
  if (!first) return "";
  if (first.toMonth === undefined) {
    return intl.formatMessage(priceMessages.monthly, { price: formatRinggit(first.monthlyRm) });
  }
  return [
    first.monthlyRm === 0
      ? intl.formatMessage(priceMessages.firstFree, { months: first.toMonth })
      : intl.formatMessage(priceMessages.first, {
          price: formatRinggit(first.monthlyRm),
          months: first.toMonth,
        }),
    ...rest.map((period) =>
      period.toMonth === undefined
        ? intl.formatMessage(priceMessages.then, { price: formatRinggit(period.monthlyRm) })
        : intl.formatMessage(priceMessages.middle, {
            price: formatRinggit(period.monthlyRm),
            from: period.fromMonth,
            to: period.toMonth,
          }),
    ),
  ].join(", ");
}

/** The installation fee of a plan in words: "Free installation" or "Installation: RM150". */
export function installationText(intl: Formatter, price: PriceLike): string {
  return price.installationFeeRm === 0
    ? intl.formatMessage(priceMessages.installationFree)
    : intl.formatMessage(priceMessages.installation, {
        fee: formatRinggit(price.installationFeeRm),
      });
}

/** Whether a campaign set this price (a promotional month or a waived fee). */
export const isCampaignPrice = (price: PriceLike): boolean => price.campaignIds.length > 0;
