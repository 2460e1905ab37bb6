import { Link, notFound } from "@tanstack/react-router";
import { toQuestionSlug, type IndexedQuestion, type SupportIndex } from "@portal/support-search";
import { Container, PageHeader, RichText } from "@portal/ui";
import { useMemo } from "react";
import { useIntl } from "react-intl";
import { Crumbs } from "../../../shared/components/crumbs";
import { useLanguage } from "../../../shared/language";
import { sanitiseHtml } from "../../../shared/sanitise";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import { useSupportIndex } from "../api/use-support-index";
import { supportMessages as messages } from "./messages";
import { WhatsappHelp } from "./whatsapp-help";
import "./support.css";

/** The most related articles shown under an answer (SPEC: up to 5). */
export const RELATED_LIMIT = 5;

/** One support question: its answer as sanitised HTML, related questions and WhatsApp help. */
export function SupportQuestionPage({
  categorySlug,
  questionSlug,
}: {
  categorySlug: string;
  questionSlug: string;
}) {
  const { lang } = useLanguage();
  const index = useSupportIndex(lang);
  const question = index.get(toQuestionSlug(categorySlug, questionSlug));
  if (!question) throw notFound();
  return <QuestionView index={index} question={question} />;
}

function QuestionView({ index, question }: { index: SupportIndex; question: IndexedQuestion }) {
  const intl = useIntl();
  const related = useMemo(
    () => index.related(question.slug, RELATED_LIMIT),
    [index, question.slug],
  );
  const html = useMemo(() => sanitiseHtml(question.content), [question.content]);
  usePageAnalytics({
    pageType: "support_question",
    id: String(question.ref_id),
    name: question.name,
  });
  return (
    <Container>
      <Crumbs
        trail={[
          {
            key: "support",
            label: <Link to="/support">{intl.formatMessage(messages.title)}</Link>,
          },
          {
            key: question.category.slug,
            label: (
              <Link to="/support/$category" params={{ category: question.category.slug }}>
                {question.category.name}
              </Link>
            ),
          },
          { key: question.slug, label: question.name },
        ]}
      />
      <div className="support-article-layout">
        <article className="support-article" data-testid="support-article">
          <PageHeader title={question.name} lead={question.description || undefined} />
          <RichText sanitisedHtml={html} />
        </article>
        {related.length > 0 ? (
          <nav className="support-related" aria-labelledby="support-related-title">
            <h2 id="support-related-title">{intl.formatMessage(messages.related)}</h2>
            <ul data-testid="support-related">
              {related.map((item) => (
                <li key={item.slug}>
                  <Link
                    to="/support/$category/$question"
                    params={{ category: item.category.slug, question: item.questionSlug }}
                  >
                    {item.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
      <WhatsappHelp topic={question.name} />
    </Container>
  );
}
