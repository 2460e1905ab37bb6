// What an address form shows, with no valibot in it: the state picker's names and the street
// fields' length bounds (lead-search.ts builds the schemas on them). Its own module, so a page
// that shows an address form loads these and nothing else (constants.ts is on every page).
import type { State } from "./constants.js";

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

/** Upper length bounds of the optional street fields. */
export const STREET_FIELD_MAX_LENGTH = {
  streetType: 30,
  streetName: 100,
  houseNumber: 20,
  buildingName: 100,
  area: 100,
  city: 60,
} as const;
