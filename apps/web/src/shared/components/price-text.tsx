import { useIntl } from "react-intl";
import { formatDate } from "../format";
import { useLanguage } from "../language";
import { installationText, isCampaignPrice, priceMessages, priceText, type Priced } from "../price";

/**
 * The price of a plan or pack as the services priced it today (the price the sign-up records):
 * the monthly price period by period, the installation fee of a plan, and on a detail page the
 * last day a campaign's price is offered.
 */
export function PriceText({
  item,
  plan = false,
  detail = false,
}: {
  item: Priced;
  /** A plan (combo or bundle): shows its installation fee. Packs have none. */
  plan?: boolean;
  /** A detail page: also says until when a campaign's price is offered (a long date). */
  detail?: boolean;
}) {
  const intl = useIntl();
  const { lang } = useLanguage();
  const until =
    detail && item.priceValidUntil && isCampaignPrice(item.price)
      ? intl.formatMessage(priceMessages.until, { date: formatDate(item.priceValidUntil, lang) })
      : undefined;
  return (
    <span className="price-text" data-testid="price">
      <span className="price">{priceText(intl, item.price)}</span>
      {plan ? <span className="price-text__note">{installationText(intl, item.price)}</span> : null}
      {until ? <span className="price-text__note">{until}</span> : null}
    </span>
  );
}
