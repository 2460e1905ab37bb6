import type { Queryable } from "../db/database.js";
import type { PricedCampaign, PriceRule } from "./pricing.js";

/** A plan: a combo package of a product, or a bundle (TV and fibre, sold as a fibre plan). */
export interface Plan {
  id: string;
  kind: "combo" | "bundle";
  product: "fibre" | "tv";
  name: string;
  tagline: string;
  speedMbps?: number;
  priceRm: number;
  installationFeeRm: number;
  contractMonths: number;
  includedPackIds: string[];
  highlights: string[];
  recommended: boolean;
}

/** An add-on pack. */
export interface Pack {
  id: string;
  name: string;
  priceRm: number;
}

/** What prices and offers are made of, in one language (names), read in one query. */
export interface CatalogSnapshot {
  plans: Plan[];
  packs: Pack[];
  campaigns: PricedCampaign[];
}

/**
 * The plans, packs and campaign price rules of the imported content (the `content_documents`
 * table, so a provider's own content import prices the orders too). Replaceable in `buildApp`.
 */
export interface PlanCatalog {
  /** The catalogue in `lang` (names and taglines), read through `db` (a transaction's, if any). */
  load(db: Queryable, lang: "bm" | "en"): Promise<CatalogSnapshot>;
}

interface ComboDoc {
  id: string;
  product: "fibre" | "tv";
  name: string;
  tagline: string;
  speedMbps?: number;
  priceRm: number;
  installationFeeRm: number;
  contractMonths: number;
  packageIds: string[];
  highlights: string[];
  recommended: boolean;
}
interface BundleDoc {
  id: string;
  name: string;
  description: string;
  speedMbps: number;
  priceRm: number;
  installationFeeRm: number;
  contractMonths: number;
  packageIds: string[];
  highlights: string[];
}
interface CampaignDoc {
  id: string;
  startDate: string;
  endDate: string;
  priceRule?: PriceRule;
}

/** The catalogue read from the content tables. */
export const contentCatalog: PlanCatalog = {
  async load(db, lang) {
    const { rows } = await db.query<{ kind: string; doc: string }>(
      `select kind, doc::text as doc from content_documents
       where lang = $1 and kind in ('combo', 'bundle', 'package', 'campaign')
       order by kind, position`,
      [lang],
    );
    const docs = (kind: string) =>
      rows.filter((r) => r.kind === kind).map((r) => JSON.parse(r.doc));
    const combos: Plan[] = (docs("combo") as ComboDoc[]).map((c) => ({
      id: c.id,
      kind: "combo",
      product: c.product,
      name: c.name,
      tagline: c.tagline,
      ...(c.speedMbps !== undefined ? { speedMbps: c.speedMbps } : {}),
      priceRm: c.priceRm,
      installationFeeRm: c.installationFeeRm,
      contractMonths: c.contractMonths,
      includedPackIds: c.packageIds,
      highlights: c.highlights,
      recommended: c.recommended,
    }));
    const bundles: Plan[] = (docs("bundle") as BundleDoc[]).map((b) => ({
      id: b.id,
      kind: "bundle",
      product: "fibre",
      name: b.name,
      tagline: b.description,
      speedMbps: b.speedMbps,
      priceRm: b.priceRm,
      installationFeeRm: b.installationFeeRm,
      contractMonths: b.contractMonths,
      includedPackIds: b.packageIds,
      highlights: b.highlights,
      recommended: false,
    }));
    return {
      plans: [...combos, ...bundles],
      packs: (docs("package") as Pack[]).map((p) => ({
        id: p.id,
        name: p.name,
        priceRm: p.priceRm,
      })),
      campaigns: (docs("campaign") as CampaignDoc[]).map((c) => ({
        id: c.id,
        startDate: c.startDate,
        endDate: c.endDate,
        ...(c.priceRule ? { priceRule: c.priceRule } : {}),
      })),
    };
  },
};

/** The fastest plan (Mbps) the fibre networks of an address can carry; 0 without any. */
export function topSpeed(networks: readonly { maxSpeedMbps: number }[]): number {
  return networks.reduce((max, n) => Math.max(max, n.maxSpeedMbps), 0);
}

/** Whether an address with these networks can get the plan (TV plans have no speed: always). */
export function planFits(
  plan: Pick<Plan, "speedMbps">,
  networks: readonly { maxSpeedMbps: number }[],
): boolean {
  return plan.speedMbps === undefined || plan.speedMbps <= topSpeed(networks);
}
