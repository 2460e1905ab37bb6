import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../shared/api";
import type { Lang } from "../../../shared/language";

/** The fibre combo packages a visitor can choose at the end of the journey. */
export const fibreCombosQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: ["content", "combo-list", lang, "fibre"],
    queryFn: async () => (await api.content.getProductComboList({ lang, product: "fibre" })).data,
  });
