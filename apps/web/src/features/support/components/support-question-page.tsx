import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Container, PageHeader } from "@portal/ui";
import { useIntl } from "react-intl";
import { Crumbs } from "../../../shared/components/crumbs";
import { DeferredRichText } from "../../../shared/components/deferred-rich-text";
import { useLanguage } from "../../../shared/language";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import { supportAnswerQueryOptions, type SupportAnswerData } from "../api/get-support";
import { supportMessages as messages } from "./messages";
import { WhatsappHelp } from "./whatsapp-help";
import "./support.css";

/** The most related articles shown under an answer (SPEC: up to 5). */
export const RELATED_LIMIT = 5;

/**
 * One support question: its answer as sanitised HTML, related questions (up to RELATED_LIMIT,
 * chosen by the content service) and WhatsApp help. The answer is the page's main content and
 * the server sends it sanitised: hydrating, the browser keeps that HTML and loads DOMPurify only
 * when the answer changes in place (another language) or arrives by a navigation.
 */
export function SupportQuestionPage({
  categorySlug,
  questionSlug,
}: {
  categorySlug: string;
  questionSlug: string;
}) {
  const { lang } = useLanguage();
  const { data } = useSuspenseQuery(supportAnswerQueryOptions(lang, categorySlug, questionSlug));
  return <QuestionView answer={data} />;
}

function QuestionView({ answer }: { answer: SupportAnswerData }) {
  const intl = useIntl();
  const { category, question } = answer;
  const related = answer.related.slice(0, RELATED_LIMIT);
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
            key: category.slug,
            label: (
              <Link to="/support/$category" params={{ category: category.slug }}>
                {category.name}
              </Link>
            ),
          },
          { key: question.slug, label: question.name },
        ]}
      />
      <div className="support-article-layout">
        <article className="support-article" data-testid="support-article">
          <PageHeader title={question.name} lead={question.description || undefined} />
          <DeferredRichText html={question.content} />
        </article>
        {related.length > 0 ? (
          <nav className="support-related" aria-labelledby="support-related-title">
            <h2 id="support-related-title">{intl.formatMessage(messages.related)}</h2>
            <ul data-testid="support-related">
              {related.map((item) => (
                <li key={`${item.category.slug}/${item.slug}`}>
                  <Link
                    to="/support/$category/$question"
                    params={{ category: item.category.slug, question: item.slug }}
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
