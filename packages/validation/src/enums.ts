import * as v from "valibot";
import { M } from "./codes.js";
import { LANGUAGES, PRODUCTS, STATES, type State } from "./constants.js";

export {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  PRODUCTS,
  STATES,
  type Language,
  type Product,
  type State,
} from "./constants.js";

/** A language code: bm or en. */
export const languageSchema = v.picklist(LANGUAGES, M.language);

/** A product key: fibre or tv. */
export const productSchema = v.picklist(PRODUCTS, M.product);

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
