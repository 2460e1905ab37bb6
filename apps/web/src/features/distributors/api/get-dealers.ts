import { queryOptions } from "@tanstack/react-query";
import { STATES, STATE_NAMES, type State } from "@portal/validation";
import { api } from "../../../shared/api";

/** The 16 states and federal territories, as URL slugs (one list, in @portal/validation). */
export { STATES };

/** A state slug. */
export type StateSlug = State;

/** Type guard for a state slug from the URL. */
export function isStateSlug(value: unknown): value is StateSlug {
  return typeof value === "string" && (STATES as readonly string[]).includes(value);
}

/**
 * Display names of the states (proper nouns, the same in both languages): the official names of
 * @portal/validation, with the federal territories shortened as the dealer list shows them
 * ("W.P. Kuala Lumpur").
 */
export const STATE_LABELS = Object.fromEntries(
  STATES.map((state) => [state, STATE_NAMES[state].replace(/^Wilayah Persekutuan /, "W.P. ")]),
) as Record<StateSlug, string>;

/** One page of the distributors (dealers) in one state (24 a page); the call has no language. */
export const dealersQueryOptions = (state: StateSlug, page = 1) =>
  queryOptions({
    queryKey: ["content", "dealers", state, page],
    queryFn: async () => (await api.content.getDealersByState({ state, page })).data,
  });
