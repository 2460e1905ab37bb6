import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { bundleQueryOptions } from "../features/bundles/api/get-bundles";
import { BundleDetailPage } from "../features/bundles/components/bundle-detail-page";
import { DetailPending } from "../shared/components/route-states";
import { breadcrumbs, pageHead, productLd, shareImage } from "../shared/head";
import { imageUrl } from "../shared/image-url";
import { shellMessages } from "../shared/messages";
import { headTools } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";

const messages = defineMessages({
  parent: {
    id: "bundles.title",
    defaultMessage: "Bundles",
    description: "Bundle listing heading and title",
  },
});

export const Route = createFileRoute("/bundles/$bundleId")({
  loader: ({ context, params }) =>
    loadContent(
      context,
      context.queryClient.ensureQueryData(bundleQueryOptions(context.lang, params.bundleId)),
    ),
  head: ({ match, params }) => {
    const { context, intl, queryClient } = headTools(match);
    const item = queryClient.getQueryData(
      bundleQueryOptions(context.lang, params.bundleId).queryKey,
    );
    if (!item) return {};
    const path = `/bundles/${encodeURIComponent(params.bundleId)}`;
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
          [intl.formatMessage(messages.parent), "/bundles"],
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
  const { bundleId } = Route.useParams();
  return <BundleDetailPage id={bundleId} />;
}
