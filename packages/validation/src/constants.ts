// The fixed lists with no valibot in them, so an app can import a list (STATES, say) without
// bundling the schemas. enums.ts builds the schemas on them and re-exports them.

/** Interface languages, bm (Malay) first because it is the default. */
export const LANGUAGES = ["bm", "en"] as const;
/** An interface language code. */
export type Language = (typeof LANGUAGES)[number];
/** The default interface language. */
export const DEFAULT_LANGUAGE: Language = "bm";
/** Products: Suria Fibre (home broadband) and Suria TV (satellite TV). */
export const PRODUCTS = ["fibre", "tv"] as const;
/** A product key. */
export type Product = (typeof PRODUCTS)[number];
/** The 16 Malaysian states and federal territories, as URL and API slugs. */
export const STATES = [
  "johor",
  "kedah",
  "kelantan",
  "melaka",
  "negeri-sembilan",
  "pahang",
  "perak",
  "perlis",
  "pulau-pinang",
  "sabah",
  "sarawak",
  "selangor",
  "terengganu",
  "kuala-lumpur",
  "labuan",
  "putrajaya",
] as const;
/** A state slug. */
export type State = (typeof STATES)[number];

/**
 * Longest search text (the content service's `keyword` and the support search's `q`). Here, with
 * no valibot, so a page that only cuts a query to it (the support search's query) loads no schema.
 */
export const SEARCH_QUERY_MAX_LENGTH = 100;
