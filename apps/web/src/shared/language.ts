import { createContext, useContext } from "react";

/** The interface languages (SPEC section 1); bm is the default. */
export const LANGUAGES = ["bm", "en"] as const;

/** An interface language code. */
export type Lang = (typeof LANGUAGES)[number];

/** Default language when the URL names none. */
export const DEFAULT_LANGUAGE: Lang = "bm";

/** The search parameter that carries the language (SPEC section 2: `language`). */
export const LANGUAGE_PARAM = "language";

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

/**
 * The page's language, from the URL only (so the server and the browser agree, and a CDN can
 * cache by URL): `?language=` when it names a language, else Malay.
 */
export function languageFromSearch(search: Record<string, unknown>): Lang {
  const value = search[LANGUAGE_PARAM];
  return isLang(value) ? value : DEFAULT_LANGUAGE;
}

/** The `language` search value for a language: none for the default, so bm URLs stay short. */
export function languageSearchValue(lang: Lang): Lang | undefined {
  return lang === DEFAULT_LANGUAGE ? undefined : lang;
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

/** What the page's first script needs to know (see `bootScript`). */
export interface BootOptions {
  param: string;
  storageKey: string;
  defaultLanguage: Lang;
  languages: readonly Lang[];
  /** sessionStorage keys of closed banners, and the class each one adds to <html>. */
  closedBanners: ReadonlyArray<{ key: string; className: string }>;
  /** window.__PORTAL_CONFIG__ for the browser (service base URLs). */
  runtimeConfig: unknown;
  /** How long a form sent before hydration waits for the app before it is dropped (ms). */
  heldSubmitMs: number;
}

/**
 * The page's first script, run by the browser before anything is painted (inline, first in <head>).
 * Serialised with `Function.prototype.toString`, so it uses nothing but its argument and the DOM.
 *  1. `?language=` in the URL is stored (SPEC: the parameter overrides and persists).
 *  2. A returning visitor whose stored language is not the default, on a URL without the
 *     parameter (a search result, a typed or shared link), is sent to the same URL with
 *     `?language=<stored>` before the wrong language is painted (the page is hidden meanwhile).
 *  3. Banners closed earlier in the session are hidden by a class on <html> before the first
 *     paint; React removes them after hydration.
 *  4. A form sent before the app has hydrated it (Enter, or its button, while the scripts still
 *     load) would go to the server as a GET with its fields in the URL (a MyKad, a phone number)
 *     and reload the page: it is held, and sent again once the app handles the form (within
 *     `heldSubmitMs`; after that it is dropped, never sent natively). What was typed, or chosen
 *     in a list, before hydration is given to the app once it owns the field.
 */
export function runBoot(options: BootOptions): void {
  const w = window as unknown as { __PORTAL_CONFIG__?: unknown };
  w.__PORTAL_CONFIG__ = options.runtimeConfig;
  const root = document.documentElement;
  // 4. React hydrates a form and its fields where they are, and records their props on them
  //    (`__reactProps$…`): from then on the app's handlers see what happens to them.
  const appOwns = (element: Element) =>
    Object.keys(element).some((key) => key.startsWith("__reactProps$"));
  /** Calls `then` once the app owns `element` (false: it did not within `heldSubmitMs`). */
  const whenOwned = (element: Element, then: (owned: boolean) => void) => {
    const since = Date.now();
    const retry = () => {
      if (appOwns(element)) then(true);
      else if (element.isConnected && Date.now() - since < options.heldSubmitMs)
        setTimeout(retry, 50);
      else then(false);
    };
    setTimeout(retry, 50);
  };
  type Field = HTMLInputElement | HTMLTextAreaElement;
  // Fields typed in (or ticked, or chosen) before the app owned them, with what the visitor left
  // in them: the app's state does not have it, and the app's first render after hydration may
  // already have put its own value back in the field (React hydrates a controlled field without
  // reading it, then renders its state into it).
  const early = new Map<Field, string | boolean>();
  const checkable = (field: Field) => field.type === "checkbox" || field.type === "radio";
  const tell = (field: Field) => {
    if (!early.has(field)) return;
    const typed = early.get(field)!;
    early.delete(field);
    // The field is first set through its own property (React's change tracking records that
    // value), then to what the visitor left through the prototype's setter (which the tracking
    // does not see), so the event that follows counts as the visitor's change.
    const key = checkable(field) ? "checked" : "value";
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), key)?.set;
    if (key === "checked") (field as HTMLInputElement).checked = !typed;
    else field.value = typed === field.defaultValue ? `${field.defaultValue} ` : field.defaultValue;
    if (setter) setter.call(field, typed);
    else (field as unknown as Record<string, unknown>)[key] = typed;
    // React reads a checkbox's or a radio's change from a click, a text field's from input.
    field.dispatchEvent(new Event(key === "checked" ? "click" : "input", { bubbles: true }));
  };
  document.addEventListener(
    "input",
    (event) => {
      const field = event.target as Field;
      if (!("defaultValue" in field) || appOwns(field) || field.type === "file") return;
      const told = early.has(field);
      if (field.type === "radio") {
        // The other options of the group were unticked by the browser, with no event.
        for (const other of early.keys()) {
          if (other !== field && other.type === "radio" && other.name === field.name) {
            early.delete(other);
          }
        }
      }
      early.set(field, checkable(field) ? (field as HTMLInputElement).checked : field.value);
      if (!told) whenOwned(field, (owned) => (owned ? tell(field) : early.delete(field)));
    },
    true,
  );
  const waiting = new WeakSet<HTMLFormElement>();
  document.addEventListener(
    "submit",
    (event) => {
      const form = event.target as HTMLFormElement;
      const fields = Array.from(form.elements) as Field[];
      if (appOwns(form) && !fields.some((field) => early.has(field))) return;
      // Not the browser (a GET with the fields in the URL), and not the app before it has
      // the typed values: held, and sent once the app owns the form and has them.
      event.preventDefault();
      event.stopPropagation();
      if (waiting.has(form)) return;
      waiting.add(form);
      const submitter = (event as SubmitEvent).submitter;
      whenOwned(form, (owned) => {
        if (!owned) {
          // Never sent without the app: the visitor sends it again.
          waiting.delete(form);
          return;
        }
        fields.forEach(tell);
        setTimeout(() => {
          waiting.delete(form);
          if (form.isConnected) form.requestSubmit(submitter?.isConnected ? submitter : undefined);
        });
      });
    },
    true,
  );
  // A choice made in a list (a <select>) before hydration: React's onChange never saw it, and
  // the app's first render may have put its own choice back. Once the app owns the list, the
  // visitor's choice is set again and its change dispatched.
  document.addEventListener(
    "change",
    (event) => {
      const list = event.target as HTMLSelectElement;
      if (list.tagName !== "SELECT" || appOwns(list)) return;
      const chosen = list.value;
      whenOwned(list, (owned) => {
        if (!owned || !list.isConnected) return;
        list.value = chosen;
        list.dispatchEvent(new Event("change", { bubbles: true }));
      });
    },
    true,
  );
  try {
    const url = new URL(location.href);
    const asked = url.searchParams.get(options.param);
    if (asked !== null && options.languages.indexOf(asked as Lang) >= 0) {
      localStorage.setItem(options.storageKey, asked);
    } else if (asked === null) {
      const stored = localStorage.getItem(options.storageKey);
      if (
        stored !== null &&
        stored !== options.defaultLanguage &&
        options.languages.indexOf(stored as Lang) >= 0
      ) {
        url.searchParams.set(options.param, stored);
        root.style.visibility = "hidden";
        location.replace(url.href);
        return;
      }
    }
  } catch {
    // No storage (private mode): the URL's language stands.
  }
  try {
    for (const banner of options.closedBanners) {
      if (sessionStorage.getItem(banner.key) === "true") root.classList.add(banner.className);
    }
  } catch {
    // No session storage: banners show.
  }
}

/** The source of the inline first script for these options. */
export function bootScript(options: BootOptions): string {
  return `(${runBoot.toString()})(${JSON.stringify(options).replace(/</g, "\\u003c")})`;
}

/** What the language context offers. */
export interface LanguageContextValue {
  lang: Lang;
  setLanguage: (lang: Lang) => void;
}

/** The page's language (from the router context) and its setter; provided by the root route. */
export const LanguageContext = createContext<LanguageContextValue | null>(null);

/** The current language and its setter. */
export function useLanguage(): LanguageContextValue {
  const value = useContext(LanguageContext);
  if (!value) throw new Error("useLanguage must be used inside the root route");
  return value;
}
