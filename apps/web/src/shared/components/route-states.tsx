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
import { isNotFoundError } from "../api";
import { shellMessages } from "../messages";

/** Loading state of a listing route (also what the server streams while its content is late). */
export function ListPending() {
  return (
    <Container>
      <CardGridSkeleton />
    </Container>
  );
}

/** Loading state of a detail route. */
export function DetailPending() {
  return (
    <Container>
      <DetailSkeleton />
    </Container>
  );
}

/**
 * Error state of any route: the reason in the visitor's language, "Try again" (re-runs the
 * loaders and refetches what failed) and a way home. A service 404 that arrived after the page
 * started streaming is the not-found page.
 */
export function RouteError({ error }: ErrorComponentProps) {
  const intl = useIntl();
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  useEffect(() => {
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);
  useEffect(() => {
    if (import.meta.env.DEV) console.warn(error);
  }, [error]);
  if (isNotFoundError(error)) return <NotFoundPage />;
  const title = intl.formatMessage(shellMessages.errorTitle);
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

/** The 404 page (the server answers it with status 404). */
export function NotFoundPage() {
  const intl = useIntl();
  const title = intl.formatMessage(shellMessages.notFoundTitle);
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
