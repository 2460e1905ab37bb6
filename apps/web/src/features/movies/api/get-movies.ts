import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../shared/api";
import { movieCardData } from "../../../shared/components/content-cards";
import type { Lang } from "../../../shared/language";

/** One page of the movies (static/afab; 24 a page), each movie as its card reads it. */
export const moviePageQueryOptions = (lang: Lang, page = 1) =>
  queryOptions({
    queryKey: ["content", "movies", lang, page],
    queryFn: async () => {
      const { data } = await api.content.listMovies({ lang, page });
      return { ...data, items: data.items.map(movieCardData) };
    },
  });

/** One movie (static/movie/{lang}/{id}). */
export const movieQueryOptions = (lang: Lang, id: string) =>
  queryOptions({
    queryKey: ["content", "movie", lang, id],
    queryFn: async () => (await api.content.getMovie({ lang, id })).data,
  });
