import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../shared/api";
import type { Lang } from "../../../shared/language";

/** All channels, ordered by number (listing/channel). */
export const channelListQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: ["content", "channels", lang],
    queryFn: async () => (await api.content.listChannels({ lang })).data,
  });

/** One channel. */
export const channelQueryOptions = (lang: Lang, id: string) =>
  queryOptions({
    queryKey: ["content", "channel", lang, id],
    queryFn: async () => (await api.content.getChannel({ lang, id })).data,
  });
