import { createFileRoute, notFound } from "@tanstack/react-router";
import { findSupportQuestion, supportDataQueryOptions } from "../features/support/api/get-support";
import { SupportQuestionPage } from "../features/support/components/support-question-page";
import { supportMessages } from "../features/support/components/messages";
import { DetailPending } from "../shared/components/route-states";
import { breadcrumbs, pageHead, plainText } from "../shared/head";
import { shellMessages } from "../shared/messages";
import { headTools } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";

export const Route = createFileRoute("/support/$category/$question")({
  loader: ({ context, params }) =>
    loadContent(
      context,
      context.queryClient.ensureQueryData(supportDataQueryOptions(context.lang)).then((data) => {
        if (!findSupportQuestion(data, params.category, params.question)) throw notFound();
      }),
    ),
  head: ({ match, params }) => {
    const { context, intl, queryClient } = headTools(match);
    const data = queryClient.getQueryData(supportDataQueryOptions(context.lang).queryKey);
    const found = data && findSupportQuestion(data, params.category, params.question);
    if (!found) return {};
    const { category, question } = found;
    const categoryPath = `/support/${encodeURIComponent(category.slug)}`;
    const path = `${categoryPath}/${encodeURIComponent(question.slug)}`;
    return pageHead(context, {
      path,
      title: question.name,
      description: question.description || question.content,
      type: "article",
      jsonLd: [
        breadcrumbs(context, [
          [intl.formatMessage(shellMessages.home), "/"],
          [intl.formatMessage(supportMessages.title), "/support"],
          [category.name, categoryPath],
          [question.name, path],
        ]),
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
