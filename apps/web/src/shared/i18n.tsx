import { startTransition, useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { IntlProvider } from "react-intl";
import type { MessageFormatElement } from "react-intl";
import {
  LanguageContext,
  htmlLang,
  setCurrentLanguage,
  storeLanguage,
  type Lang,
} from "./language";

/** A precompiled (AST) catalog, as produced by `formatjs compile --ast`. */
export type CompiledMessages = Record<string, MessageFormatElement[]>;

const areaCatalogs = import.meta.glob<{ default: CompiledMessages }>(
  "../lang/compiled/areas/*.json",
);

/** Journey catalogs (src/lang/<area>.<lang>.json), compiled to compiled/areas/<area>.<lang>.json. */
export const MESSAGE_AREAS: readonly string[] = [
  ...new Set(
    Object.keys(areaCatalogs).map((path) => path.replace(/^.*\/([^/.]+)\.[a-z]+\.json$/, "$1")),
  ),
];

/** Paths of the content screens: their messages are all in the shell catalog. */
const SHELL_ONLY_PATHS =
  /^\/($|(fibre|tv)(\/[^/]+)?\/?$|(channels|movies|packages|bundles|campaigns|store|legal)(\/|$)|(distributors|search)\/?$)/;

/**
 * The journey catalogs a path needs: none for the content screens, all of them for any other
 * path (the journeys, and routes added later), so a new route never misses its messages.
 */
export function areasForPath(pathname: string): readonly string[] {
  return SHELL_ONLY_PATHS.test(pathname) ? [] : MESSAGE_AREAS;
}

/** Areas whose catalog the page has loaded (kept when the language changes). */
const loadedAreas = new Set<string>();

/**
 * Loads the precompiled catalog of a language: the shell's (app + @portal/ui, one chunk per
 * language) merged with the journey catalogs loaded so far plus `areas`.
 */
export async function loadMessages(
  lang: Lang,
  areas: Iterable<string> = [],
): Promise<CompiledMessages> {
  for (const area of areas) loadedAreas.add(area);
  const shell =
    lang === "bm" ? import("../lang/compiled/bm.json") : import("../lang/compiled/en.json");
  const parts = await Promise.all([
    shell,
    ...[...loadedAreas].map((area) =>
      areaCatalogs[`../lang/compiled/areas/${area}.${lang}.json`]?.(),
    ),
  ]);
  return Object.assign({}, ...parts.map((part) => (part?.default ?? {}) as CompiledMessages));
}

let onAreasLoaded: ((lang: Lang, messages: CompiledMessages) => void) | undefined;

/**
 * Makes sure the catalogs a path needs are in the IntlProvider before its route renders (the
 * root route awaits it in beforeLoad). Content screens need nothing beyond the shell catalog.
 */
export async function ensureMessagesFor(pathname: string, lang: Lang): Promise<void> {
  const missing = areasForPath(pathname).filter((area) => !loadedAreas.has(area));
  if (missing.length === 0) return;
  const messages = await loadMessages(lang, missing);
  onAreasLoaded?.(lang, messages);
}

/** Applies the language to the document (<html lang>) and the loaders. */
export function applyDocumentLanguage(lang: Lang): void {
  document.documentElement.lang = htmlLang(lang);
  setCurrentLanguage(lang);
}

/**
 * Holds the language and its catalog, and provides IntlProvider. Switching loads the other
 * catalog first, then swaps language and messages in one transition: every text changes at once,
 * and pages keep showing while their content in the new language loads.
 */
export function LanguageProvider({
  initialLang,
  initialMessages,
  children,
}: {
  initialLang: Lang;
  initialMessages: CompiledMessages;
  children: ReactNode;
}) {
  const [state, setState] = useState({ lang: initialLang, messages: initialMessages });

  useEffect(() => applyDocumentLanguage(state.lang), [state.lang]);
  useEffect(() => {
    onAreasLoaded = (lang, messages) => setState({ lang, messages });
    return () => {
      onAreasLoaded = undefined;
    };
  }, []);

  const setLanguage = useCallback((lang: Lang) => {
    storeLanguage(globalThis.localStorage, lang);
    setCurrentLanguage(lang);
    void loadMessages(lang).then((messages) => {
      startTransition(() => setState({ lang, messages }));
    });
  }, []);

  const value = useMemo(() => ({ lang: state.lang, setLanguage }), [state.lang, setLanguage]);

  return (
    <LanguageContext.Provider value={value}>
      <IntlProvider
        locale={htmlLang(state.lang)}
        defaultLocale="en"
        messages={state.messages}
        onError={(error) => {
          if (import.meta.env.DEV) console.warn(error.message);
        }}
      >
        {children}
      </IntlProvider>
    </LanguageContext.Provider>
  );
}
