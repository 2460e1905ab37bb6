import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../shared/api";
import { firstLinks } from "../../../shared/links";
import type { Lang } from "../../../shared/language";

/** All add-on packs (listing/package); shared with the pages that name packs. */
export { packagePageQueryOptions } from "../../../shared/catalogue";

/** One add-on pack, with the first MAX_LINKS of its channels and how many there are. */
export const packageQueryOptions = (lang: Lang, id: string) =>
  queryOptions({
    queryKey: ["content", "package", lang, id],
    queryFn: async () => {
      const { channelIds, ...pack } = (await api.content.getPackage({ lang, id })).data;
      const channels = firstLinks(channelIds);
      return { ...pack, channelIds: channels.ids, channelCount: channels.total };
    },
  });
