/**
 * The offers of a lead's address and the order it chooses (openapi/shop.yaml, "plans matched"):
 * the plans that fit the address, priced by the campaigns of the Malaysian day. The route
 * handlers in src/routes/shop.ts parse and answer; the purchase is in orders.ts.
 */
import type { Database } from "../db/database.js";
import { malaysianDate, type Clock } from "../lib/clock.js";
import { badRequest, HttpError, notFound } from "../lib/errors.js";
import { saveOrder } from "../repositories/orders.js";
import { planFits, topSpeed, type CatalogSnapshot, type PlanCatalog } from "./catalog.js";
import { toApiAddress, type LeadService, type OrderData } from "./leads.js";
import { tooFast } from "./orders.js";
import { activeRules, priceItems } from "./pricing.js";
import { checkReferralForLead } from "./referrals.js";

/** What the offers and the order reach. */
export interface ShopDeps {
  db: Database;
  clock: Clock;
  leads: LeadService;
  catalog: PlanCatalog;
}

/** The plans of a product: its combo packages and, for fibre, the bundles. */
const plansOf = (catalog: CatalogSnapshot, product: string) =>
  catalog.plans.filter((p) => p.product === product);

/** 409 for a lead without an address. */
const noAddress = () =>
  new HttpError(409, "The lead has no address yet", { code: "lead.incomplete.address" });

/** The plans and add-ons of the lead's address, priced today (openapi/shop.yaml `getSbbOffers`). */
export async function offersFor(deps: ShopDeps, leadId: string, lang: "bm" | "en") {
  const { leads } = deps;
  const lead = await leads.get(leadId);
  const address = lead.address_id ? await leads.address(lead.address_id) : undefined;
  if (!address) throw noAddress();
  const catalog = await deps.catalog.load(deps.db, lang);
  const day = malaysianDate(deps.clock.now());
  const rules = activeRules(catalog.campaigns, day);
  const networks = lead.product === "fibre" ? address.fibre_networks : [];
  const plans = plansOf(catalog, lead.product);
  return {
    product: lead.product,
    pricedOn: day,
    address: toApiAddress(address),
    ...(lead.product === "fibre" ? { maxSpeedMbps: topSpeed(networks) } : {}),
    networks,
    plans: plans
      .filter((p) => planFits(p, networks))
      .map((p) => ({
        id: p.id,
        kind: p.kind,
        name: p.name,
        tagline: p.tagline,
        ...(p.speedMbps !== undefined ? { speedMbps: p.speedMbps } : {}),
        contractMonths: p.contractMonths,
        includedPackIds: p.includedPackIds,
        highlights: p.highlights,
        recommended: p.recommended,
        price: priceItems([p], rules),
      })),
    unavailablePlans: plans
      .filter((p) => !planFits(p, networks))
      .map((p) => ({
        id: p.id,
        kind: p.kind,
        name: p.name,
        speedMbps: p.speedMbps!,
        reason: "order.plan.tooFast" as const,
      })),
    addOns: catalog.packs.map((pack) => ({
      id: pack.id,
      name: pack.name,
      price: priceItems([pack], rules),
    })),
  };
}

/** The order a lead chooses (openapi/shop.yaml `updateSbbOrder`), checked by the shared rules. */
export interface OrderChoice {
  packageId: string;
  addOnIds?: string[];
  installationDate?: string;
  installationSlot?: "morning" | "afternoon";
  referralCode?: string;
}

/**
 * Records the order of a draft lead, priced today, and returns it: the installation date 3 to 60
 * days ahead, known plan and add-ons (none the plan includes), a valid referral code, a plan of
 * the lead's product that its address can get.
 */
export async function chooseOrder(
  deps: ShopDeps,
  leadId: string,
  body: OrderChoice,
): Promise<OrderData> {
  const { db, leads } = deps;
  const at = deps.clock.now();
  const day = malaysianDate(at);
  if (body.installationDate) {
    const days = (Date.parse(body.installationDate) - Date.parse(day)) / 86_400_000;
    if (!(days >= 3 && days <= 60))
      throw badRequest(
        "installationDate",
        "validation.installationDate.invalid",
        "installationDate must be 3 to 60 days ahead",
      );
  }
  return db.transaction(async (tx) => {
    // Locked: the plan is judged against the address this transaction reads.
    const lead = await leads.getDraft(leadId, tx, true);
    const catalog = await deps.catalog.load(tx, "en");
    const plan = catalog.plans.find((p) => p.id === body.packageId);
    if (!plan) throw notFound(`Package ${body.packageId} not found`, "order.package.notFound");
    const addOns = (body.addOnIds ?? []).map((id) => {
      const pack = catalog.packs.find((p) => p.id === id);
      if (!pack) throw notFound(`Add-on ${id} not found`, "order.addOn.notFound");
      if (plan.includedPackIds.includes(id))
        throw badRequest("addOnIds", "order.addOn.included", `${plan.id} already includes ${id}`);
      return pack;
    });
    const referralCode = body.referralCode ?? lead.referral_code ?? undefined;
    if (body.referralCode) await checkReferralForLead(tx, body.referralCode, lead.product, day);
    const address = lead.address_id ? await leads.address(lead.address_id, tx) : undefined;
    if (!address) throw noAddress();
    if (plan.product !== lead.product)
      throw new HttpError(409, `${plan.id} is a ${plan.product} plan, not ${lead.product}`, {
        code: "order.plan.product",
      });
    if (lead.product === "fibre" && !planFits(plan, address.fibre_networks))
      throw tooFast(plan, address);
    const rules = activeRules(catalog.campaigns, day);
    const recorded: OrderData = {
      packageId: plan.id,
      addOnIds: addOns.map((a) => a.id),
      ...(body.installationDate ? { installationDate: body.installationDate } : {}),
      ...(body.installationSlot ? { installationSlot: body.installationSlot } : {}),
      ...(referralCode ? { referralCode } : {}),
      ...(plan.speedMbps !== undefined ? { speedMbps: plan.speedMbps } : {}),
      contractMonths: plan.contractMonths,
      items: [
        { id: plan.id, kind: "plan", price: priceItems([plan], rules) },
        ...addOns.map((a) => ({ id: a.id, kind: "addOn" as const, price: priceItems([a], rules) })),
      ],
      price: priceItems([plan, ...addOns], rules),
      pricedOn: day,
      updatedAt: at.toISOString(),
    };
    await saveOrder(tx, leadId, recorded, referralCode);
    return recorded;
  });
}
