import { LeadFlowProvider, useLeadFlow } from "@portal/lead-flow/react";
import type { Product } from "@portal/validation";
import { useEffect, useState, type ReactNode } from "react";
import { useConfig } from "./config";
import { useLanguage } from "./language";
import { getLeadFlow } from "./lead-flow";

/**
 * Provides the product's sign-up journey (@portal/lead-flow) to a page: restores the saved
 * journey after the first render (the server rendered none) and keeps its language in step with
 * the page's. Pages are views over the flow's state; every step and rule is the flow's.
 */
export function LeadJourney({ product, children }: { product: Product; children: ReactNode }) {
  const config = useConfig();
  const { lang } = useLanguage();
  const [flow] = useState(() => getLeadFlow(product, config.environment, lang));
  useEffect(() => flow.restore(), [flow]);
  useEffect(() => flow.setLanguage(lang), [flow, lang]);
  return <LeadFlowProvider flow={flow}>{children}</LeadFlowProvider>;
}

/** The journey's state and calls (inside <LeadJourney>). */
export const useJourney = useLeadFlow;

/** The product name of the configuration ("Suria Fibre", "Suria TV"). */
export function useProductName(product: Product): string {
  const config = useConfig();
  return config.products.find((p) => p.key === product)?.name ?? product;
}
