import { createFileRoute, notFound } from "@tanstack/react-router";
import { supportIndexQueryOptions } from "../features/support/api/get-support";
import { SupportCategoryPage } from "../features/support/components/support-category-page";
import { currentLanguage } from "../shared/language";

export const Route = createFileRoute("/support/$category/")({
  loader: async ({ context: { queryClient }, params }) => {
    const index = await queryClient.ensureQueryData(supportIndexQueryOptions(currentLanguage()));
    if (!index.categories.some((category) => category.slug === params.category)) throw notFound();
  },
  component: CategoryRoute,
});

function CategoryRoute() {
  const { category } = Route.useParams();
  return <SupportCategoryPage categorySlug={category} />;
}
