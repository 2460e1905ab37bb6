import type { LeadFlow } from "@portal/lead-flow";

// One redemption per code in this page's life: the code works once, so a re-render, a language
// switch or React's double mount must not send it again.
const started = new Map<string, Promise<void>>();

/**
 * Continues a journey handed over from another device (the code of `/signup/continue/$code`):
 * the journey redeems the code, saves the lead token and restores the journey by the rules of a
 * reload. Started by the route (the page's link asks for it), never by a view's effect.
 */
export function continueJourney(flow: LeadFlow, code: string): Promise<void> {
  let pending = started.get(code);
  if (!pending) {
    pending = flow.continueJourney(code);
    // The failure is in the flow's state (errors.continueJourney), where the page shows it.
    pending.catch(() => undefined);
    started.set(code, pending);
  }
  return pending;
}

/** Try again after a failure that left the code unused (a network error). */
export function retryJourney(flow: LeadFlow, code: string): Promise<void> {
  started.delete(code);
  return continueJourney(flow, code);
}

/** The redemption under way or done for a code, if any. */
export const continuing = (code: string) => started.get(code);
