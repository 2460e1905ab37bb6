// The sign-up's messages with @portal/ui's, in each language, for the IntlProvider that
// FibreSignUp brings (a host with its own IntlProvider merges `@portal/lead-flow/lang/<lang>`
// instead). Bundled at build time (tsup), so the JSON is inlined.
import type { Language } from "@portal/validation";
import uiBm from "@portal/ui/lang/source/bm.json";
import uiEn from "@portal/ui/lang/source/en.json";
import bm from "./lang/bm.json";
import en from "./lang/en.json";

type Catalog = Record<string, { defaultMessage: string }>;
const strings = (...catalogs: Catalog[]): Record<string, string> =>
  Object.fromEntries(
    catalogs.flatMap((catalog) => Object.entries(catalog).map(([id, m]) => [id, m.defaultMessage])),
  );

/** Every message the sign-up components show (theirs and @portal/ui's), by language. */
export const signUpCatalogs: Readonly<Record<Language, Readonly<Record<string, string>>>> = {
  bm: strings(uiBm, bm),
  en: strings(uiEn, en),
};
