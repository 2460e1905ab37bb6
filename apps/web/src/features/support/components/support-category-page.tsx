import { Link, notFound } from "@tanstack/react-router";
import type { IndexedCategory } from "@portal/support-search";
import { Container, EmptyState, PageHeader } from "@portal/ui";
import { useIntl } from "react-intl";
import { Crumbs } from "../../../shared/components/crumbs";
import { useLanguage } from "../../../shared/language";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import { useSupportIndex } from "../api/use-support-index";
import { supportMessages as messages } from "./messages";
import { WhatsappHelp } from "./whatsapp-help";
import "./support.css";

/** One support topic: its questions with their short descriptions. */
export function SupportCategoryPage({ categorySlug }: { categorySlug: string }) {
  const { lang } = useLanguage();
  const index = useSupportIndex(lang);
  const category = index.categories.find((c) => c.slug === categorySlug);
  if (!category) throw notFound();
  return <CategoryView category={category} />;
}

function CategoryView({ category }: { category: IndexedCategory }) {
  const intl = useIntl();
  const lead = intl.formatMessage(messages.categoryLead, { topic: category.name });
  usePageAnalytics({ pageType: "support_topic", id: category.slug, name: category.name });
  return (
    <Container>
      <Crumbs
        trail={[
          {
            key: "support",
            label: <Link to="/support">{intl.formatMessage(messages.title)}</Link>,
          },
          { key: category.slug, label: category.name },
        ]}
      />
      <PageHeader title={category.name} lead={lead} />
      {category.questions.length === 0 ? (
        <EmptyState title={intl.formatMessage(messages.emptyCategory)} />
      ) : (
        <ul className="support-question-list">
          {category.questions.map((question) => (
            <li key={question.slug} className="support-result">
              <h2 className="support-result__title">
                <Link
                  to="/support/$category/$question"
                  params={{ category: category.slug, question: question.questionSlug }}
                >
                  {question.name}
                </Link>
              </h2>
              {question.description ? (
                <p className="support-result__snippet">{question.description}</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <WhatsappHelp topic={category.name} />
    </Container>
  );
}
