import { createSerializationAdapter } from "@tanstack/react-router";
import { createIntl, createIntlCache, type IntlShape } from "react-intl";
import type { MessageFormatElement } from "react-intl";
import { CHUNKS_GLOBAL } from "../server/start-after-paint";
import { htmlLang, isLang, type Lang } from "./language";

/** A precompiled (AST) catalog, as produced by `formatjs compile --ast`. */
export type CompiledMessages = Record<string, MessageFormatElement[]>;

const areaCatalogs = import.meta.glob<{ default: CompiledMessages }>(
  "../lang/compiled/areas/*.json",
);

/**
 * Every compiled catalog as a hashed static file (`/assets/bm-<hash>.json`, immutable): what the
 * browser fetches (the server imports the catalogs, above and in `loadMessages`). Vite names the
 * file by its content, the same in the client and the server build, so the server can list the
 * page's files. Never inlined (vite.config.ts, assetsInlineLimit): the CSP allows no data: fetch.
 */
const catalogUrls = import.meta.glob<string>(
  ["../lang/compiled/*.json", "../lang/compiled/areas/*.json"],
  { query: "?url", import: "default", eager: true },
);

/** The file of the shell catalog (`bm`) or of an area (`areas/fibre.bm`). */
const catalogUrl = (name: string): string | undefined =>
  catalogUrls[`../lang/compiled/${name}.json`];

/** The browser's load of a catalog file: its hashed JSON (preloaded by the page, see below). */
async function fetchCatalog(name: string): Promise<{ default: CompiledMessages }> {
  const url = catalogUrl(name);
  if (!url) throw new Error(`no catalog ${name}`);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`catalog ${name}: ${response.status}`);
  return { default: (await response.json()) as CompiledMessages };
}

/**
 * Journey catalogs (src/lang/<area>.<lang>.json), compiled to compiled/areas/<area>.<lang>.json.
 * Read from the files' URLs, not from `areaCatalogs`: the browser never imports the catalogs, so
 * its build has no chunk of them.
 */
export const MESSAGE_AREAS: readonly string[] = [
  ...new Set(
    Object.keys(catalogUrls)
      .filter((path) => path.includes("/areas/"))
      .map((path) => path.replace(/^.*\/([^/.]+)\.[a-z]+\.json$/, "$1")),
  ),
];

/** Paths of the content screens: their messages are all in the shell catalog. */
const SHELL_ONLY_PATHS =
  /^\/($|(fibre|tv)(\/[^/]+)?\/?$|(channels|movies|packages|bundles|campaigns|store|legal)(\/|$)|(distributors|search)\/?$)/;

/**
 * Paths of the fibre sign-up journey (coverage, sign-up, confirmation, register interest): their
 * messages are the shell's and the fibre area's (src/lang/fibre.<lang>.json), nothing else, so
 * their pages do not load the other journeys' catalogs.
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

/**
 * The key of a catalog: its language and its journey areas, sorted (`bm:`, `en:fibre`). The page
 * names the key it was rendered with (`MESSAGES_GLOBAL`), and its hydration data holds the key
 * instead of the catalog (`messagesSerializer`).
 */
export function catalogKey(lang: Lang, areas: readonly string[]): string {
  return `${lang}:${[...areas].sort().join(",")}`;
}

/** The language and areas of a key made by `catalogKey` (null for anything else). */
export function parseCatalogKey(key: unknown): { lang: Lang; areas: string[] } | null {
  if (typeof key !== "string") return null;
  const match = /^([a-z]+):([a-z,-]*)$/.exec(key);
  if (!match || !isLang(match[1])) return null;
  const areas = match[2] ? match[2].split(",") : [];
  return areas.every((area) => MESSAGE_AREAS.includes(area))
    ? { lang: match[1] as Lang, areas }
    : null;
}

const catalogs = new Map<string, Promise<CompiledMessages>>();
/** The catalogs loaded so far, by key, and the key of each (the hydration data's reference). */
const loaded = new Map<string, CompiledMessages>();
const keyOf = new WeakMap<object, string>();

/**
 * The precompiled catalog of a language: the shell's (app + @portal/ui, one file per language)
 * merged with the given journey catalogs. The same language and areas give the same object, so
 * the IntlProvider does not re-render on a navigation that needs nothing new.
 */
