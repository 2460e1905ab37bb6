import { createFileRoute, notFound } from "@tanstack/react-router";
import {
  comboListQueryOptions,
  isProduct,
  productContentQueryOptions,
} from "../features/combos/api/get-combos";
import { ProductPage } from "../features/combos/components/product-page";
import { DetailPending } from "../shared/components/route-states";
import { breadcrumbs, pageHead, shareImage } from "../shared/head";
import { imageUrl } from "../shared/image-url";
import { shellMessages } from "../shared/messages";
import { headTools } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";

export const Route = createFileRoute("/$product/")({
  beforeLoad: ({ params }) => {
    if (!isProduct(params.product)) throw notFound();
  },
  loader: ({ context, params }) => {
    if (!isProduct(params.product)) throw notFound();
    const { queryClient, lang } = context;
    return loadContent(
      context,
      Promise.all([
        queryClient.ensureQueryData(productContentQueryOptions(lang, params.product)),
        queryClient.ensureQueryData(comboListQueryOptions(lang, params.product)),
      ]),
    );
  },
  head: ({ match, params }) => {
    const { context, intl, queryClient } = headTools(match);
    if (!isProduct(params.product)) return {};
    const content = queryClient.getQueryData(
      productContentQueryOptions(context.lang, params.product).queryKey,
    );
    if (!content) return {};
    const path = `/${params.product}`;
    return pageHead(context, {
      path,
      title: content.name,
      description: content.tagline || content.description,
      image: shareImage(imageUrl(content.heroImage)),
      jsonLd: [
        breadcrumbs(context, [
          [intl.formatMessage(shellMessages.home), "/"],
          [content.name, path],
        ]),
      ],
    });
  },
  pendingComponent: DetailPending,
  component: ProductRoute,
});

function ProductRoute() {
  const { product } = Route.useParams();
  return isProduct(product) ? <ProductPage product={product} /> : null;
}
