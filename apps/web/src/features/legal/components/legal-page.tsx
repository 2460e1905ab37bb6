import { useSuspenseQuery } from "@tanstack/react-query";
import { Container, PageHeader, RichText } from "@portal/ui";
import { defineMessages, useIntl } from "react-intl";
import { Crumbs } from "../../../shared/components/crumbs";
import { formatDate } from "../../../shared/format";
import { useLanguage } from "../../../shared/language";
import { sanitiseHtml } from "../../../shared/sanitise";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import { termsQueryOptions, type TermsType } from "../api/get-terms";

const messages = defineMessages({
  updated: {
    id: "legal.updated",
    defaultMessage: "Version {version}, updated {date}",
    description: "Legal page version line",
  },
});

/** A legal page (privacy notice, privacy policy, terms of use, terms and conditions). */
export function LegalPage({ termsType }: { termsType: TermsType }) {
  const intl = useIntl();
  const { lang } = useLanguage();
  const { data: terms } = useSuspenseQuery(termsQueryOptions(lang, termsType));
  const html = sanitiseHtml(terms.body);
  usePageAnalytics({ pageType: "legal", id: termsType });
  return (
    <Container>
      <Crumbs trail={[{ key: termsType, label: terms.title }]} />
      <PageHeader title={terms.title} />
      <p className="meta-line">
        {intl.formatMessage(messages.updated, {
          version: terms.version,
          date: formatDate(terms.updatedAt, lang),
        })}
      </p>
      <RichText sanitisedHtml={html} />
    </Container>
  );
}
