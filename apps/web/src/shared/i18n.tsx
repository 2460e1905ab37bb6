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

/** Loads the precompiled catalog of a language (app + @portal/ui messages); one chunk each. */
export async function loadMessages(lang: Lang): Promise<CompiledMessages> {
  const mod =
    lang === "bm"
      ? await import("../lang/compiled/bm.json")
      : await import("../lang/compiled/en.json");
  return mod.default as unknown as CompiledMessages;
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
