import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../shared/api";
import type { Lang } from "../../../shared/language";

/** All channels, ordered by number (listing/channel); shared with the pages that name channels. */
export { channelListQueryOptions } from "../../../shared/catalogue";

/** One channel. */
export const channelQueryOptions = (lang: Lang, id: string) =>
  queryOptions({
    queryKey: ["content", "channel", lang, id],
    queryFn: async () => (await api.content.getChannel({ lang, id })).data,
  });
