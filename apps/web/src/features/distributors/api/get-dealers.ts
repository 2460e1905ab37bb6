import { queryOptions } from "@tanstack/react-query";
import { STATES, type State } from "@portal/validation";
import { api } from "../../../shared/api";

/** The 16 states and federal territories, as URL slugs (one list, in @portal/validation). */
export { STATES };

/** A state slug. */
export type StateSlug = State;

/** Type guard for a state slug from the URL. */
export function isStateSlug(value: unknown): value is StateSlug {
  return typeof value === "string" && (STATES as readonly string[]).includes(value);
}

/** Display names of the states (proper nouns, the same in both languages). */
export const STATE_LABELS: Record<StateSlug, string> = {
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
  "kuala-lumpur": "W.P. Kuala Lumpur",
  labuan: "W.P. Labuan",
  putrajaya: "W.P. Putrajaya",
};

/** Distributors (dealers) in one state; the call has no language. */
export const dealersQueryOptions = (state: StateSlug) =>
  queryOptions({
    queryKey: ["content", "dealers", state],
    queryFn: async () => (await api.content.getDealersByState({ state })).data,
  });
