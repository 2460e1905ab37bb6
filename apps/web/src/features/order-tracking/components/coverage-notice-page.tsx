import { Link, useNavigate } from "@tanstack/react-router";
import type { LeadFlow } from "@portal/lead-flow";
import {
  Button,
  Container,
  EmptyState,
  ErrorState,
  PageHeader,
  SkeletonText,
  buttonClassName,
} from "@portal/ui";
import { useEffect } from "react";
import { useIntl } from "react-intl";
import { languageSearchValue, useLanguage } from "../../../shared/language";
import { LeadJourney, useJourney } from "../../../shared/lead-journey";
import {
  openCoverageNotice,
  openingNotice,
  retryCoverageNotice,
} from "../api/open-coverage-notice";
import { coverageNoticeMessages as messages } from "../messages";

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
  const intl = useIntl();
  const navigate = useNavigate();
  const { lang } = useLanguage();
  const { state, flow } = useJourney();
  const search = { language: languageSearchValue(lang) };
  const pending = openingNotice(token);
  useEffect(() => {
    // Where the journey goes on once the address is selected (the opening itself is the route's).
    let live = true;
    pending?.then(
      () => {
        if (live) void navigate({ to: "/signup", search: search as never, replace: true });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pending]);
  const error = state.errors.openCoverageNotice ?? state.errors.selectAddress;
  if (error) {
    if (error.statusCode === 404 || error.code === "invalid-input") {
      return (
        <EmptyState
          title={<span data-testid="notice-gone">{intl.formatMessage(messages.goneTitle)}</span>}
          action={
            <Link to="/coverage" search={search as never} className={buttonClassName("primary")}>
              {intl.formatMessage(messages.start)}
            </Link>
          }
        >
          <p>{intl.formatMessage(messages.goneBody)}</p>
        </EmptyState>
      );
    }
    return (
      <ErrorState
        title={intl.formatMessage(messages.failed)}
        action={
          <Button onClick={() => void retryCoverageNotice(flow, token)}>
            {intl.formatMessage(messages.tryAgain)}
          </Button>
        }
      />
    );
  }
  return (
    <div aria-busy="true" role="status" aria-label={intl.formatMessage(messages.opening)}>
      <p>{intl.formatMessage(messages.opening)}</p>
      <SkeletonText lines={4} />
    </div>
  );
}
