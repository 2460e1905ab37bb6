import { defineMessages } from "react-intl";
import type { ContentData } from "./api";

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

/**
 * The words of a price are @portal/ui's (priceText, installationText: one wording on cards, detail
 * pages and in the sign-up); a detail page adds until when a campaign's price is offered.
 */
export { installationText, isCampaignPrice, priceText } from "@portal/ui";

export const priceMessages = defineMessages({
  until: {
    id: "shell.price.until",
    defaultMessage: "Offer price for sign-ups until {date}",
    description: "The last day a promotional price is offered (a long date)",
  },
});
