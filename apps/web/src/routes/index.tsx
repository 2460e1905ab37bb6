import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { comboListQueryOptions } from "../features/combos/api/get-combos";
import { homeQueryOptions } from "../features/home/api/get-home";
import { HomePage } from "../features/home/components/home-page";
import { DetailPending } from "../shared/components/route-states";
import { SITE_NAME, organizationLd, pageHead } from "../shared/head";
import { useLanguage } from "../shared/language";
import { headTools } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";

const messages = defineMessages({
  description: {
    id: "home.description",
    defaultMessage:
      "Satellite TV channels, movies and add-on packs, and fast home fibre broadband from Suria.",
    description: "Home page meta description",
  },
});

export const Route = createFileRoute("/")({
  loader: ({ context }) => {
    const { queryClient, lang } = context;
    return loadContent(
      context,
      Promise.all([
        queryClient.ensureQueryData(homeQueryOptions(lang)),
        queryClient.ensureQueryData(comboListQueryOptions(lang, "fibre")),
        queryClient.ensureQueryData(comboListQueryOptions(lang, "tv")),
      ]),
    );
  },
  head: ({ match }) => {
    const { context, intl } = headTools(match);
    return pageHead(context, {
      path: "/",
      title: SITE_NAME,
      description: intl.formatMessage(messages.description),
      jsonLd: [organizationLd(context, match.context.config?.whatsappNumber)],
    });
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
