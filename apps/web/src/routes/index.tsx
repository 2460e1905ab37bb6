import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { comboListQueryOptions } from "../features/combos/api/get-combos";
import { homeQueryOptions } from "../features/home/api/get-home";
import { HomePage } from "../features/home/components/home-page";
import { DetailPending } from "../shared/components/route-states";
import { currentLanguage, useLanguage } from "../shared/language";

export const Route = createFileRoute("/")({
  loader: async ({ context: { queryClient } }) => {
    const lang = currentLanguage();
    await Promise.all([
      queryClient.ensureQueryData(homeQueryOptions(lang)),
      queryClient.ensureQueryData(comboListQueryOptions(lang, "fibre")),
      queryClient.ensureQueryData(comboListQueryOptions(lang, "tv")),
    ]);
  },
  pendingComponent: DetailPending,
  component: HomeRoute,
});

function HomeRoute() {
  const { lang } = useLanguage();
  const { data: fibreCombos } = useSuspenseQuery(comboListQueryOptions(lang, "fibre"));
  const { data: tvCombos } = useSuspenseQuery(comboListQueryOptions(lang, "tv"));
  return <HomePage fibreCombos={fibreCombos} tvCombos={tvCombos} />;
}
