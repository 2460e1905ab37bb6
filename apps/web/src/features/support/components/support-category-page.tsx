import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Container, EmptyState, PageHeader } from "@portal/ui";
import { useIntl } from "react-intl";
import { Crumbs } from "../../../shared/components/crumbs";
import { useLanguage } from "../../../shared/language";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import { supportCategoryQueryOptions, type SupportCategoryData } from "../api/get-support";
import { supportMessages as messages } from "./messages";
import { WhatsappHelp } from "./whatsapp-help";
import "./support.css";

/** One support topic: its questions with their short descriptions. */
export function SupportCategoryPage({ categorySlug }: { categorySlug: string }) {
  const { lang } = useLanguage();
  const { data } = useSuspenseQuery(supportCategoryQueryOptions(lang, categorySlug));
  return <CategoryView category={data} />;
}

function CategoryView({ category }: { category: SupportCategoryData }) {
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
                  params={{ category: category.slug, question: question.slug }}
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
