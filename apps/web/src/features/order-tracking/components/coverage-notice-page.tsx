import type { LeadFlow } from "@portal/lead-flow";
import { Container, PageHeader } from "@portal/ui";
import { useIntl } from "react-intl";
import { languageSearchValue, useLanguage } from "../../../shared/language";
import { LeadJourney, useJourney } from "../../../shared/lead-journey";
import {
  openCoverageNotice,
  openingNotice,
  retryCoverageNotice,
} from "../api/open-coverage-notice";
import { coverageNoticeMessages as messages } from "../messages";
import { OpeningLink } from "./opening-link";

/**
 * `/signup/notify/$token`: the link of a "coverage has arrived" SMS (issue 24). The journey opens
 * at the registered address with the plan wanted, then the visitor goes on at the plan step on
 * /signup. A tampered or expired link: it no longer works, start from the coverage check.
 */
export function CoverageNoticePage({ token }: { token: string }) {
  const intl = useIntl();
  return (
    <Container>
      <PageHeader title={intl.formatMessage(messages.pageTitle)} />
      <LeadJourney
        product="fibre"
        created={(flow: LeadFlow) => void openCoverageNotice(flow, token)}
      >
        <Opening token={token} />
      </LeadJourney>
    </Container>
  );
}

function Opening({ token }: { token: string }) {
  const { lang } = useLanguage();
  const { state, flow } = useJourney();
  const error = state.errors.openCoverageNotice ?? state.errors.selectAddress;
  return (
    <OpeningLink
      pending={openingNotice(token)}
      failure={error && { gone: error.statusCode === 404 || error.code === "invalid-input" }}
      search={{ language: languageSearchValue(lang) }}
      goneTestId="notice-gone"
      messages={messages}
      onRetry={() => void retryCoverageNotice(flow, token)}
    />
  );
}
