"use client";

import { createPortalApi } from "@portal/api-client";
import type { Language, Product } from "@portal/validation";
import { useEffect, useMemo, useRef, useState } from "react";
import { IntlProvider } from "react-intl";
import { createLeadFlow, type LeadFlow } from "../create-lead-flow.js";
import type { EntrySearch } from "../origin.js";
import { useLeadFlowState } from "../react/index.js";
import { SIGNUP_STEPS, type LeadFlowState } from "../state.js";
import type { LeadApi, StorageLike } from "../types.js";
import { AddressStep } from "./address-step.js";
import { signUpCatalogs } from "./catalogs.js";
import { Confirmation } from "./confirmation.js";
import { SignUpProvider, type SignUpNavigation, type SignUpPlace } from "./context.js";
import { RegisterInterest } from "./register-interest.js";
import { SignUpStepper } from "./stepper.js";

/** The pages of the host a FibreSignUp may link to (left out when not given). */
export type FibreSignUpLinks = Partial<
  Record<"home" | "privacyNotice" | "terms" | "tvSignUp", string>
>;

/** Props of FibreSignUp. */
export interface FibreSignUpProps {
  /** The services: a @portal/api-client client with address, shop and content... */
  api?: LeadApi;
  /** ...or their base URLs (a client is made with them). */
  baseUrls?: { address: string; shop: string; content: string };
  /** The deployment environment; anything but "production" sends the OTP mock flag. */
  environment: string;
  /** The page's language ("bm" or "en"). */
  language: Language;
  /** The product signed up for (default "fibre"; "tv" for Suria TV). */
  product?: Product;
  /** The link the visitor came in with (`location.search` or an object): plan, pack, code, postcode. */
  entry?: EntrySearch;
  /** Called once the sign-up is submitted, with its order number. */
  onOrder?(orderNumber: string): void;
  /** URLs of the host's home, privacy notice, terms and Suria TV sign-up pages. */
  links?: FibreSignUpLinks;
  /** The product's name as the host writes it (default "Suria Fibre" / "Suria TV"). */
  productName?: string;
  /** Where the lead token and the journey are kept (default: localStorage, memory on a server). */
  storage?: StorageLike;
  /** Prefix of the storage keys (default "portal.lead-flow"). */
  storageKey?: string;
  /**
   * Brings its own IntlProvider with the sign-up's and @portal/ui's messages (default true).
   * false: the host's IntlProvider carries `@portal/lead-flow/lang/<language>` and
   * `@portal/ui/lang/<language>`.
   */
  intl?: boolean;
}

type View = "address" | "signup" | "confirmation" | "interest";

/** The view a journey resumes on: its confirmation, its numbered step, or the address. */
function viewOf(state: LeadFlowState): View {
  if (state.step === "submitted") return "confirmation";
  const signingUp = (SIGNUP_STEPS as readonly string[]).includes(state.step);
  return signingUp && state.leadId !== undefined ? "signup" : "address";
}

function checkProps(props: FibreSignUpProps): void {
  if (!props.api && !props.baseUrls) {
    throw new TypeError(
      'FibreSignUp needs the "api" option (a @portal/api-client client) or "baseUrls" ({ address, shop, content })',
    );
  }
}

function Journey({ flow, props }: { flow: LeadFlow; props: FibreSignUpProps }) {
  const restored = useLeadFlowState(flow, (state) => state.restored);
  const [chosen, setChosen] = useState<View>();
  const root = useRef<HTMLDivElement>(null);
  // The view is pinned once the saved journey is read; from then on only the visitor moves it
  // (a covered address stays on its result until "Continue" is chosen).
  if (restored && chosen === undefined) setChosen(viewOf(flow.getSnapshot()));
  const view = chosen ?? "address";
  const moved = useRef(false);
  useEffect(() => {
    // A view the visitor moved to: its first heading takes focus (not on the first render).
    if (!moved.current) return;
    root.current?.querySelector<HTMLElement>("h2[tabindex='-1'], h2")?.focus();
  }, [view]);

  const { links, onOrder, language, productName } = props;
  const navigation = useMemo<SignUpNavigation>(() => {
    const own: Partial<Record<SignUpPlace, View>> = {
      address: "address",
      signup: "signup",
      confirmation: "confirmation",
      interest: "interest",
    };
    return {
      href: (place) => (own[place] ? undefined : links?.[place as keyof FibreSignUpLinks]),
      // The host's pages without a URL are left out (no button that does nothing).
      reaches: (place) =>
        own[place] !== undefined || links?.[place as keyof FibreSignUpLinks] !== undefined,
      navigate: (place) => {
        const next = own[place];
        if (next) {
          moved.current = true;
          setChosen(next);
        } else if (links?.[place as keyof FibreSignUpLinks]) {
          globalThis.location?.assign(links[place as keyof FibreSignUpLinks]!);
        }
      },
    };
  }, [links]);

  return (
    <SignUpProvider
      flow={flow}
      language={language}
      navigation={navigation}
      productName={productName}
      onOrder={onOrder}
    >
      <div className="signup" ref={root} data-view={view}>
        {view === "address" ? <AddressStep /> : null}
        {view === "signup" ? <SignUpStepper /> : null}
        {view === "confirmation" ? <Confirmation /> : null}
        {view === "interest" ? <RegisterInterest /> : null}
      </div>
    </SignUpProvider>
  );
}

/**
 * The whole sign-up on one page, for another team's site: the address and its coverage, the six
 * numbered steps, the confirmation, and register interest, switching by itself. It creates the
 * flow (restoring a saved journey, entering `entry`), brings its own IntlProvider with the
 * package's catalogs unless `intl={false}`, and renders on a server (renderToString) with the
 * same HTML the browser hydrates. Load `@portal/ui/styles.css` and
 * `@portal/lead-flow/sign-up.css` on the page.
 */
export function FibreSignUp(props: FibreSignUpProps) {
  checkProps(props);
  const [flow] = useState(() =>
    createLeadFlow({
      api:
        props.api ??
        createPortalApi({
          baseUrls: props.baseUrls!,
        }),
      environment: props.environment,
      product: props.product ?? "fibre",
      language: props.language,
      ...(props.storage ? { storage: props.storage } : {}),
      ...(props.storageKey ? { storageKey: props.storageKey } : {}),
      ...(props.entry !== undefined ? { entry: props.entry } : {}),
    }),
  );
  const journey = <Journey flow={flow} props={props} />;
  if (props.intl === false) return journey;
  return (
    <IntlProvider
      locale={props.language === "bm" ? "ms" : "en"}
      defaultLocale="en"
      messages={signUpCatalogs[props.language]}
    >
      {journey}
    </IntlProvider>
  );
}
