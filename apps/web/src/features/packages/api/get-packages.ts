import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../shared/api";
import type { Lang } from "../../../shared/language";

/** All add-on packs (listing/package); shared with the pages that name packs. */
export { packagePageQueryOptions } from "../../../shared/catalogue";

/** One add-on pack. */
export const packageQueryOptions = (lang: Lang, id: string) =>
  queryOptions({
    queryKey: ["content", "package", lang, id],
    queryFn: async () => (await api.content.getPackage({ lang, id })).data,
  });
