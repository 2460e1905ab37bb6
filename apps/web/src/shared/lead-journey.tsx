import { createLeadFlow, type EntrySearch, type LeadFlow } from "@portal/lead-flow";
import { useLeadFlow } from "@portal/lead-flow/react";
import { SignUpProvider } from "@portal/lead-flow/sign-up";
import type { Product } from "@portal/validation";
import { useState, type ReactNode } from "react";
import { useConfig } from "./config";
import { useJourneyNavigation } from "./journey-navigation";
import { useLanguage } from "./language";
import { leadFlowFor, leadFlowOptions } from "./lead-flow";
// The sign-up's own styles (after @portal/ui's, which the root route loads).
import "@portal/lead-flow/sign-up.css";

/**
 * Provides the product's sign-up journey (@portal/lead-flow) to a page, with the page's language
 * and the portal's routes as its navigation. The journey is created with the page's link
 * (`entry`: the route's search) the first time a page needs it in the browser; a later client
 * navigation enters its link from the route's onEnter/onStay (shared/lead-flow.ts). The steps,
 * their rules and their texts are the package's.
 */
export function LeadJourney({
  product,
  entry,
  created,
  children,
}: {
  product: Product;
  entry?: EntrySearch;
  /** What the page's URL asks of a journey it creates (the route's onEnter asks later ones). */
  created?: (flow: LeadFlow) => void;
  children: ReactNode;
}) {
  const config = useConfig();
  const { lang } = useLanguage();
  const [flow] = useState(() =>
    leadFlowFor(
      product,
      () => createLeadFlow(leadFlowOptions(product, config.environment, lang, entry)),
      created,
    ),
  );
  const navigation = useJourneyNavigation(product);
  const productName = config.products.find((p) => p.key === product)?.name;
  return (
    <SignUpProvider flow={flow} language={lang} navigation={navigation} productName={productName}>
      {children}
    </SignUpProvider>
  );
}

/** The journey's state and calls (inside <LeadJourney>). */
export const useJourney = useLeadFlow;
