import { useSuspenseQuery } from "@tanstack/react-query";
import { createSupportIndex, type SupportIndex } from "@portal/support-search";
import type { Lang } from "../../../shared/language";
import { supportDataQueryOptions, type SupportData } from "./get-support";

const indexes = new WeakMap<SupportData, SupportIndex>();

/** The support index of a language: built once per fetched data (a new fetch builds a new one). */
export function useSupportIndex(lang: Lang): SupportIndex {
  const { data } = useSuspenseQuery(supportDataQueryOptions(lang));
  let index = indexes.get(data);
  if (!index) {
    index = createSupportIndex(data);
    indexes.set(data, index);
  }
  return index;
}
