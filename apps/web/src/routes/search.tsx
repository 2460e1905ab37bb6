import { createFileRoute } from "@tanstack/react-router";
import { searchQueryOptions } from "../features/search/api/search";
import { SearchPage } from "../features/search/components/search-page";
import { currentLanguage } from "../shared/language";
import { optionalString } from "../shared/search-params";

export const Route = createFileRoute("/search")({
  validateSearch: (search: Record<string, unknown>): { keyword?: string } => ({
    keyword: optionalString(search.keyword),
  }),
  loaderDeps: ({ search }) => ({ keyword: search.keyword }),
  loader: async ({ context: { queryClient }, deps }) => {
    if (deps.keyword)
      await queryClient.ensureQueryData(searchQueryOptions(currentLanguage(), deps.keyword));
  },
  component: SearchRoute,
});

function SearchRoute() {
  const { keyword } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SearchPage
      keyword={keyword}
      onSearch={(next) => void navigate({ search: { keyword: next } })}
    />
  );
}