export function loadMessages(lang: Lang, areas: readonly string[] = []): Promise<CompiledMessages> {
  const key = catalogKey(lang, areas);
  let pending = catalogs.get(key);
  if (!pending) {
    // The server bundles the catalogs; the browser fetches their hashed JSON files (issue 22).
    const shell = import.meta.env.SSR
      ? lang === "bm"
        ? import("../lang/compiled/bm.json")
        : import("../lang/compiled/en.json")
      : fetchCatalog(lang);
    pending = Promise.all([
      shell,
      ...areas.map((area) =>
        import.meta.env.SSR
          ? areaCatalogs[`../lang/compiled/areas/${area}.${lang}.json`]?.()
          : fetchCatalog(`areas/${area}.${lang}`),
      ),
    ]).then((parts) => {
      const messages: CompiledMessages = Object.assign(
        {},
        ...parts.map((part) => (part?.default ?? {}) as CompiledMessages),
      );
      loaded.set(key, messages);
      keyOf.set(messages, key);
      return messages;
    });
    // A failed load is not memoised, so "Try again" loads it again.
    pending.catch(() => catalogs.delete(key));
    catalogs.set(key, pending);
  }
  return pending;
}

/**
 * The global the page's catalog script sets to the key of the catalog the server rendered it
 * with; the browser loads that catalog before it hydrates (src/entry-client.tsx).
 */
export const MESSAGES_GLOBAL = "__portalMessages";

/** The browser, before hydrating: the catalog the server rendered the page with (if it had one). */
export function loadPageMessages(key: unknown): Promise<CompiledMessages | undefined> {
  const parsed = parseCatalogKey(key);
  return parsed ? loadMessages(parsed.lang, parsed.areas) : Promise.resolve(undefined);
}

/**
 * Issue 22: the catalog (about 20 KB for the shell alone) is not written into every page's
 * hydration data. The root route's context still holds it, on the server as in the browser, but
 * the router serialises it as its key (`"bm:"`), and the browser gets the catalog itself from its
 * hashed JSON file, cacheable for a year and shared by every page of the language: the page's
 * catalog script lists the file with the chunks it starts after the first paint
 * (`messagesScript`), and the entry loads it before hydrating, so `fromSerializable` finds it.
 */
export const messagesSerializer = createSerializationAdapter({
  key: "portal-messages",
  test: (value: unknown): value is CompiledMessages =>
    typeof value === "object" && value !== null && keyOf.has(value),
  toSerializable: (messages: CompiledMessages) => keyOf.get(messages)!,
  fromSerializable: (key: string): CompiledMessages => {
    const messages = loaded.get(key);
    if (!messages) throw new Error(`messages ${key} were not loaded before hydration`);
    return messages;
  },
});

/**
 * The page's catalog script (server only): names the catalog's key for the entry, and adds the
 * catalog's files to the chunks the page starts after its first paint (preloaded as fetches,
 * beside the entry's modulepreloads: src/server/start-after-paint.ts), so hydration waits for no
 * further request.
 */
export function messagesScript(lang: Lang, areas: readonly string[]): string {
  const files = [
    ...new Set(
      [lang, ...areas.map((area) => `areas/${area}.${lang}`)].flatMap(
        (name) => catalogUrl(name) ?? [],
      ),
    ),
  ];
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
  return (
    `self.${MESSAGES_GLOBAL}=${json(catalogKey(lang, areas))};` +
    `(self.${CHUNKS_GLOBAL}=self.${CHUNKS_GLOBAL}||[]).push(...${json(files)})`
  );
}

const intlCache = createIntlCache();
const intls = new WeakMap<CompiledMessages, IntlShape>();

/**
 * The Intl object of a catalog: the pages' (the root's RawIntlProvider) and what routes compute
 * before rendering (head titles and descriptions). One per catalog object for the process, so its
 * formatters are made once, not on every render.
 */
export function intlFor(lang: Lang, messages: CompiledMessages): IntlShape {
  let intl = intls.get(messages);
  if (!intl) {
    intl = createIntl(
      {
        locale: htmlLang(lang),
        defaultLocale: "en",
        messages,
        onError: (error) => {
          if (import.meta.env.DEV) console.warn(error.message);
        },
      },
      intlCache,
    );
    intls.set(messages, intl);
  }
  return intl;
}
