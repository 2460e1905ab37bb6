import { createFileRoute, notFound } from "@tanstack/react-router";
import { isTermsType, termsQueryOptions } from "../features/legal/api/get-terms";
import { LegalPage } from "../features/legal/components/legal-page";
import { DetailPending } from "../shared/components/route-states";
import { crumbHead, headTools } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";

export const Route = createFileRoute("/legal/$termsType")({
  loader: ({ context, params }) => {
    if (!isTermsType(params.termsType)) throw notFound();
    return loadContent(
      context,
      context.queryClient.ensureQueryData(termsQueryOptions(context.lang, params.termsType)),
    );
  },
  head: ({ match, params }) => {
    const { context, queryClient } = headTools(match);
    if (!isTermsType(params.termsType)) return {};
    const terms = queryClient.getQueryData(
      termsQueryOptions(context.lang, params.termsType).queryKey,
    );
    if (!terms) return {};
    const path = `/legal/${params.termsType}`;
    return crumbHead(match, {
      trail: [[terms.title, path]],
      description: terms.body,
      type: "article",
    });
  },
  pendingComponent: DetailPending,
  component: LegalRoute,
});

function LegalRoute() {
  const { termsType } = Route.useParams();
  return isTermsType(termsType) ? <LegalPage termsType={termsType} /> : null;
}
