import type { Decorator, Preview } from "@storybook/react-vite";
import { IntlProvider } from "react-intl";
import bm from "../src/lang/bm.json";
import en from "../src/lang/en.json";
import "../src/styles.css";

type Catalog = Record<string, { defaultMessage: string }>;
const strings = (catalog: Catalog) =>
  Object.fromEntries(Object.entries(catalog).map(([id, m]) => [id, m.defaultMessage]));
const catalogs = { bm: strings(bm), en: strings(en) };

/** Every story inside the one IntlProvider an app has, in the language of the toolbar. */
const withLanguage: Decorator = (Story, { globals }) => {
  const language = globals.locale === "en" ? "en" : "bm";
  const locale = language === "bm" ? "ms" : "en";
  document.documentElement.lang = locale;
  return (
    <IntlProvider
      locale={locale}
      messages={catalogs[language]}
      onError={(error) => {
        // A string missing from a catalog fails the story (and so the catalogue check).
        throw error;
      }}
    >
      <Story />
    </IntlProvider>
  );
};

const preview: Preview = {
  decorators: [withLanguage],
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

export default preview;
