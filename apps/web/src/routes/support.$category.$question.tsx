import { createFileRoute, notFound } from "@tanstack/react-router";
import { supportIndexQueryOptions } from "../features/support/api/get-support";
import { SupportQuestionPage } from "../features/support/components/support-question-page";
import { DetailPending } from "../shared/components/route-states";
import { currentLanguage } from "../shared/language";

export const Route = createFileRoute("/support/$category/$question")({
  loader: async ({ context: { queryClient }, params }) => {
    const index = await queryClient.ensureQueryData(supportIndexQueryOptions(currentLanguage()));
    if (!index.get(`${params.category}/${params.question}`)) throw notFound();
  },
  pendingComponent: DetailPending,
  component: QuestionRoute,
});

function QuestionRoute() {
  const { category, question } = Route.useParams();
  return <SupportQuestionPage categorySlug={category} questionSlug={question} />;
}
