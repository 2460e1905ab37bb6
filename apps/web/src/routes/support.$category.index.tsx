import { createFileRoute } from "@tanstack/react-router";
import { supportCategoryQueryOptions } from "../features/support/api/get-support";
import { SupportCategoryPage } from "../features/support/components/support-category-page";
import { supportMessages } from "../features/support/components/messages";
import { crumbHead, headTools } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";

export const Route = createFileRoute("/support/$category/")({
  loader: ({ context, params }) =>
    loadContent(
      context,
      context.queryClient.ensureQueryData(
        supportCategoryQueryOptions(context.lang, params.category),
      ),
    ),
  head: ({ match, params }) => {
    const { context, intl, queryClient } = headTools(match);
    const category = queryClient.getQueryData(
      supportCategoryQueryOptions(context.lang, params.category).queryKey,
    );
    if (!category) return {};
    const path = `/support/${encodeURIComponent(category.slug)}`;
    return crumbHead(match, {
      trail: [
        [supportMessages.title, "/support"],
        [category.name, path],
      ],
      description: intl.formatMessage(supportMessages.categoryLead, { topic: category.name }),
    });
  },
  component: CategoryRoute,
});

function CategoryRoute() {
  const { category } = Route.useParams();
  return <SupportCategoryPage categorySlug={category} />;
}
