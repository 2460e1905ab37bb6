import { useQueryErrorResetBoundary } from "@tanstack/react-query";
import { Link, useRouter, type ErrorComponentProps } from "@tanstack/react-router";
import {
  CardGridSkeleton,
  Container,
  DetailSkeleton,
  EmptyState,
  ErrorState,
  buttonClassName,
} from "@portal/ui";
import { useEffect } from "react";
import { useIntl } from "react-intl";
import { usePageMeta } from "../page-meta";
import { shellMessages } from "../messages";

/** Loading state of a listing route. */
export function ListPending() {
  const intl = useIntl();
  usePageMeta(intl.formatMessage(shellMessages.loadingTitle));
  return (
    <Container>
      <CardGridSkeleton />
    </Container>
  );
}

/** Loading state of a detail route. */
export function DetailPending() {
  const intl = useIntl();
  usePageMeta(intl.formatMessage(shellMessages.loadingTitle));
  return (
    <Container>
      <DetailSkeleton />
    </Container>
  );
}

/** Error state of any route: the reason in the visitor's language and a retry that re-runs the loaders. */
export function RouteError({ error }: ErrorComponentProps) {
  const intl = useIntl();
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  useEffect(() => {
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);
  useEffect(() => {
    if (import.meta.env.DEV) console.error(error);
  }, [error]);
  const title = intl.formatMessage(shellMessages.errorTitle);
  usePageMeta(title, intl.formatMessage(shellMessages.errorBody));
  return (
    <Container>
      <ErrorState
        title={title}
        onRetry={() => void router.invalidate()}
        action={
          <Link to="/" className={buttonClassName("secondary")}>
            {intl.formatMessage(shellMessages.backHome)}
          </Link>
        }
      >
        <p>{intl.formatMessage(shellMessages.errorBody)}</p>
      </ErrorState>
    </Container>
  );
}

/** The 404 page. */
export function NotFoundPage() {
  const intl = useIntl();
  const title = intl.formatMessage(shellMessages.notFoundTitle);
  usePageMeta(title, intl.formatMessage(shellMessages.notFoundBody));
  return (
    <Container>
      <EmptyState
        title={<span data-testid="not-found">{title}</span>}
        action={
          <Link to="/" className={buttonClassName("primary")}>
            {intl.formatMessage(shellMessages.backHome)}
          </Link>
        }
      >
        <p>{intl.formatMessage(shellMessages.notFoundBody)}</p>
      </EmptyState>
    </Container>
  );
}
