import { createFileRoute, notFound } from "@tanstack/react-router";
import {
  comboListQueryOptions,
  isProduct,
  productContentQueryOptions,
} from "../features/combos/api/get-combos";
import { ProductPage } from "../features/combos/components/product-page";
import { DetailPending } from "../shared/components/route-states";
import { currentLanguage } from "../shared/language";

export const Route = createFileRoute("/$product/")({
  beforeLoad: ({ params }) => {
    if (!isProduct(params.product)) throw notFound();
  },
  loader: async ({ context: { queryClient }, params }) => {
    if (!isProduct(params.product)) throw notFound();
    const lang = currentLanguage();
    await Promise.all([
      queryClient.ensureQueryData(productContentQueryOptions(lang, params.product)),
      queryClient.ensureQueryData(comboListQueryOptions(lang, params.product)),
    ]);
  },
  pendingComponent: DetailPending,
  component: ProductRoute,
});

function ProductRoute() {
  const { product } = Route.useParams();
  return isProduct(product) ? <ProductPage product={product} /> : null;
}
