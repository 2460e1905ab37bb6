import { createFileRoute } from "@tanstack/react-router";
import { packageQueryOptions } from "../features/packages/api/get-packages";
import { PackageDetailPage } from "../features/packages/components/package-detail-page";
import { DetailPending } from "../shared/components/route-states";
import { productLd, shareImage } from "../shared/head";
import { imageUrl } from "../shared/image-url";
import { crumbHead, headTools } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";
import { packageListMessages } from "../features/packages/messages";

export const Route = createFileRoute("/packages/$packageId")({
  loader: ({ context, params }) =>
    loadContent(
      context,
      context.queryClient.ensureQueryData(packageQueryOptions(context.lang, params.packageId)),
    ),
  head: ({ match, params }) => {
    const { context, queryClient } = headTools(match);
    const item = queryClient.getQueryData(
      packageQueryOptions(context.lang, params.packageId).queryKey,
    );
    if (!item) return {};
    const path = `/packages/${encodeURIComponent(params.packageId)}`;
    const image = imageUrl(item.image);
    return crumbHead(match, {
      trail: [
        [packageListMessages.title, "/packages"],
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
  const { packageId } = Route.useParams();
  return <PackageDetailPage id={packageId} />;
}
