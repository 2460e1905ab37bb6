import { defineMessages, type IntlShape } from "react-intl";
import type { ContentData } from "./api";
import { formatRm } from "./format";

/**
 * A price as the services give it (common.yaml `Price`): the content service's plans, packs and
 * campaign offers carry the same object as the shop's offers and orders, priced by the same rule
 * on the same Malaysian day.
 */
export type Price = ContentData<"getPackage">["price"];

/** Something the content service priced: its price of the day and how long that price holds. */
export interface Priced {
  price: Price;
  /** The last Malaysian day (`YYYY-MM-DD`) the price holds for a new order, if a change is due. */
  priceValidUntil?: string | undefined;
}

export const priceMessages = defineMessages({
  only: {
    id: "shell.price.monthly",
    defaultMessage: "RM{price}/month",
    description: "Monthly price in ringgit",
  },
  // {months}, not #: # formats through Intl.NumberFormat, whose first use loads ICU's number data
  // (60-110 ms of main thread on a mid-range phone), and the combo cards are on the home page.
  first: {
    id: "shell.price.first",
    defaultMessage:
      "RM{price}/month for the {months, plural, =1 {first month} other {first {months} months}}",
    description: "Promotional monthly price and how long it lasts, from the first bill",
  },
  firstFree: {
    id: "shell.price.first.free",
    defaultMessage: "Free for the {months, plural, =1 {first month} other {first {months} months}}",
    description: "Promotional months at no charge, from the first bill",
  },
  middle: {
    id: "shell.price.middle",
    defaultMessage: "then RM{price}/month for months {from} to {to}",
    description: "A later promotional period of the monthly price",
  },
  then: {
    id: "shell.price.then",
    defaultMessage: "then RM{price}/month",
    description: "The regular monthly price once the promotions end",
  },
  installation: {
    id: "shell.price.installation",
    defaultMessage: "Installation: RM{fee}",
    description: "One-off installation fee of a plan",
  },
  installationFree: {
    id: "shell.price.installation.free",
    defaultMessage: "Free installation",
    description: "A plan installed at no charge",
  },
  until: {
    id: "shell.price.until",
    defaultMessage: "Offer price for sign-ups until {date}",
    description: "The last day a promotional price is offered (a long date)",
  },
});

type Formatter = Pick<IntlShape, "formatMessage">;

/**
 * The monthly price period by period, in words: "RM129/month for the first 6 months, then
 * RM169/month", "Free for the first month, then RM15/month", or "RM169/month" without a
 * promotion.
 */
export function priceText(intl: Formatter, price: Price): string {
  const [first, ...rest] = price.periods;
  if (!first) return "";
  if (first.toMonth === undefined)
    return intl.formatMessage(priceMessages.only, { price: formatRm(first.monthlyRm) });
  return [
    first.monthlyRm === 0
      ? intl.formatMessage(priceMessages.firstFree, { months: first.toMonth })
      : intl.formatMessage(priceMessages.first, {
          price: formatRm(first.monthlyRm),
          months: first.toMonth,
        }),
    ...rest.map((period) =>
      period.toMonth === undefined
        ? intl.formatMessage(priceMessages.then, { price: formatRm(period.monthlyRm) })
        : intl.formatMessage(priceMessages.middle, {
            price: formatRm(period.monthlyRm),
            from: period.fromMonth,
            to: period.toMonth,
          }),
    ),
  ].join(", ");
}

/** The installation fee of a plan in words: "Free installation" or "Installation: RM150". */
export function installationText(intl: Formatter, price: Price): string {
  return price.installationFeeRm === 0
    ? intl.formatMessage(priceMessages.installationFree)
    : intl.formatMessage(priceMessages.installation, { fee: formatRm(price.installationFeeRm) });
}

/** Whether a campaign gave this price (a promotional month or a waived fee). */
export const isCampaignPrice = (price: Price): boolean => price.campaignIds.length > 0;
