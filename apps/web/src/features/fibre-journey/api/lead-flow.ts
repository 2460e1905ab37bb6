import { createPortalApi } from "@portal/api-client";
import { createLeadFlow, type LeadFlow } from "@portal/lead-flow";
import { serviceBaseUrl } from "../../../shared/env";
import type { Lang } from "../../../shared/language";

/** Storage prefix of the fibre journey: `<prefix>.token` and `<prefix>.journey` in localStorage. */
export const FIBRE_STORAGE_KEY = "portal.lead-flow";

let flow: LeadFlow | undefined;

/**
 * The one fibre lead journey of the page (token and step restored from localStorage). The
 * environment comes from the configuration: the OTP mock flag is on outside production.
 */
export function getFibreLeadFlow(environment: string, language: Lang): LeadFlow {
  flow ??= createLeadFlow({
    api: createPortalApi({
      baseUrls: {
        address: serviceBaseUrl("address"),
        shop: serviceBaseUrl("shop"),
        content: serviceBaseUrl("content"),
      },
    }),
    environment,
    product: "fibre",
    language,
    storageKey: FIBRE_STORAGE_KEY,
  });
  return flow;
}
