import { createFileRoute, notFound } from "@tanstack/react-router";
import { hasSupportCategory, supportDataQueryOptions } from "../features/support/api/get-support";
import { SupportCategoryPage } from "../features/support/components/support-category-page";
import { supportMessages } from "../features/support/components/messages";
import { breadcrumbs, pageHead } from "../shared/head";
import { shellMessages } from "../shared/messages";
import { headTools } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";

export const Route = createFileRoute("/support/$category/")({
  loader: ({ context, params }) =>
    loadContent(
      context,
      context.queryClient.ensureQueryData(supportDataQueryOptions(context.lang)).then((data) => {
        if (!hasSupportCategory(data, params.category)) throw notFound();
      }),
    ),
  head: ({ match, params }) => {
    const { context, intl, queryClient } = headTools(match);
    const data = queryClient.getQueryData(supportDataQueryOptions(context.lang).queryKey);
    const category = data?.find((item) => item.slug === params.category);
    if (!category) return {};
    const path = `/support/${encodeURIComponent(category.slug)}`;
    return pageHead(context, {
      path,
      title: category.name,
      description: intl.formatMessage(supportMessages.categoryLead, { topic: category.name }),
      jsonLd: [
        breadcrumbs(context, [
          [intl.formatMessage(shellMessages.home), "/"],
          [intl.formatMessage(supportMessages.title), "/support"],
          [category.name, path],
        ]),
      ],
    });
  },
  component: CategoryRoute,
});

function CategoryRoute() {
  const { category } = Route.useParams();
  return <SupportCategoryPage categorySlug={category} />;
}
