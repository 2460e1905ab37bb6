import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { packageQueryOptions } from "../features/packages/api/get-packages";
import { PackageDetailPage } from "../features/packages/components/package-detail-page";
import { DetailPending } from "../shared/components/route-states";
import { breadcrumbs, pageHead, productLd, shareImage } from "../shared/head";
import { imageUrl } from "../shared/image-url";
import { shellMessages } from "../shared/messages";
import { headTools } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";

const messages = defineMessages({
  parent: {
    id: "packages.title",
    defaultMessage: "Add-on packs",
    description: "Package listing heading and title",
  },
});

export const Route = createFileRoute("/packages/$packageId")({
  loader: ({ context, params }) =>
    loadContent(
      context,
      context.queryClient.ensureQueryData(packageQueryOptions(context.lang, params.packageId)),
    ),
  head: ({ match, params }) => {
    const { context, intl, queryClient } = headTools(match);
    const item = queryClient.getQueryData(
      packageQueryOptions(context.lang, params.packageId).queryKey,
    );
    if (!item) return {};
    const path = `/packages/${encodeURIComponent(params.packageId)}`;
    const image = imageUrl(item.image);
    return pageHead(context, {
      path,
      title: item.name,
      description: item.description,
      image: shareImage(image),
      type: "product",
      jsonLd: [
        breadcrumbs(context, [
          [intl.formatMessage(shellMessages.home), "/"],
          [intl.formatMessage(messages.parent), "/packages"],
          [item.name, path],
        ]),
        productLd(context, {
          name: item.name,
          description: item.description,
          path,
          image,
          price: item.priceRm,
          monthly: true,
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
