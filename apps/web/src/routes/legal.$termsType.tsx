import { createFileRoute, notFound } from "@tanstack/react-router";
import { isTermsType, termsQueryOptions } from "../features/legal/api/get-terms";
import { LegalPage } from "../features/legal/components/legal-page";
import { DetailPending } from "../shared/components/route-states";
import { currentLanguage } from "../shared/language";
import { orNotFound } from "../shared/route-helpers";

export const Route = createFileRoute("/legal/$termsType")({
  loader: ({ context: { queryClient }, params }) => {
    if (!isTermsType(params.termsType)) throw notFound();
    return orNotFound(
      queryClient.ensureQueryData(termsQueryOptions(currentLanguage(), params.termsType)),
    );
  },
  pendingComponent: DetailPending,
  component: LegalRoute,
});

function LegalRoute() {
  const { termsType } = Route.useParams();
  return isTermsType(termsType) ? <LegalPage termsType={termsType} /> : null;
}
