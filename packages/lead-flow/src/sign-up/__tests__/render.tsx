import type { Language } from "@portal/validation";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { IntlProvider } from "react-intl";
import type { LeadFlow } from "../../index.js";
import { signUpCatalogs } from "../catalogs.js";
import { SignUpProvider, type SignUpNavigation } from "../context.js";

/** A flow as a server render sees it once it has reached its current state. */
export const serverView = (flow: LeadFlow): LeadFlow => ({
  ...flow,
  getServerSnapshot: flow.getSnapshot,
});

/** Every place as a URL of a routed app. */
export const routed: SignUpNavigation = {
  href: (place) => `/${place}`,
  navigate: () => undefined,
};

/** The sign-up's HTML on a server (react-dom/server), in a language, strings failing loudly. */
export function ssr(
  node: ReactNode,
  flow: LeadFlow,
  language: Language,
  navigation: SignUpNavigation = routed,
): string {
  return renderToString(
    <IntlProvider
      locale={language === "bm" ? "ms" : "en"}
      messages={signUpCatalogs[language]}
      onError={(error) => {
        throw error;
      }}
    >
      <SignUpProvider flow={flow} language={language} navigation={navigation}>
        {node}
      </SignUpProvider>
    </IntlProvider>,
  );
}

/** The visible text of some HTML (tags dropped, entities decoded, spaces collapsed). */
export const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    // A number kept on one line is part of its sentence.
    .replace(/<span class="signup-nowrap">([^<]*)<\/span>/g, "$1")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ")
    .trim();
