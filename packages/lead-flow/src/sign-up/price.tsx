"use client";

import type { Price } from "../types.js";
import { defineMessages, useIntl } from "react-intl";

const messages = defineMessages({
  only: {
    id: "signup.price.only",
    defaultMessage: "RM{price}/month",
    description: "A monthly price with no promotion",
  },
  first: {
    id: "signup.price.first",
    defaultMessage:
      "RM{price}/month for the first {months, plural, one {{months} month} other {{months} months}}",
    description: "Promotional monthly price and how long it lasts, from the first bill",
  },
  middle: {
    id: "signup.price.middle",
    defaultMessage: "then RM{price}/month for months {from} to {to}",
    description: "A later promotional period of the monthly price",
  },
  then: {
    id: "signup.price.then",
    defaultMessage: "then RM{price}/month",
    description: "The regular monthly price once the promotions end",
  },
  installation: {
    id: "signup.price.installation",
    defaultMessage: "Installation: RM{fee}",
    description: "One-off installation fee",
  },
  installationFree: {
    id: "signup.price.installation.free",
    defaultMessage: "Installation: free",
    description: "No installation fee",
  },
});

/** Ringgit as the content writes it: 129, 79.95 (no Intl on the way: no ICU data to load). */
export const ringgit = (amount: number): string =>
  Number.isInteger(amount) ? String(amount) : amount.toFixed(2);

/** The monthly price period by period, in words ("RM129/month for the first 6 months, then..."). */
export function usePriceText(): (price: Price) => string {
  const intl = useIntl();
  return (price) => {
    const [first, ...rest] = price.periods;
    if (!first) return "";
    if (first.toMonth === undefined) {
      return intl.formatMessage(messages.only, { price: ringgit(first.monthlyRm) });
    }
    const parts = [
      intl.formatMessage(messages.first, {
        price: ringgit(first.monthlyRm),
        months: first.toMonth,
      }),
      ...rest.map((period) =>
        period.toMonth === undefined
          ? intl.formatMessage(messages.then, { price: ringgit(period.monthlyRm) })
          : intl.formatMessage(messages.middle, {
              price: ringgit(period.monthlyRm),
              from: period.fromMonth,
              to: period.toMonth,
            }),
      ),
    ];
    return parts.join(", ");
  };
}

/** A price as the service gave it: the monthly periods, then the installation fee. */
export function PriceSummary({ price, testId }: { price: Price; testId?: string }) {
  const intl = useIntl();
  const text = usePriceText();
  return (
    <span className="signup-price" data-testid={testId}>
      <span className="signup-price__monthly">{text(price)}</span>
      <span className="signup-price__install">
        {price.installationFeeRm === 0
          ? intl.formatMessage(messages.installationFree)
          : intl.formatMessage(messages.installation, { fee: ringgit(price.installationFeeRm) })}
      </span>
    </span>
  );
}
