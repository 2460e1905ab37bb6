"use client";

import { installationText, priceText } from "@portal/ui";
import { useIntl } from "react-intl";
import type { Price } from "../types.js";

/**
 * The monthly price period by period, in words ("RM129/month for the first 6 months, then..."):
 * @portal/ui's wording, the same as the portal's cards and plan pages.
 */
export function usePriceText(): (price: Price) => string {
  const intl = useIntl();
  return (price) => priceText(intl, price);
}

/**
 * A price as the service gave it: the monthly periods, then (for a plan or an order) the
 * installation fee; a pack has none.
 */
export function PriceSummary({
  price,
  testId,
  installation = true,
}: {
  price: Price;
  testId?: string;
  /** Shows the installation fee (default true; false for an add-on pack). */
  installation?: boolean;
}) {
  const intl = useIntl();
  return (
    <span className="signup-price" data-testid={testId}>
      <span className="signup-price__monthly">{priceText(intl, price)}</span>
      {installation ? (
        <span className="signup-price__install">{installationText(intl, price)}</span>
      ) : null}
    </span>
  );
}
