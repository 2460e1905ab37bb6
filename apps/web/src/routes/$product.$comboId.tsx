import { createFileRoute, notFound } from "@tanstack/react-router";
import { comboQueryOptions, isProduct } from "../features/combos/api/get-combos";
import { ComboDetailPage } from "../features/combos/components/combo-detail-page";
import { DetailPending } from "../shared/components/route-states";
import { productLd, shareImage } from "../shared/head";
import { imageUrl } from "../shared/image-url";
import { crumbHead, headTools } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";

export const Route = createFileRoute("/$product/$comboId")({
  beforeLoad: ({ params }) => {
    if (!isProduct(params.product)) throw notFound();
  },
  loader: ({ context, params }) => {
    if (!isProduct(params.product)) throw notFound();
    const { queryClient, lang } = context;
    return loadContent(
      context,
      queryClient.ensureQueryData(comboQueryOptions(lang, params.product, params.comboId)),
    );
  },
  head: ({ match, params }) => {
    const { context, queryClient } = headTools(match);
    if (!isProduct(params.product)) return {};
    const combo = queryClient.getQueryData(
      comboQueryOptions(context.lang, params.product, params.comboId).queryKey,
    );
    if (!combo) return {};
    const productName =
      match.context.config?.products.find((item) => item.key === params.product)?.name ??
      params.product;
    const path = `/${params.product}/${encodeURIComponent(params.comboId)}`;
    const image = imageUrl(combo.image);
    return crumbHead(match, {
      trail: [
        [productName, `/${params.product}`],
        [combo.name, path],
      ],
      description: combo.tagline,
      image: shareImage(image),
      type: "product",
      jsonLd: [
        productLd(context, {
          name: combo.name,
          description: combo.tagline,
          path,
          image,
          priced: combo,
        }),
      ],
    });
  },
  pendingComponent: DetailPending,
  component: ComboRoute,
});

function ComboRoute() {
  const { product, comboId } = Route.useParams();
  return isProduct(product) ? <ComboDetailPage product={product} id={comboId} /> : null;
}
