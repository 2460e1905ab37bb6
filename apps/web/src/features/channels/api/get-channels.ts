import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../shared/api";
import { firstLinks } from "../../../shared/links";
import type { Lang } from "../../../shared/language";

/** One page of the channels by number (listing/channel), optionally of one genre. */
export { channelPageQueryOptions, type ChannelGenre } from "../../../shared/catalogue";

/** One channel, with the first MAX_LINKS of its packs and how many there are (`firstLinks`). */
export const channelQueryOptions = (lang: Lang, id: string) =>
  queryOptions({
    queryKey: ["content", "channel", lang, id],
    queryFn: async () => {
      const { packageIds, ...channel } = (await api.content.getChannel({ lang, id })).data;
      const packs = firstLinks(packageIds);
      return { ...channel, packageIds: packs.ids, packageCount: packs.total };
    },
  });
