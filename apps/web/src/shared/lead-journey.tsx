import { createLeadFlow, type EntrySearch, type LeadFlow } from "@portal/lead-flow";
import { useLeadFlow } from "@portal/lead-flow/react";
import { SignUpProvider, type SignUpNavigation, type SignUpPlace } from "@portal/lead-flow/sign-up";
import type { Product } from "@portal/validation";
import { useRouter } from "@tanstack/react-router";
import { useMemo, useState, type ReactNode } from "react";
import { useConfig } from "./config";
import { languageSearchValue, useLanguage } from "./language";
import { leadFlowFor, leadFlowOptions } from "./lead-flow";
// The sign-up's own styles (after @portal/ui's, which the root route loads).
import "@portal/lead-flow/sign-up.css";

/** Where each place of the journey is in the portal. */
function placeTarget(place: SignUpPlace, product: Product) {
  const search = product === "tv" ? { product } : {};
  switch (place) {
    case "address":
      return { to: "/coverage", search };
    case "signup":
      return { to: "/signup", search };
    case "confirmation":
      return { to: "/signup/confirmation", search };
    case "interest":
      return { to: "/register-interest", search };
    case "tvSignUp":
      return { to: "/coverage", search: { product: "tv" } };
    case "home":
      return { to: "/", search: {} };
    case "privacyNotice":
      return { to: "/legal/$termsType", params: { termsType: "privacy-notice" }, search: {} };
    case "terms":
      return { to: "/legal/$termsType", params: { termsType: "terms-and-conditions" }, search: {} };
  }
}

/** The sign-up's places as the portal's routes: links keep the page's language. */
function useJourneyNavigation(product: Product): SignUpNavigation {
  const router = useRouter();
  const { lang } = useLanguage();
  return useMemo(() => {
    const location = (place: SignUpPlace) => {
      const { search, ...target } = placeTarget(place, product);
      return { ...target, search: { ...search, language: languageSearchValue(lang) } } as never;
    };
    const language = languageSearchValue(lang);
    // Absolute: the link is copied, sent or turned into a QR code for another device (issue 24).
    const absolute = (href: string) =>
      typeof window === "undefined" ? href : new URL(href, window.location.origin).href;
    return {
      href: (place) => router.buildLocation(location(place)).href,
      navigate: (place, options) =>
        void router.navigate({ ...(location(place) as object), replace: options?.replace }),
      continueHref: (code) =>
        absolute(
          router.buildLocation({
            to: "/signup/continue/$code",
            params: { code },
            search: { ...(product === "tv" ? { product } : {}), language },
          } as never).href,
        ),
      trackingHref: (token) =>
        absolute(
          router.buildLocation({
            to: "/track/$token",
            params: { token },
            search: { language },
          } as never).href,
        ),
    };
  }, [router, product, lang]);
}

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
