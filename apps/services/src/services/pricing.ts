/**
 * Prices from the content data: each plan's and pack's regular monthly price and installation
 * fee, and the campaigns' price rules with their dates (openapi/content.yaml, "prices and
 * campaign price rules"). Pure functions: the offers, the order update and their tests share them.
 * Amounts are added in sen (integers) so RM49.95 + RM20 is exactly RM69.95.
 */

/** A campaign's price rule (content.yaml PriceRule). */
export interface PriceRule {
  appliesTo: string[];
  monthlyPriceRm?: number;
  months?: number;
  installationFeeRm?: number;
}

/** A campaign as far as prices go. */
export interface PricedCampaign {
  id: string;
  startDate: string;
  endDate: string;
  priceRule?: PriceRule;
}

/** Something with a price: a plan (combo or bundle) or an add-on pack. */
export interface PricedItem {
  id: string;
  priceRm: number;
  /** Plans only: the installation fee before any campaign rule (packs have none). */
  installationFeeRm?: number;
}

/** One stretch of months at one monthly price (openapi/shop.yaml PricePeriod). */
export interface PricePeriod {
  fromMonth: number;
  toMonth?: number;
  monthlyRm: number;
}

/** A price (openapi/shop.yaml Price). */
export interface Price {
  regularMonthlyRm: number;
  periods: PricePeriod[];
  installationFeeRm: number;
  campaignIds: string[];
}

const sen = (rm: number) => Math.round(rm * 100);
const rm = (amount: number) => amount / 100;

/** The campaigns whose rule holds on a Malaysian day (`YYYY-MM-DD`), in content order. */
export function activeRules(
  campaigns: readonly PricedCampaign[],
  day: string,
): (PricedCampaign & { priceRule: PriceRule })[] {
  return campaigns.filter(
    (c): c is PricedCampaign & { priceRule: PriceRule } =>
      c.priceRule !== undefined && c.startDate <= day && day <= c.endDate,
  );
}

/**
 * The price of items bought together (a plan and its add-on packs, or one item alone). For each
 * item the first active rule with a promotional price that applies to it gives that price for its
 * months; the first active rule with an installation fee that applies to a plan replaces its fee.
 */
export function priceItems(
  items: readonly PricedItem[],
  rules: readonly (PricedCampaign & { priceRule: PriceRule })[],
): Price {
  const used = new Set<string>();
  const lines = items.map((item) => {
    const promo = rules.find(
      (r) =>
        r.priceRule.appliesTo.includes(item.id) &&
        r.priceRule.monthlyPriceRm !== undefined &&
        r.priceRule.months !== undefined,
    );
    if (promo) used.add(promo.id);
    let installation = item.installationFeeRm ?? 0;
    if (item.installationFeeRm !== undefined) {
      const waiver = rules.find(
        (r) =>
          r.priceRule.appliesTo.includes(item.id) && r.priceRule.installationFeeRm !== undefined,
      );
      if (waiver) {
        used.add(waiver.id);
        installation = waiver.priceRule.installationFeeRm!;
      }
    }
    return {
      regular: sen(item.priceRm),
      installation: sen(installation),
      promo: promo
        ? { monthly: sen(promo.priceRule.monthlyPriceRm!), months: promo.priceRule.months! }
        : undefined,
    };
  });
  const regular = lines.reduce((sum, l) => sum + l.regular, 0);
  // A period ends wherever a promotion ends; within a period every price is constant.
  const ends = [...new Set(lines.flatMap((l) => (l.promo ? [l.promo.months] : [])))].sort(
    (a, b) => a - b,
  );
  const periods: PricePeriod[] = [];
  let from = 1;
  for (const end of ends) {
    const monthly = lines.reduce(
      (sum, l) => sum + (l.promo && l.promo.months >= end ? l.promo.monthly : l.regular),
      0,
    );
    push(periods, { fromMonth: from, toMonth: end, monthlyRm: rm(monthly) });
    from = end + 1;
  }
  push(periods, { fromMonth: from, monthlyRm: rm(regular) });
  return {
    regularMonthlyRm: rm(regular),
    periods,
    installationFeeRm: rm(lines.reduce((sum, l) => sum + l.installation, 0)),
    campaignIds: rules.filter((r) => used.has(r.id)).map((r) => r.id),
  };
}

/** Appends a period, merging it into the previous one when the monthly price is the same. */
function push(periods: PricePeriod[], next: PricePeriod): void {
  const last = periods.at(-1);
  if (last && last.monthlyRm === next.monthlyRm) {
    if (next.toMonth === undefined) delete last.toMonth;
    else last.toMonth = next.toMonth;
    return;
  }
  periods.push(next);
}

/** The Malaysian day before `day` (`YYYY-MM-DD`). */
const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * The last Malaysian day on which the price of `items` stays what it is on `day`: the last day
 * of a running campaign whose rule applies to one of them, or the day before such a campaign
 * starts, whichever comes first; undefined while no campaign is scheduled to change it.
 */
export function priceValidUntil(
  items: readonly Pick<PricedItem, "id">[],
  campaigns: readonly PricedCampaign[],
  day: string,
): string | undefined {
  let until: string | undefined;
  for (const c of campaigns) {
    if (!c.priceRule || !items.some((item) => c.priceRule!.appliesTo.includes(item.id))) continue;
    const last =
      day < c.startDate ? dayBefore(c.startDate) : day <= c.endDate ? c.endDate : undefined;
    if (last !== undefined && (until === undefined || last < until)) until = last;
  }
  return until;
}

/**
 * The price of `items` for a new order on a Malaysian `day` (the rule of the offers and orders:
 * {@link activeRules} then {@link priceItems}) and the last day it holds ({@link priceValidUntil}).
 */
export function priceOn(
  items: readonly PricedItem[],
  campaigns: readonly PricedCampaign[],
  day: string,
): { price: Price; priceValidUntil?: string } {
  const until = priceValidUntil(items, campaigns, day);
  return {
    price: priceItems(items, activeRules(campaigns, day)),
    ...(until !== undefined ? { priceValidUntil: until } : {}),
  };
}
