// No valibot here: the route tree (in the shell chunk) imports this file.
import type { Product } from "@portal/validation";

/** The product of a journey page: `?product=tv` for Suria TV, Suria Fibre otherwise. */
export function productOf(search: Record<string, unknown>): Product {
  return search.product === "tv" ? "tv" : "fibre";
}

/** The `product` search value of a journey link: none for fibre, so fibre URLs stay short. */
export function productSearch(product: Product): { product?: "tv" } {
  return product === "tv" ? { product } : {};
}
