import { queryOptions } from "@tanstack/react-query";
import { api, type ContentData } from "../../../shared/api";
import {
  articleCardData,
  channelCardData,
  movieCardData,
} from "../../../shared/components/content-cards";
import type { Lang } from "../../../shared/language";

/**
 * What the home page shows of home/all: the hero, the info box, the combos, and each featured
 * channel, movie and article as its card reads it (an article's body, a movie's cast and a
 * channel's packs stay out of the page's data).
 */
export function homeForPage(home: ContentData<"getHome">) {
  return {
    hero: home.hero,
    infoBox: home.infoBox,
    comboList: home.comboList,
    featuredChannels: home.featuredChannels.map(channelCardData),
    featuredMovies: home.featuredMovies.map(movieCardData),
    latestArticles: home.latestArticles.map(articleCardData),
  };
}

/** Home page content (home/all): hero, info box, combos, featured items. */
export const homeQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: ["content", "home", lang],
    queryFn: async () => homeForPage((await api.content.getHome({ lang })).data),
  });
