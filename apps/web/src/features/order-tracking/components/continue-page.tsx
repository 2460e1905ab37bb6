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
import type { Product } from "@portal/validation";
import { useEffect } from "react";
import { useIntl } from "react-intl";
import { languageSearchValue, useLanguage } from "../../../shared/language";
import { LeadJourney, useJourney } from "../../../shared/lead-journey";
import { continueJourney, continuing, retryJourney } from "../api/continue-journey";
import { continueMessages as messages } from "../messages";

/**
 * `/signup/continue/$code`: a sign-up handed over from another device ("Continue on your phone").
 * The journey redeems the code as it is created; once restored, the visitor goes on at the same
 * step on /signup. A used, expired or unknown code: the link no longer works.
 */
export function ContinuePage({ code, product }: { code: string; product: Product }) {
  const intl = useIntl();
  return (
    <Container>
      <PageHeader title={intl.formatMessage(messages.pageTitle)} />
      <LeadJourney product={product} created={(flow: LeadFlow) => void continueJourney(flow, code)}>
        <Continuing code={code} product={product} />
      </LeadJourney>
    </Container>
  );
}

function Continuing({ code, product }: { code: string; product: Product }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { lang } = useLanguage();
  const { state, flow } = useJourney();
  const search = { ...(product === "tv" ? { product } : {}), language: languageSearchValue(lang) };
  const pending = continuing(code);
  useEffect(() => {
    // Where the journey goes on once it is here (the redemption itself is the route's).
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
  const error = state.errors.continueJourney;
  if (error) {
    const gone =
      error.statusCode === 404 ||
      error.code === "invalid-input" ||
      error.reason === "handoff.unusable";
    if (gone) {
      return (
        <EmptyState
          title={<span data-testid="continue-gone">{intl.formatMessage(messages.goneTitle)}</span>}
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
          <Button onClick={() => void retryJourney(flow, code)}>
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
