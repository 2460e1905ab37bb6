import type { LeadFlow } from "@portal/lead-flow";

/**
 * Asks the journey for the entitled-fibre check of a link's token (not while one runs): the
 * page asks when it creates the journey, the route when a client navigation arrives.
 */
export function checkEntitledFibre(flow: LeadFlow, token: string | undefined): void {
  if (flow.getSnapshot().loading.checkEntitled) return;
  flow.checkEntitled({ productToken: token }).catch(() => undefined);
}
