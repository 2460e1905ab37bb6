// No @portal/lead-flow code here (types only): route files (in the shell's chunk) call
// `enterLeadFlow`, and the flow's code loads with the journey's pages.
import { createPortalApi } from "@portal/api-client";
import type { EntrySearch, LeadFlow, LeadFlowOptions } from "@portal/lead-flow";
import type { Product } from "@portal/validation";
import { callBaseUrl, serviceBaseUrl } from "./env";
import type { Lang } from "./language";

// In the browser one journey per product lives as long as the page, across route changes; a
// server render gets a fresh one (nothing is restored there, see leadFlowFor).
const browserFlows = new Map<Product, LeadFlow>();
const waiting = new Map<Product, Array<(flow: LeadFlow) => void>>();

/**
 * The options of a product's journey: the services' public URLs, the configuration's
 * environment (the OTP mock flag is on outside production), the page's language and the link it
 * was opened with. Storage keys, steps and rules are @portal/lead-flow's.
 */
export function leadFlowOptions(
  product: Product,
  environment: string,
  language: Lang,
  entry?: EntrySearch,
): LeadFlowOptions {
  return {
    api: createPortalApi({
      baseUrls: {
        address: serviceBaseUrl("address"),
        shop: serviceBaseUrl("shop"),
        content: serviceBaseUrl("content"),
      },
    }),
    environment,
    product,
    language,
    ...(entry !== undefined ? { entry } : {}),
  };
}

/**
 * The product's journey. In the browser the first page that needs it creates it (`create`:
 * createLeadFlow over leadFlowOptions, which restores the saved journey and enters the page's
 * link) and then runs `created` on it (what the page's URL asks of the journey, e.g. a check),
 * with what routes asked for before it existed; later pages get the same one. On a server every
 * render creates its own (the state before any restore, which is what the browser hydrates) and
 * nothing runs.
 */
export function leadFlowFor(
  product: Product,
  create: () => LeadFlow,
  created?: (flow: LeadFlow) => void,
): LeadFlow {
  if (typeof window === "undefined") return create();
  let flow = browserFlows.get(product);
  if (!flow) {
    browserFlows.set(product, (flow = create()));
    for (const action of [...(waiting.get(product) ?? []), ...(created ? [created] : [])]) {
      action(flow);
    }
    waiting.delete(product);
  }
  return flow;
}

/** Whether a page of this visit created the product's journey (it lives as long as the page). */
export const hasBrowserLeadFlow = (product: Product): boolean => browserFlows.has(product);

/**
 * Runs `action` on the product's journey in the browser: now when a page created it, otherwise as
 * soon as one does. For what a route does when the visitor arrives by a client navigation (its
 * onEnter/onStay: a link entered, a check asked for by the URL); a page loaded from the server
 * creates the journey with its link, or asks through `created`. Nothing happens on a server.
 */
export function withLeadFlow(product: Product, action: (flow: LeadFlow) => void): void {
  if (typeof window === "undefined") return;
  const flow = browserFlows.get(product);
  if (flow) return action(flow);
  waiting.set(product, [...(waiting.get(product) ?? []), action]);
}

/**
 * A journey page opened by a client navigation (the route's onEnter and onStay): its link (the
 * route's search: `?package=`, `?addOn=`, `?referral=`, `?postcode=`) enters the product's
 * journey. The same link again (a reload, a language switch) changes nothing; a page opened from
 * the server passes its link when it creates the journey.
 */
export function enterLeadFlow(product: Product, search: EntrySearch): void {
  withLeadFlow(product, (flow) => flow.enter(search));
}

/**
 * The shop service for an order's tracking page and a handed-over journey (issue 24), on the
 * server as in the browser: no ETag cache (the server's shared client keeps its cache for every
 * request; an order is nobody else's), the configured timeout and fetch.
 */
export function trackingApi(fetch = globalThis.__PORTAL_CONFIG__?.fetch) {
  return createPortalApi({
    baseUrls: { shop: callBaseUrl("shop") },
    cache: false,
    timeout: globalThis.__PORTAL_CONFIG__?.timeout,
    fetch,
  });
}
