import { useSuspenseQuery, type QueryClient } from "@tanstack/react-query";
import type * as SupportSearchModule from "@portal/support-search";
import type { SupportIndex } from "@portal/support-search";
import { use } from "react";
import type { Lang } from "../../../shared/language";
import { supportDataQueryOptions, type SupportData } from "./get-support";

type SupportSearch = typeof SupportSearchModule;

let library: Promise<SupportSearch> | undefined;
let loaded: SupportSearch | undefined;

/**
 * Loads @portal/support-search (flexsearch and the stemmers, about 24 KB gzip) in its own chunk,
 * once. Never on a first load's critical path: the support home starts it when the visitor
 * points at, touches or focuses the search box, or when the page opens with a query to show.
 */
export function loadSupportSearch(): Promise<SupportSearch> {
  library ??= import("@portal/support-search").then((module) => (loaded = module));
  return library;
}

// The server renders a page opened with a query whole (a visitor without JavaScript sees the
// results): it loads the library as soon as the support pages are loaded.
if (import.meta.env.SSR) void loadSupportSearch();

/** A promise React's `use` reads at once, without suspending (its `status` protocol). */
function settled<T>(value: T): Promise<T> {
  return Object.assign(Promise.resolve(value), { status: "fulfilled", value });
}

const indexes = new WeakMap<SupportData, Promise<SupportIndex>>();

/** The index of fetched support data, built once per data (a new fetch builds a new one). */
export function supportIndexOf(data: SupportData): Promise<SupportIndex> {
  let index = indexes.get(data);
  if (!index) {
    index = loaded
      ? settled(loaded.createSupportIndex(data))
      : loadSupportSearch().then(({ createSupportIndex }) => createSupportIndex(data));
    indexes.set(data, index);
  }
  return index;
}

/**
 * The support index of a language. Suspends while the library loads: render it inside a
 * `<Suspense>` whose fallback says the search is loading. Hydrating, a suspended boundary keeps
 * the HTML the server rendered until the library is there, so there is no mismatch.
 */
export function useSupportIndex(lang: Lang): SupportIndex {
  const { data } = useSuspenseQuery(supportDataQueryOptions(lang));
  return use(supportIndexOf(data));
}

/**
 * The index of a language, loading what it lacks (the whole support centre and the library)
 * into the query cache and the module: what the search box starts when the visitor means to search.
 */
export function loadSupportIndex(queryClient: QueryClient, lang: Lang): Promise<SupportIndex> {
  return queryClient.ensureQueryData(supportDataQueryOptions(lang)).then(supportIndexOf);
}
