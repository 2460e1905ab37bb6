import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../shared/api";
import type { Lang } from "../../../shared/language";

/** One page of the channels by number (listing/channel), optionally of one genre. */
export { channelPageQueryOptions, type ChannelGenre } from "../../../shared/catalogue";

/** One channel. */
export const channelQueryOptions = (lang: Lang, id: string) =>
  queryOptions({
    queryKey: ["content", "channel", lang, id],
    queryFn: async () => (await api.content.getChannel({ lang, id })).data,
  });
