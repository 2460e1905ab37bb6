import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../shared/api";
import type { Lang } from "../../../shared/language";

/** All movies (static/afab). */
export const movieListQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: ["content", "movies", lang],
    queryFn: async () => (await api.content.listMovies({ lang })).data,
  });

/** One movie (static/movie/{lang}/{id}). */
export const movieQueryOptions = (lang: Lang, id: string) =>
  queryOptions({
    queryKey: ["content", "movie", lang, id],
    queryFn: async () => (await api.content.getMovie({ lang, id })).data,
  });
