import type { LeadFlowState, Step } from "./state.js";

/** The steps that show the offers: the plans, and the names of the ordered plan and packs. */
const NEEDS_OFFERS: ReadonlySet<Step> = new Set(["package", "review", "submitted"]);

/** A load the flow starts by itself when the state calls for it. */
export type DueLoad = "loadOffers" | "updateOrder" | "applyReferralCode" | "loadSlots";

/**
 * What the journey must load now, decided from the state alone (as query-core's observer decides
 * a fetch): views never start a load, they draw the state.
 *
 * - `loadOffers`: the plan step is entered (or the language changed) and the address's offers
 *   are missing or in another language; the review and the confirmation need them too (the
 *   names of the plan and packs), e.g. after a reload.
 * - `updateOrder`: a chosen plan the address can get is not the ordered one (a plan preselected
 *   by a link, a restored journey, a new address): it is recorded and priced, so a selected plan
 *   always shows its price and Continue goes on.
 * - `applyReferralCode`: a code from a link is chosen but not checked yet.
 * - `loadSlots`: the slot step is entered (or its slot was just taken) and the installation
 *   slots of the address are missing.
 *
 * A load that is running, or whose last attempt failed, is not started again (the visitor's next
 * action, or Try again, does that).
 */
export function dueLoads(state: LeadFlowState): DueLoad[] {
  const due: DueLoad[] = [];
  const { loading, errors, selection, offers } = state;
  if (!state.restored) return due;
  if (state.hasToken && state.address && !loading.loadOffers && !errors.loadOffers) {
    const stale = offers !== undefined && state.offersLanguage !== state.language;
    if ((NEEDS_OFFERS.has(state.step) && !offers) || stale) due.push("loadOffers");
  }
  if (state.step === "submitted") return due;
  if (
    state.step === "slot" &&
    state.hasToken &&
    !state.slots &&
    !loading.loadSlots &&
    !errors.loadSlots
  ) {
    due.push("loadSlots");
  }
  const plan = offers?.plans.find((p) => p.id === selection.packageId);
  if (
    state.hasToken &&
    plan &&
    state.order?.packageId !== plan.id &&
    !loading.updateOrder &&
    !errors.updateOrder &&
    !loading.loadOffers
  ) {
    due.push("updateOrder");
  }
  if (
    selection.referralCode &&
    state.referral?.code !== selection.referralCode &&
    !loading.applyReferralCode &&
    !errors.applyReferralCode
  ) {
    due.push("applyReferralCode");
  }
  return due;
}
