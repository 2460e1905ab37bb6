import { createContext, useContext } from "react";

/** The interface languages (SPEC.md section 1); bm is the default. */
export const LANGUAGES = ["bm", "en"] as const;

/** An interface language code. */
export type Lang = (typeof LANGUAGES)[number];

/** Default language when nothing is stored or asked for. */
export const DEFAULT_LANGUAGE: Lang = "bm";

/** localStorage key that keeps the chosen language. */
export const LANGUAGE_STORAGE_KEY = "portal.language";

/** Type guard for a supported language code. */
export function isLang(value: unknown): value is Lang {
  return value === "bm" || value === "en";
}

/** BCP 47 tag for <html lang> and Intl: bm is Malay ('ms'). */
export function htmlLang(lang: Lang): "ms" | "en" {
  return lang === "bm" ? "ms" : "en";
}

/** Reads the stored language, ignoring unavailable storage. */
export function readStoredLanguage(
  storage: Pick<Storage, "getItem"> | undefined,
): Lang | undefined {
  try {
    const value = storage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLang(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Persists the language, ignoring unavailable storage (private mode, quotas). */
export function storeLanguage(storage: Pick<Storage, "setItem"> | undefined, lang: Lang): void {
  try {
    storage?.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Storage can be disabled; the language still applies for this page view.
  }
}

/**
 * The start-up language: the `language` search parameter (also persisted), then localStorage,
 * then the configured default, then Malay.
 */
export function resolveInitialLanguage(options: {
  search: string;
  storage: Pick<Storage, "getItem" | "setItem"> | undefined;
  paramName?: string;
  configDefault?: string;
}): Lang {
  const fromUrl = new URLSearchParams(options.search).get(options.paramName ?? "language");
  if (isLang(fromUrl)) {
    storeLanguage(options.storage, fromUrl);
    return fromUrl;
  }
  return (
    readStoredLanguage(options.storage) ??
    (isLang(options.configDefault) ? options.configDefault : DEFAULT_LANGUAGE)
  );
}

/** What the language context offers. */
export interface LanguageContextValue {
  lang: Lang;
  setLanguage: (lang: Lang) => void;
}

/** Context holding the current language; provided by the app shell. */
export const LanguageContext = createContext<LanguageContextValue | null>(null);

/** The current language and its setter. */
export function useLanguage(): LanguageContextValue {
  const value = useContext(LanguageContext);
  if (!value) throw new Error("useLanguage must be used inside <LanguageProvider>");
  return value;
}

let current: Lang = DEFAULT_LANGUAGE;

/** The language route loaders use (kept in step with the provider). */
export function currentLanguage(): Lang {
  return current;
}

/** Updates the loaders' language; called by the provider. */
export function setCurrentLanguage(lang: Lang): void {
  current = lang;
}
