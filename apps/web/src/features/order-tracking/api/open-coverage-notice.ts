import type { LeadFlow } from "@portal/lead-flow";

// One opening per token in this page's life: a re-render, a language switch or React's double
// mount must not select the address again.
const started = new Map<string, Promise<unknown>>();

/**
 * Opens the link of a "coverage has arrived" SMS (`/signup/notify/$token`, issue 24): the journey
 * reads the address and plan of the token, begins with the plan and selects the address. Started
 * by the route (the page's link asks for it), never by a view's effect.
 */
export function openCoverageNotice(flow: LeadFlow, token: string): Promise<unknown> {
  let pending = started.get(token);
  if (!pending) {
    pending = flow.openCoverageNotice(token);
    // The failure is in the flow's state (errors.openCoverageNotice), where the page shows it.
    pending.catch(() => undefined);
    started.set(token, pending);
  }
  return pending;
}

/** Try again after a failure (a network error). */
export function retryCoverageNotice(flow: LeadFlow, token: string): Promise<unknown> {
  started.delete(token);
  return openCoverageNotice(flow, token);
}

/** The opening under way or done for a token, if any. */
export const openingNotice = (token: string) => started.get(token);
