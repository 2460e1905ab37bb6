import type { Decorator, Preview } from "@storybook/react-vite";
import { IntlProvider } from "react-intl";

// Shared by the catalogues of @portal/ui and of @portal/lead-flow (its sign-up components): the
// Language toolbar, an IntlProvider over the given catalogs, and the a11y checks of every story.

/** A translator catalog (formatjs extraction format). */
export type Catalog = Record<string, { defaultMessage: string }>;

const strings = (...catalogs: Catalog[]) =>
  Object.fromEntries(
    catalogs.flatMap((catalog) => Object.entries(catalog).map(([id, m]) => [id, m.defaultMessage])),
  );

/** The story's language, from the toolbar. */
export const storyLanguage = (globals: Record<string, unknown>): "bm" | "en" =>
  globals.locale === "en" ? "en" : "bm";

/** Every story inside the one IntlProvider an app has, in the language of the toolbar. */
export function withLanguage(catalogs: { bm: Catalog[]; en: Catalog[] }): Decorator {
  const messages = { bm: strings(...catalogs.bm), en: strings(...catalogs.en) };
  return (Story, { globals }) => {
    const language = storyLanguage(globals);
    const locale = language === "bm" ? "ms" : "en";
    document.documentElement.lang = locale;
    return (
      <IntlProvider
        locale={locale}
        messages={messages[language]}
        onError={(error) => {
          // A string missing from a catalog fails the story (and so the catalogue check).
          throw error;
        }}
      >
        <Story />
      </IntlProvider>
    );
  };
}

/** The toolbar, the first language and the a11y checks every catalogue shares. */
export const sharedPreview: Preview = {
  globalTypes: {
    locale: {
      description: "Interface language",
      toolbar: {
        title: "Language",
        icon: "globe",
        items: [
          { value: "bm", title: "Bahasa Melayu" },
          { value: "en", title: "English" },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: "bm" },
  parameters: {
    layout: "padded",
    // The addon's axe run after every story: WCAG 2.0-2.2 A and AA. scripts/check-catalogue.mjs
    // fails the build on any violation it reports.
    a11y: {
      test: "error",
      options: {
        runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
      },
    },
    controls: { expanded: true },
  },
};
