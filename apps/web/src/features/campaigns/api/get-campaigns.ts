import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../shared/api";
import type { Lang } from "../../../shared/language";

/** All campaigns. */
export const campaignListQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: ["content", "campaigns", lang],
    queryFn: async () => (await api.content.getCampaigns({ lang })).data,
  });

/** One campaign. */
export const campaignQueryOptions = (lang: Lang, id: string) =>
  queryOptions({
    queryKey: ["content", "campaign", lang, id],
    queryFn: async () => (await api.content.getCampaign({ lang, id })).data,
  });
