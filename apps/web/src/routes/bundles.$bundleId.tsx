import { createFileRoute } from "@tanstack/react-router";
import { bundleQueryOptions } from "../features/bundles/api/get-bundles";
import { BundleDetailPage } from "../features/bundles/components/bundle-detail-page";
import { DetailPending } from "../shared/components/route-states";
import { productLd, shareImage } from "../shared/head";
import { imageUrl } from "../shared/image-url";
import { crumbHead, headTools } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";
import { bundleListMessages } from "../features/bundles/messages";

export const Route = createFileRoute("/bundles/$bundleId")({
  loader: ({ context, params }) =>
    loadContent(
      context,
      context.queryClient.ensureQueryData(bundleQueryOptions(context.lang, params.bundleId)),
    ),
  head: ({ match, params }) => {
    const { context, queryClient } = headTools(match);
    const item = queryClient.getQueryData(
      bundleQueryOptions(context.lang, params.bundleId).queryKey,
    );
    if (!item) return {};
    const path = `/bundles/${encodeURIComponent(params.bundleId)}`;
    const image = imageUrl(item.image);
    return crumbHead(match, {
      trail: [
        [bundleListMessages.title, "/bundles"],
        [item.name, path],
      ],
      description: item.description,
      image: shareImage(image),
      type: "product",
      jsonLd: [
        productLd(context, {
          name: item.name,
          description: item.description,
          path,
          image,
          priced: item,
        }),
      ],
    });
  },
  pendingComponent: DetailPending,
  component: DetailRoute,
});

function DetailRoute() {
  const { bundleId } = Route.useParams();
  return <BundleDetailPage id={bundleId} />;
}
