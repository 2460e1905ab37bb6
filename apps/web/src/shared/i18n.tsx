import { createIntl, createIntlCache, type IntlShape } from "react-intl";
import type { MessageFormatElement } from "react-intl";
import { htmlLang, type Lang } from "./language";

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
 * Paths of the fibre sign-up journey (coverage, sign-up, confirmation, register interest): their
 * messages are the shell's and the fibre area's (src/lang/fibre.<lang>.json), nothing else, so
 * their pages do not carry the other journeys' catalogs in their hydration data.
 */
const FIBRE_JOURNEY_PATHS = /^\/(coverage|signup(\/confirmation)?|register-interest)\/?$/;

/**
 * The journey catalogs a path needs: none for the content screens, the fibre area for the fibre
 * journey, all of them for any other path (the other journeys, and routes added later), so a new
 * route never misses its messages.
 */
export function areasForPath(pathname: string): readonly string[] {
  if (SHELL_ONLY_PATHS.test(pathname)) return [];
  if (FIBRE_JOURNEY_PATHS.test(pathname)) return ["fibre"];
  return MESSAGE_AREAS;
}

const catalogs = new Map<string, Promise<CompiledMessages>>();

/**
 * The precompiled catalog of a language: the shell's (app + @portal/ui, one chunk per language)
 * merged with the given journey catalogs. The same language and areas give the same object, so
 * the IntlProvider does not re-render on a navigation that needs nothing new.
 */
export function loadMessages(lang: Lang, areas: readonly string[] = []): Promise<CompiledMessages> {
  const key = `${lang}:${[...areas].sort().join(",")}`;
  let pending = catalogs.get(key);
  if (!pending) {
    const shell =
      lang === "bm" ? import("../lang/compiled/bm.json") : import("../lang/compiled/en.json");
    pending = Promise.all([
      shell,
      ...areas.map((area) => areaCatalogs[`../lang/compiled/areas/${area}.${lang}.json`]?.()),
    ]).then((parts) =>
      Object.assign({}, ...parts.map((part) => (part?.default ?? {}) as CompiledMessages)),
    );
    // A failed chunk load is not memoised, so "Try again" loads it again.
    pending.catch(() => catalogs.delete(key));
    catalogs.set(key, pending);
  }
  return pending;
}

const intlCache = createIntlCache();
const intls = new WeakMap<CompiledMessages, IntlShape>();

/**
 * An Intl object outside React, for what routes compute before rendering (head titles and
 * descriptions). One per catalog object.
 */
export function intlFor(lang: Lang, messages: CompiledMessages): IntlShape {
  let intl = intls.get(messages);
  if (!intl) {
    intl = createIntl(
      { locale: htmlLang(lang), defaultLocale: "en", messages, onError: () => undefined },
      intlCache,
    );
    intls.set(messages, intl);
  }
  return intl;
}
