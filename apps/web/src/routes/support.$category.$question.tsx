import { createFileRoute } from "@tanstack/react-router";
import { supportAnswerQueryOptions } from "../features/support/api/get-support";
import { SupportQuestionPage } from "../features/support/components/support-question-page";
import { supportMessages } from "../features/support/components/messages";
import { DetailPending } from "../shared/components/route-states";
import { plainText } from "../shared/head";
import { crumbHead, headTools } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";

export const Route = createFileRoute("/support/$category/$question")({
  loader: ({ context, params }) =>
    loadContent(
      context,
      context.queryClient.ensureQueryData(
        supportAnswerQueryOptions(context.lang, params.category, params.question),
      ),
    ),
  head: ({ match, params }) => {
    const { context, queryClient } = headTools(match);
    const found = queryClient.getQueryData(
      supportAnswerQueryOptions(context.lang, params.category, params.question).queryKey,
    );
    if (!found) return {};
    const { category, question } = found;
    const categoryPath = `/support/${encodeURIComponent(category.slug)}`;
    const path = `${categoryPath}/${encodeURIComponent(question.slug)}`;
    return crumbHead(match, {
      trail: [
        [supportMessages.title, "/support"],
        [category.name, categoryPath],
        [question.name, path],
      ],
      description: question.description || question.content,
      type: "article",
      jsonLd: [
        {
          "@type": "FAQPage",
          mainEntity: [
            {
              "@type": "Question",
              name: question.name,
              acceptedAnswer: { "@type": "Answer", text: plainText(question.content) },
            },
          ],
        },
      ],
    });
  },
  pendingComponent: DetailPending,
  component: QuestionRoute,
});

function QuestionRoute() {
  const { category, question } = Route.useParams();
  return <SupportQuestionPage categorySlug={category} questionSlug={question} />;
}
