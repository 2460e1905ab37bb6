import { createFileRoute, notFound } from "@tanstack/react-router";
import { comboQueryOptions, isProduct } from "../features/combos/api/get-combos";
import { ComboDetailPage } from "../features/combos/components/combo-detail-page";
import { DetailPending } from "../shared/components/route-states";
import { currentLanguage } from "../shared/language";
import { orNotFound } from "../shared/route-helpers";

export const Route = createFileRoute("/$product/$comboId")({
  beforeLoad: ({ params }) => {
    if (!isProduct(params.product)) throw notFound();
  },
  loader: ({ context: { queryClient }, params }) => {
    if (!isProduct(params.product)) throw notFound();
    return orNotFound(
      queryClient.ensureQueryData(
        comboQueryOptions(currentLanguage(), params.product, params.comboId),
      ),
    );
  },
  pendingComponent: DetailPending,
  component: ComboRoute,
});

function ComboRoute() {
  const { product, comboId } = Route.useParams();
  return isProduct(product) ? <ComboDetailPage product={product} id={comboId} /> : null;
}
