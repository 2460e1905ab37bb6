import type { CatalogSnapshot } from "../services/catalog.js";
import { priceOn, type PricedItem } from "../services/pricing.js";

/** A content document as JSON. */
type Doc = Record<string, unknown>;

/** The content kinds that carry a price (content.yaml: combo packages, bundles, add-on packs). */
export type PricedKind = "combo" | "bundle" | "package";

/** A campaign's state on a Malaysian day (content.yaml Campaign.status). */
export type CampaignStatus = "upcoming" | "current" | "ended";

/** The state of a campaign running from `startDate` to `endDate` (both included) on `day`. */
export function campaignStatus(
  campaign: { startDate: string; endDate: string },
  day: string,
): CampaignStatus {
  if (day < campaign.startDate) return "upcoming";
  return day <= campaign.endDate ? "current" : "ended";
}

/**
 * Adds what content.yaml says the service computes when answering ("the price a visitor
 * compares is the price they pay"): each plan's and pack's `price` and `priceValidUntil` for a
 * new order on `day`, and each campaign's `status` and priced `offers`. The items and the
 * campaign rules come from the same catalogue the shop's offers and orders are priced from
 * (`app.services.catalog`), and the price from the same function (`priceOn`).
 */
export function contentPricer(catalog: CatalogSnapshot, day: string) {
  const itemOf = (kind: PricedKind, id: string): PricedItem | undefined =>
    kind === "package"
      ? catalog.packs.find((p) => p.id === id)
      : catalog.plans.find((p) => p.kind === kind && p.id === id);

  /** A plan or pack document with its price; one the catalogue lacks is priced from itself. */
  const item = (kind: PricedKind, doc: Doc, on = day): Doc => {
    const id = doc.id as string;
    const priced = itemOf(kind, id) ?? {
      id,
      priceRm: doc.priceRm as number,
      ...(kind === "package" ? {} : { installationFeeRm: doc.installationFeeRm as number }),
    };
    return { ...doc, ...priceOn([priced], catalog.campaigns, on) };
  };

  /** The items of a campaign's price rule, priced on `on`, in the rule's order. */
  const offersOf = (ids: readonly string[], on: string) =>
    ids.flatMap((id) => {
      const plan = catalog.plans.find((p) => p.id === id);
      const pack = plan ? undefined : catalog.packs.find((p) => p.id === id);
      const found = plan ?? pack;
      if (!found) return [];
      return [
        {
          kind: plan ? plan.kind : ("package" as const),
          id,
          name: found.name,
          product: plan ? plan.product : ("tv" as const),
          ...priceOn([found], catalog.campaigns, on),
        },
      ];
    });

  /** A campaign document with its status and offers (priced on its first day while upcoming). */
  const campaign = (doc: Doc): Doc => {
    const dates = doc as { startDate: string; endDate: string };
    const status = campaignStatus(dates, day);
    const rule = doc.priceRule as { appliesTo: string[] } | undefined;
    const offers =
      rule && status !== "ended"
        ? offersOf(rule.appliesTo, status === "upcoming" ? dates.startDate : day)
        : [];
    return { ...doc, status, offers };
  };

  return {
    item,
    campaign,
    /** A JSON array of documents of one kind, each priced. */
    list: (kind: PricedKind, json: string) =>
      JSON.stringify((JSON.parse(json) as Doc[]).map((doc) => item(kind, doc))),
    /** A listing `{ items, total }` of one kind, each item priced. */
    listing: (kind: PricedKind, json: string) => {
      const listing = JSON.parse(json) as { items: Doc[]; total: number };
      return JSON.stringify({ ...listing, items: listing.items.map((doc) => item(kind, doc)) });
    },
    /** The home page with its combo list priced. */
    home: (json: string) => {
      const home = JSON.parse(json) as Doc & { comboList: Doc[] };
      return JSON.stringify({ ...home, comboList: home.comboList.map((c) => item("combo", c)) });
    },
    /** The campaigns a visitor can still take up (current and upcoming), in file order. */
    campaigns: (json: string) =>
      JSON.stringify((JSON.parse(json) as Doc[]).map(campaign).filter((c) => c.status !== "ended")),
  };
}

/** A pricer for one catalogue and day. */
export type ContentPricer = ReturnType<typeof contentPricer>;
