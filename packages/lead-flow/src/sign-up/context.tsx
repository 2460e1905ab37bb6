"use client";

import type { Language, Product } from "@portal/validation";
import { createContext, useContext, useEffect, useMemo, type ReactNode } from "react";
import { useIntl } from "react-intl";
import type { LeadFlow } from "../create-lead-flow.js";
import { LeadFlowProvider, useLeadFlow } from "../react/index.js";
import type { LeadFlowState } from "../state.js";
import { common } from "./messages.js";
import { NavigationLink } from "./place-link.js";

/**
 * A place a step of the sign-up can send the visitor to: the address step (coverage), the
 * numbered sign-up, the confirmation, register interest, the Suria TV sign-up (offered where
 * fibre does not reach), and the host's home, privacy notice and terms pages.
 */
export type SignUpPlace =
  | "address"
  | "signup"
  | "confirmation"
  | "interest"
  | "tvSignUp"
  | "home"
  | "privacyNotice"
  | "terms";

/**
 * How a step names another place. A routed app gives the URL of each place (`href`, links stay
 * links: open in a new tab, copy) and goes there on a click (`navigate`, its router); a
 * single-page host gives `navigate` only and switches by itself. A place with neither is not
 * offered (its link is left out).
 */
export interface SignUpNavigation {
  /** The URL of a place, or undefined when it has none (a place of the same page). */
  href?(place: SignUpPlace): string | undefined;
  /**
   * Goes to a place: on a plain click of a link (instead of the browser's navigation) and after
   * a step that moves on (the purchase goes to the confirmation).
   */
  navigate?(place: SignUpPlace, options?: { replace?: boolean }): void;
  /**
   * Whether `navigate` can reach a place that has no URL (default: yes). A place it cannot reach
   * is left out, so no button does nothing.
   */
  reaches?(place: SignUpPlace): boolean;
  /**
   * The absolute URL of the host's page that continues a handed-off journey (issue 24, "Continue
   * on your phone"), for a handoff code. Without it the control is not offered.
   */
  continueHref?(code: string): string;
  /**
   * The absolute URL of the host's tracking page for an order's tracking token (issue 24). Without
   * it the confirmation shows no tracking link.
   */
  trackingHref?(token: string): string;
}

/** Props of SignUpProvider. */
export interface SignUpProviderProps {
  /** The journey (createLeadFlow): one per visitor in a browser, one per request on a server. */
  flow: LeadFlow;
  /** The page's language: the steps' validation messages, and the flow's (consent, offers). */
  language: Language;
  /** How steps reach the other places of the journey (see SignUpNavigation). */
  navigation?: SignUpNavigation;
  /** The product's name as the host writes it (default: "Suria Fibre" or "Suria TV"). */
  productName?: string;
  /** Called once the sign-up is submitted, with its order number (e.g. for analytics). */
  onOrder?(orderNumber: string): void;
  children?: ReactNode;
}

interface SignUpContextValue {
  flow: LeadFlow;
  language: Language;
  navigation: SignUpNavigation;
  productName?: string;
  onOrder?(orderNumber: string): void;
}

const SignUpContext = createContext<SignUpContextValue | null>(null);
const noNavigation: SignUpNavigation = {};

/**
 * Provides a journey to the sign-up components, with the page's language and navigation. The
 * one place the language reaches the flow: an effect hands every change of the `language` prop
 * to `flow.setLanguage` (the flow then reads its offers and referral reward again). No other
 * component calls the flow from an effect; they draw its state and call it from event handlers.
 */
export function SignUpProvider({
  flow,
  language,
  navigation = noNavigation,
  productName,
  onOrder,
  children,
}: SignUpProviderProps) {
  useEffect(() => flow.setLanguage(language), [flow, language]);
  const value = useMemo(
    () => ({ flow, language, navigation, productName, onOrder }),
    [flow, language, navigation, productName, onOrder],
  );
  return (
    <LeadFlowProvider flow={flow}>
      <SignUpContext.Provider value={value}>{children}</SignUpContext.Provider>
    </LeadFlowProvider>
  );
}

/** What a sign-up component works with: the flow, its state, the language and the navigation. */
export interface SignUp extends SignUpContextValue {
  state: LeadFlowState;
  product: Product;
  /** The product's name ("Suria Fibre", "Suria TV", or the host's). */
  productName: string;
}

/** The journey of the enclosing SignUpProvider (throws outside one). */
export function useSignUp(): SignUp {
  const context = useContext(SignUpContext);
  if (!context) throw new Error("The sign-up components need a <SignUpProvider> above them");
  const { state } = useLeadFlow(context.flow);
  const intl = useIntl();
  const productName =
    context.productName ??
    intl.formatMessage(state.product === "tv" ? common.tvName : common.fibreName);
  return { ...context, state, product: state.product, productName };
}

/** Props of PlaceLink. */
export interface PlaceLinkProps {
  place: SignUpPlace;
  className?: string;
  children: ReactNode;
  /** Called first on a click (e.g. to prepare the flow for the place). */
  onFollow?(): void;
  /** Opens in a new tab (legal pages), with a hint for screen readers. */
  newTab?: boolean;
  "data-testid"?: string;
}

/**
 * A link to another place of the journey: an `<a>` when the place has a URL (a plain click goes
 * through `navigate`), a button when it only has `navigate` and `navigate` reaches it, nothing
 * otherwise.
 */
export function PlaceLink(props: PlaceLinkProps) {
  return <NavigationLink navigation={useSignUp().navigation} {...props} />;
}
