// Types only from @portal/lead-flow: the sign-up page draws its "not started" pointer with this
// navigation before (or without) loading the journey's code.
import type { SignUpNavigation, SignUpPlace } from "@portal/lead-flow/sign-up";
import type { Product } from "@portal/validation";
import { useRouter } from "@tanstack/react-router";
import { useMemo } from "react";
import { languageSearchValue, useLanguage } from "./language";

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
export function useJourneyNavigation(product: Product): SignUpNavigation {
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
