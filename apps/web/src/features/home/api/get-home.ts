import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../shared/api";
import type { Lang } from "../../../shared/language";

/** Home page content (home/all): hero, info box, combos, featured items. */
export const homeQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: ["content", "home", lang],
    queryFn: async () => (await api.content.getHome({ lang })).data,
  });
