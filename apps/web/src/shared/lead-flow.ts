import { createPortalApi } from "@portal/api-client";
import { createLeadFlow, type LeadFlow } from "@portal/lead-flow";
import type { Product } from "@portal/validation";
import { serviceBaseUrl } from "./env";
import type { Lang } from "./language";

// In the browser one journey per product lives as long as the page, across route changes; a
// server render gets a fresh one (nothing is restored there).
const browserFlows = new Map<Product, LeadFlow>();

/**
 * The sign-up journey of a product. Created without restoring (`restore: false`): the provider
 * restores the saved journey from localStorage after hydration, so the first render matches the
 * server's. The environment comes from the configuration (the OTP mock flag is on outside
 * production). Storage keys, steps and rules are @portal/lead-flow's.
 */
export function getLeadFlow(product: Product, environment: string, language: Lang): LeadFlow {
  const create = () =>
    createLeadFlow({
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
      restore: false,
    });
  if (typeof window === "undefined") return create();
  let flow = browserFlows.get(product);
  if (!flow) browserFlows.set(product, (flow = create()));
  return flow;
}
