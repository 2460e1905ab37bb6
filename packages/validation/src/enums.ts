import * as v from "valibot";
import { M } from "./codes.js";

/** Interface languages, bm (Malay) first because it is the default. */
export const LANGUAGES = ["bm", "en"] as const;
/** An interface language code. */
export type Language = (typeof LANGUAGES)[number];
/** The default interface language. */
export const DEFAULT_LANGUAGE: Language = "bm";
/** A language code: bm or en. */
export const languageSchema = v.picklist(LANGUAGES, M.language);

/** Products: Suria Fibre (home broadband) and Suria TV (satellite TV). */
export const PRODUCTS = ["fibre", "tv"] as const;
/** A product key. */
export type Product = (typeof PRODUCTS)[number];
/** A product key: fibre or tv. */
export const productSchema = v.picklist(PRODUCTS, M.product);

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
/** A state slug, one of STATES. */
export const stateSchema = v.picklist(STATES, M.state);

/** Official name of each state slug (the address register's `MalaysianState` values). */
export const STATE_NAMES: Readonly<Record<State, string>> = {
  johor: "Johor",
  kedah: "Kedah",
  kelantan: "Kelantan",
  melaka: "Melaka",
  "negeri-sembilan": "Negeri Sembilan",
  pahang: "Pahang",
  perak: "Perak",
  perlis: "Perlis",
  "pulau-pinang": "Pulau Pinang",
  sabah: "Sabah",
  sarawak: "Sarawak",
  selangor: "Selangor",
  terengganu: "Terengganu",
  "kuala-lumpur": "Wilayah Persekutuan Kuala Lumpur",
  labuan: "Wilayah Persekutuan Labuan",
  putrajaya: "Wilayah Persekutuan Putrajaya",
};
