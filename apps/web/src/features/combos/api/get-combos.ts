import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../shared/api";
import type { ProductKey } from "../../../shared/analytics";
import type { Lang } from "../../../shared/language";

/** The products the portal sells. */
export const PRODUCTS: readonly ProductKey[] = ["fibre", "tv"];

/** Type guard for a product key in a URL. */
export function isProduct(value: unknown): value is ProductKey {
  return value === "fibre" || value === "tv";
}

/** Combo list of a product (get-{product}-combo-list); shared with the pages that name plans. */
export { comboListQueryOptions } from "../../../shared/catalogue";

/** Product page content (get-{product}). */
export const productContentQueryOptions = (lang: Lang, product: ProductKey) =>
  queryOptions({
    queryKey: ["content", "product", lang, product],
    queryFn: async () => (await api.content.getProductContent({ lang, product })).data,
  });

/** One combo package (get-{product}/{id}). */
export const comboQueryOptions = (lang: Lang, product: ProductKey, id: string) =>
  queryOptions({
    queryKey: ["content", "combo", lang, product, id],
    queryFn: async () => (await api.content.getProductItem({ lang, product, id })).data,
  });
